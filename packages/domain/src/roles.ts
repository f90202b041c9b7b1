/** Roles of spec section 6. The string values are what the API and tokens carry. */
export const ROLES = [
  'superAdmin',
  'admin',
  'Impersonator',
  'OccupancyOperator',
  'User',
  'dashboardOnly',
  'deviceManagerAdmin',
] as const;
export type Role = (typeof ROLES)[number];

export interface Principal {
  userId: string;
  username: string;
  roles: readonly Role[];
  /** root of the subtree this user may see; null means the whole tree (superAdmin only) */
  scopeNodeId: string | null;
  /** set while impersonating: who is really acting */
  actor?: { userId: string; username: string } | undefined;
}

export const hasRole = (p: Pick<Principal, 'roles'>, ...roles: Role[]) =>
  roles.some((r) => p.roles.includes(r));
