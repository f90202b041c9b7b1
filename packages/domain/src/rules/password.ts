import { PASSWORD_MIN_LENGTH } from '../constants.js';

/**
 * Password rule of spec section 5: at least 12 characters and at least 3 of the 4 classes upper,
 * lower, digit, special. The answer lists what is missing as keys the UI translates
 * (`password_rule_<part>`), never a sentence built here.
 */
export const PASSWORD_CLASSES = ['upper', 'lower', 'digit', 'special'] as const;
export type PasswordClass = (typeof PASSWORD_CLASSES)[number];
export type PasswordPart = 'length' | PasswordClass;
export const PASSWORD_CLASSES_REQUIRED = 3;

export interface PasswordCheck {
  valid: boolean;
  /** 'length' when too short; the absent classes when fewer than 3 classes are present */
  missing: PasswordPart[];
  /** how many more classes are needed (0 when enough); the UI says "N of: ..." */
  classesShort: number;
}

export function passwordClasses(password: string): Set<PasswordClass> {
  const present = new Set<PasswordClass>();
  for (const ch of password) {
    if (/\p{Lu}/u.test(ch)) present.add('upper');
    else if (/\p{Ll}/u.test(ch)) present.add('lower');
    else if (/\p{Nd}/u.test(ch)) present.add('digit');
    // any other character (punctuation, symbols, spaces, letters without case) counts as special
    else present.add('special');
  }
  return present;
}

export function checkPassword(password: string): PasswordCheck {
  const missing: PasswordPart[] = [];
  // length in characters (code points), so an emoji counts once
  if ([...password].length < PASSWORD_MIN_LENGTH) missing.push('length');
  const present = passwordClasses(password);
  const classesShort = Math.max(0, PASSWORD_CLASSES_REQUIRED - present.size);
  if (classesShort > 0) missing.push(...PASSWORD_CLASSES.filter((c) => !present.has(c)));
  return { valid: missing.length === 0, missing, classesShort };
}

export const passwordPartKey = (part: PasswordPart) => `password_rule_${part}`;
