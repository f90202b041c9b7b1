import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ROLES, type Role } from '../roles.js';
import { canGrantRoles, grantableRoles, outranksOrEquals, privilegeLevel } from './privilege.js';

const roles = fc.uniqueArray(fc.constantFrom<Role>(...ROLES), { maxLength: ROLES.length });

describe('privilegeLevel', () => {
  it('ranks superAdmin 3, admin 2, anyone else 1', () => {
    expect(privilegeLevel(['superAdmin', 'User'])).toBe(3);
    expect(privilegeLevel(['admin', 'Impersonator'])).toBe(2);
    expect(privilegeLevel(['Impersonator', 'deviceManagerAdmin'])).toBe(1);
    expect(privilegeLevel([])).toBe(1);
  });
  it('outranksOrEquals is a total preorder on role sets', () => {
    fc.assert(
      fc.property(roles, roles, roles, (a, b, c) => {
        expect(outranksOrEquals({ roles: a }, a)).toBe(true);
        expect(outranksOrEquals({ roles: a }, b) || outranksOrEquals({ roles: b }, a)).toBe(true);
        if (outranksOrEquals({ roles: a }, b) && outranksOrEquals({ roles: b }, c)) {
          expect(outranksOrEquals({ roles: a }, c)).toBe(true);
        }
      }),
    );
  });
});

describe('roles a principal may grant', () => {
  it('a superAdmin any, an admin all but superAdmin, anyone else none', () => {
    expect(grantableRoles({ roles: ['superAdmin'] })).toEqual([...ROLES]);
    expect(grantableRoles({ roles: ['admin'] })).toEqual(ROLES.filter((r) => r !== 'superAdmin'));
    for (const r of ROLES.filter((x) => x !== 'superAdmin' && x !== 'admin')) {
      expect(grantableRoles({ roles: [r] })).toEqual([]);
    }
  });
  it('canGrantRoles agrees with the rule as the users service wrote it by hand', () => {
    fc.assert(
      fc.property(roles, roles, (actor, wanted) => {
        const byHand =
          actor.includes('superAdmin') || (actor.includes('admin') && !wanted.includes('superAdmin'));
        expect(canGrantRoles({ roles: actor }, wanted)).toBe(byHand);
      }),
    );
  });
  it('never lets anyone create a user above themselves', () => {
    fc.assert(
      fc.property(roles, roles, (actor, wanted) => {
        if (canGrantRoles({ roles: actor }, wanted))
          expect(outranksOrEquals({ roles: actor }, wanted)).toBe(true);
      }),
    );
  });
});
