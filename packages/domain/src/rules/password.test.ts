import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkPassword, passwordClasses, PASSWORD_CLASSES, type PasswordClass } from './password.js';

const pools: Record<PasswordClass, string[]> = {
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZÉÀÑ'.split(''),
  lower: 'abcdefghijklmnopqrstuvwxyzéàñ'.split(''),
  digit: '0123456789'.split(''),
  special: '!@#$%^&*()-_=+[]{};:,.<>/? ~'.split(''),
};
/** a password drawn only from the given classes, each of them at least once */
const passwordFrom = (classes: PasswordClass[], minLength: number, maxLength: number) =>
  fc
    .tuple(
      fc.array(fc.constantFrom(...classes.flatMap((c) => pools[c])), { minLength, maxLength }),
      fc.array(fc.nat(), { minLength: classes.length, maxLength: classes.length }),
    )
    .map(([chars, positions]) => {
      const out = [...chars];
      classes.forEach((c, i) => {
        const pool = pools[c];
        out[(positions[i] ?? 0) % Math.max(out.length, 1)] = pool[i % pool.length]!;
      });
      return out.join('');
    })
    .filter((p) => classes.every((c) => passwordClasses(p).has(c)));
const classSet = fc.subarray([...PASSWORD_CLASSES], { minLength: 1 });

describe('password rule', () => {
  it('accepts 12+ characters with at least 3 classes', () => {
    fc.assert(
      fc.property(
        classSet.filter((s) => s.length >= 3).chain((cs) => passwordFrom(cs, 12, 40)),
        (p) => {
          expect(checkPassword(p)).toEqual({ valid: true, missing: [], classesShort: 0 });
        },
      ),
    );
  });

  it('reports length whenever there are fewer than 12 characters', () => {
    fc.assert(
      fc.property(
        classSet.chain((cs) => passwordFrom(cs, cs.length, 11)),
        (p) => {
          const r = checkPassword(p);
          expect(r.valid).toBe(false);
          expect(r.missing[0]).toBe('length');
        },
      ),
    );
  });

  it('lists exactly the absent classes when fewer than 3 are present', () => {
    fc.assert(
      fc.property(
        classSet
          .filter((s) => s.length < 3)
          .chain((cs) => passwordFrom(cs, 12, 30).map((p) => [cs, p] as const)),
        ([cs, p]) => {
          const r = checkPassword(p);
          expect(r.valid).toBe(false);
          expect(r.missing).toEqual(PASSWORD_CLASSES.filter((c) => !cs.includes(c)));
          expect(r.classesShort).toBe(3 - cs.length);
        },
      ),
    );
  });

  it('never throws and is valid exactly when nothing is missing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (p) => {
        const r = checkPassword(p);
        expect(r.valid).toBe(r.missing.length === 0);
      }),
    );
  });

  it('examples', () => {
    expect(checkPassword('Demo-password-1').valid).toBe(true);
    expect(checkPassword('short1A!').missing).toEqual(['length']);
    expect(checkPassword('alllowercaseletters')).toEqual({
      valid: false,
      missing: ['upper', 'digit', 'special'],
      classesShort: 2,
    });
    expect(checkPassword('').missing).toEqual(['length', 'upper', 'lower', 'digit', 'special']);
    // an emoji is one character, not two
    expect(checkPassword('Abcdefghij1😀').valid).toBe(true);
    expect(checkPassword('Abcdefghi1😀').missing).toEqual(['length']);
  });
});
