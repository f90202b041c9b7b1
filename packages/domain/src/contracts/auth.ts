import { z } from 'zod';
import { safeText } from '../rules/safe-text.js';

export const LoginBody = z.object({
  username: safeText().trim().min(1).max(200),
  password: z.string().min(1).max(1000),
});
export const TokenResponse = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresAt: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;
export const RefreshBody = z.object({ refreshToken: z.string().min(10).max(500) });
export const ImpersonateBody = z.object({ targetUsername: safeText().trim().min(1).max(200) });
export const ForgotPasswordBody = z.object({ username: safeText().trim().min(1).max(200) });
export const RecoverPasswordBody = z.object({
  token: z.string().min(10).max(500),
  newPassword: z.string().min(1).max(1000),
});
export const ChangePasswordBody = z.object({
  oldPassword: z.string().min(1).max(1000),
  newPassword: z.string().min(1).max(1000),
});

/** Forgot password answers the same whether or not the account exists. */
export const ForgotPasswordResponse = z.object({ status: z.literal('accepted') });
export const RecoverPasswordResponse = z.object({ status: z.literal('password_changed') });

/** 400 answer of recover-password and password-change when the new password fails the rule. */
export const PasswordRuleErrorBody = z.object({
  error: z.literal('password_rule'),
  message: z.string(),
  field: z.string(),
  statusCode: z.literal(400),
  /** keys: length | upper | lower | digit | special (UI key password_rule_<part>) */
  missing: z.array(z.enum(['length', 'upper', 'lower', 'digit', 'special'])),
  /** how many more character classes are needed */
  classesShort: z.number().int(),
});
export type PasswordRuleErrorBody = z.infer<typeof PasswordRuleErrorBody>;
