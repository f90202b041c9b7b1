import type { TFunction } from 'i18next';
import {
  PASSWORD_MIN_LENGTH,
  passwordPartKey,
  type PasswordCheck,
  type PasswordClass,
} from '@footfall/domain';

/**
 * The sentence that says what a password lacks (spec section 5 "Password rule"), built from the
 * translated parts of the rule and joined the way the language lists things.
 */
export function passwordRuleMessage(
  t: TFunction,
  lang: string,
  check: Pick<PasswordCheck, 'missing' | 'classesShort'>,
): string | null {
  if (check.missing.length === 0) return null;
  const parts: string[] = [];
  if (check.missing.includes('length')) {
    parts.push(t(passwordPartKey('length'), { min: PASSWORD_MIN_LENGTH }));
  }
  const classes = check.missing.filter((p): p is PasswordClass => p !== 'length');
  if (check.classesShort > 0 && classes.length > 0) {
    const or = new Intl.ListFormat(lang, { type: 'disjunction' });
    parts.push(
      t('password_rule_classes', {
        n: check.classesShort,
        classes: or.format(classes.map((c) => t(passwordPartKey(c)))),
      }),
    );
  }
  const and = new Intl.ListFormat(lang, { type: 'conjunction' });
  return t('password_rule_missing', { parts: and.format(parts) });
}
