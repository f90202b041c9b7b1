import { checkPassword, type PasswordPart, type PasswordRuleErrorBody } from '@footfall/domain';

/** The new password fails the rule of spec section 5; the answer lists what is missing. */
export class PasswordRuleError extends Error {
  constructor(
    readonly field: string,
    readonly missing: PasswordPart[],
    readonly classesShort: number,
  ) {
    super(`${field}: the password does not follow the rule (missing: ${missing.join(', ')})`);
  }
  get body(): PasswordRuleErrorBody {
    return {
      error: 'password_rule',
      message: this.message,
      field: this.field,
      statusCode: 400,
      missing: this.missing,
      classesShort: this.classesShort,
    };
  }
}

export function assertPasswordRule(password: string, field = 'newPassword'): void {
  const check = checkPassword(password);
  if (!check.valid) throw new PasswordRuleError(field, check.missing, check.classesShort);
}
