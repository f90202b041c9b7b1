import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidEmail, validateProfile, type ProfileInput } from './profile.js';

const valid: ProfileInput = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  language: 'fr',
};
const label = fc.stringMatching(/^[a-z0-9]{1,10}$/);
const goodEmail = fc
  .tuple(label, label, fc.constantFrom('com', 'ca', 'co.uk'))
  .map(([l, d, t]) => `${l}@${d}.${t}`);
const whitespace = fc.array(fc.constantFrom(' ', '\t', '\n'), { maxLength: 5 }).map((a) => a.join(''));
const fields = (input: ProfileInput) => validateProfile(input).map((e) => `${e.field}:${e.key}`);

describe('profile validation', () => {
  it('accepts a complete profile without a password change', () => {
    fc.assert(
      fc.property(goodEmail, fc.constantFrom('en', 'fr', 'es', 'fr-CA'), (email, language) => {
        expect(validateProfile({ ...valid, email, language })).toEqual([]);
      }),
    );
  });

  it('requires first and last names that are not only whitespace', () => {
    fc.assert(
      fc.property(whitespace, (blank) => {
        expect(fields({ ...valid, firstName: blank, lastName: blank })).toEqual([
          'firstName:required',
          'lastName:required',
        ]);
      }),
    );
  });

  it('rejects an e-mail without exactly one @', () => {
    fc.assert(
      fc.property(label, label, fc.integer({ min: 2, max: 4 }), (l, d, ats) => {
        expect(isValidEmail(`${l}${'@'.repeat(ats)}${d}.com`)).toBe(false);
        expect(isValidEmail(`${l}${d}.com`)).toBe(false);
        expect(fields({ ...valid, email: `${l}@${d}@x.com` })).toEqual(['email:email_invalid_message']);
      }),
    );
    expect(fields({ ...valid, email: '' })).toEqual(['email:required']);
    expect(fields({ ...valid, email: 'a b@example.com' })).toEqual(['email:email_invalid_message']);
  });

  it('requires a supported language', () => {
    expect(fields({ ...valid, language: '' })).toEqual(['language:required']);
    expect(fields({ ...valid, language: 'de' })).toEqual(['language:language_invalid']);
  });

  it('applies the password-change rules', () => {
    const good = 'Another-pass-2';
    expect(
      validateProfile({ ...valid, oldPassword: 'x', newPassword: good, newPasswordConfirmation: good }),
    ).toEqual([]);
    // old password required only when the confirmation is filled
    expect(fields({ ...valid, newPasswordConfirmation: good, newPassword: good })).toEqual([
      'oldPassword:required',
    ]);
    // new password required when the old one is filled
    expect(fields({ ...valid, oldPassword: 'x' })).toEqual(['newPassword:required']);
    // confirmation must equal
    expect(
      fields({ ...valid, oldPassword: 'x', newPassword: good, newPasswordConfirmation: good + '!' }),
    ).toEqual(['newPasswordConfirmation:new_password_confirmation_not_match']);
    const weak = validateProfile({
      ...valid,
      oldPassword: 'x',
      newPassword: 'weak',
      newPasswordConfirmation: 'weak',
    });
    expect(weak).toEqual([
      { field: 'newPassword', key: 'password_rule', missing: ['length', 'upper', 'digit', 'special'] },
    ]);
  });

  it('a mismatched confirmation is always reported', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (a, b) => {
        fc.pre(a !== b);
        const errs = validateProfile({
          ...valid,
          oldPassword: 'old',
          newPassword: a,
          newPasswordConfirmation: b,
        });
        expect(errs.some((e) => e.key === 'new_password_confirmation_not_match')).toBe(true);
      }),
    );
  });
});
