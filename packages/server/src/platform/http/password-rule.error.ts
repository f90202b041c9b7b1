import { checkPassword, type PasswordPart } from '@footfall/domain';
import { AppError } from './errors.js';

/**
 * The new password fails the rule of spec section 5: 400 `password_rule` naming the field, with
 * the missing parts (`missing`, keys password_rule_<part> in the UI) and `classesShort` as details.
 */
export class PasswordRuleError extends AppError {
  constructor(
    field: string,
    readonly missing: PasswordPart[],
    readonly classesShort: number,
  ) {
    super(
      400,
      'password_rule',
      `${field}: the password does not follow the rule (missing: ${missing.join(', ')})`,
      field,
      { missing, classesShort },
    );
  }
}

export function assertPasswordRule(password: string, field = 'newPassword'): void {
  const check = checkPassword(password);
  if (!check.valid) throw new PasswordRuleError(field, check.missing, check.classesShort);
}
