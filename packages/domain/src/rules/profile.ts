import { LANGUAGES } from '../constants.js';
import { checkPassword, type PasswordPart } from './password.js';

/** Profile dialog fields (spec section 5 "Profile"). */
export interface ProfileInput {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  email?: string | null | undefined;
  language?: string | null | undefined;
  oldPassword?: string | null | undefined;
  newPassword?: string | null | undefined;
  newPasswordConfirmation?: string | null | undefined;
}
export type ProfileField = keyof ProfileInput;

/** Message keys of the spec, translated by the UI. */
export type ProfileErrorKey =
  | 'required'
  | 'email_invalid_message'
  | 'language_invalid'
  | 'password_rule'
  | 'new_password_confirmation_not_match';

/**
 * Codes (`error` of a 400 body naming the field) the profile endpoint answers: the keys above, and
 * a wrong current password. The UI translates the code under the same i18n key.
 */
export const PROFILE_ERROR_CODES = [
  'required',
  'email_invalid_message',
  'language_invalid',
  'password_rule',
  'new_password_confirmation_not_match',
  'old_password_invalid',
] as const satisfies readonly (ProfileErrorKey | 'old_password_invalid')[];
export type ProfileErrorCode = (typeof PROFILE_ERROR_CODES)[number];
export const isProfileErrorCode = (code: unknown): code is ProfileErrorCode =>
  (PROFILE_ERROR_CODES as readonly unknown[]).includes(code);

export interface ProfileFieldError {
  field: ProfileField;
  key: ProfileErrorKey;
  /** with 'password_rule': what the new password lacks */
  missing?: PasswordPart[];
}

const filled = (v: string | null | undefined): v is string => typeof v === 'string' && v.length > 0;
const blank = (v: string | null | undefined) => !v || v.trim().length === 0;

/**
 * Well-formed e-mail: exactly one @, a non-empty local part, a dotted domain whose labels are
 * non-empty, no whitespace, at most 254 characters.
 */
export function isValidEmail(email: string): boolean {
  if (email.length > 254 || /\s/.test(email)) return false;
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (local.length === 0 || local.length > 64) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((l) => l.length > 0 && !l.startsWith('-') && !l.endsWith('-'));
}

export const isSupportedLanguage = (code: string) =>
  (LANGUAGES as readonly string[]).includes(code.trim().slice(0, 2).toLowerCase());

/** Every error of the profile form, in the order of the dialog's fields. Empty when valid. */
export function validateProfile(input: ProfileInput): ProfileFieldError[] {
  const errors: ProfileFieldError[] = [];
  if (blank(input.firstName)) errors.push({ field: 'firstName', key: 'required' });
  if (blank(input.lastName)) errors.push({ field: 'lastName', key: 'required' });
  const email = (input.email ?? '').trim();
  if (email.length === 0) errors.push({ field: 'email', key: 'required' });
  else if (!isValidEmail(email)) errors.push({ field: 'email', key: 'email_invalid_message' });
  if (blank(input.language)) errors.push({ field: 'language', key: 'required' });
  else if (!isSupportedLanguage(input.language!)) errors.push({ field: 'language', key: 'language_invalid' });

  const { oldPassword, newPassword, newPasswordConfirmation } = input;
  if (filled(newPasswordConfirmation) && !filled(oldPassword)) {
    errors.push({ field: 'oldPassword', key: 'required' });
  }
  if (filled(oldPassword) && !filled(newPassword)) {
    errors.push({ field: 'newPassword', key: 'required' });
  } else if (filled(newPassword)) {
    const check = checkPassword(newPassword);
    if (!check.valid) errors.push({ field: 'newPassword', key: 'password_rule', missing: check.missing });
  }
  if ((newPassword ?? '') !== (newPasswordConfirmation ?? '')) {
    errors.push({ field: 'newPasswordConfirmation', key: 'new_password_confirmation_not_match' });
  }
  return errors;
}

/** True when the form asks for a password change. */
export const wantsPasswordChange = (input: ProfileInput) =>
  filled(input.oldPassword) || filled(input.newPassword) || filled(input.newPasswordConfirmation);
