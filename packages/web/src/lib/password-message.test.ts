import { describe, expect, it } from 'vitest';
import { checkPassword } from '@footfall/domain';
import { i18n } from '../i18n/i18n';
import { passwordRuleMessage } from './password-message';

const message = (lang: 'en' | 'fr' | 'es', password: string) =>
  passwordRuleMessage(i18n.getFixedT(lang), lang, checkPassword(password));

describe('password rule message', () => {
  it('is null for a valid password', () => {
    expect(message('en', 'Correct-horse-9')).toBeNull();
  });

  it('lists the missing length and classes in English', () => {
    expect(message('en', 'abc')).toBe(
      'The password needs at least 12 characters and 2 more of an uppercase letter, a digit, or a special character.',
    );
    expect(message('en', 'abcdefghijklmn')).toBe(
      'The password needs 2 more of an uppercase letter, a digit, or a special character.',
    );
    expect(message('en', 'Abcdefg1')).toBe('The password needs at least 12 characters.');
  });

  it('is translated in French and Spanish with the language list conventions', () => {
    expect(message('fr', 'abc')).toBe(
      'Le mot de passe doit contenir au moins 12 caractères et 2 de plus parmi une majuscule, un chiffre ou un caractère spécial.',
    );
    expect(message('es', 'Abcdefg1')).toBe('La contraseña necesita al menos 12 caracteres.');
    expect(message('es', 'abcdefghijklmn')).toBe(
      'La contraseña necesita 2 más entre una mayúscula, un número o un carácter especial.',
    );
  });
});
