import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles.js';
import {
  ROLE_GROUPS,
  canImpersonate,
  canManageDevices,
  canOperateOccupancy,
  inRoleGroup,
  isAdminKind,
  isSuperAdmin,
} from './role-groups.js';

describe('role groups', () => {
  it('list the roles of spec section 6', () => {
    expect(ROLE_GROUPS).toEqual({
      adminKind: ['superAdmin', 'admin'],
      superAdmin: ['superAdmin'],
      impersonators: ['superAdmin', 'admin', 'Impersonator'],
      occupancyOperators: ['superAdmin', 'admin', 'OccupancyOperator'],
      deviceManagers: ['superAdmin', 'deviceManagerAdmin'],
      ticketClosers: ['superAdmin', 'admin', 'deviceManagerAdmin'],
    });
  });
  it('are what the role predicates answer, role by role', () => {
    for (const r of ROLES) {
      const p = { roles: [r] };
      expect(isAdminKind(p)).toBe(inRoleGroup(p, 'adminKind'));
      expect(isSuperAdmin(p)).toBe(r === 'superAdmin');
      expect(canImpersonate(p)).toBe(['superAdmin', 'admin', 'Impersonator'].includes(r));
      expect(canOperateOccupancy(p)).toBe(['superAdmin', 'admin', 'OccupancyOperator'].includes(r));
      expect(canManageDevices(p)).toBe(['superAdmin', 'deviceManagerAdmin'].includes(r));
    }
    expect(inRoleGroup({ roles: [] }, 'adminKind')).toBe(false);
  });
});
