import { ROLE_GROUPS } from '@footfall/domain';
import type { Access } from './access.js';

/**
 * Route access groups, written once: a route declares `config: { access: ACCESS.adminKind }`, and
 * the access-control matrix expects 403 for every role outside the same group. The role lists are
 * the domain's `ROLE_GROUPS`, which the web reads for its menus too.
 */
export const ACCESS = {
  adminKind: { roles: ROLE_GROUPS.adminKind },
  superAdmin: { roles: ROLE_GROUPS.superAdmin },
  impersonators: { roles: ROLE_GROUPS.impersonators },
  occupancyOperators: { roles: ROLE_GROUPS.occupancyOperators },
  deviceManagers: { roles: ROLE_GROUPS.deviceManagers },
  ticketClosers: { roles: ROLE_GROUPS.ticketClosers },
} as const satisfies Record<string, Access>;
