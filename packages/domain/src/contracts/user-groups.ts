import { z } from 'zod';

/** The special group every user belongs to when they have no other; listed first, never deleted. */
export const EVERYONE_GROUP = '_EVERYONE_';

export const UserGroupDto = z.object({
  id: z.uuid(),
  name: z.string(),
  userRetentionPolicyDays: z.number().int(),
  defaultDashboardTemplate: z.string().nullable(),
  defaultMobileDashboardTemplate: z.string().nullable(),
  supportChatEnabled: z.boolean(),
  isEveryone: z.boolean(),
  /** users whose group this is (for _EVERYONE_: users without a group under its client group) */
  userCount: z.number().int(),
  /** the tree node owning the group: only callers whose scope holds it see it (null: the deployment) */
  ownerScopeNodeId: z.uuid().nullable(),
});
export type UserGroupDto = z.infer<typeof UserGroupDto>;
export const UserGroupList = z.array(UserGroupDto);

export const CreateUserGroupBody = z.object({
  name: z.string().trim().min(1).max(100),
  userRetentionPolicyDays: z.number().int().min(0).max(36500).default(0),
  defaultDashboardTemplate: z.string().trim().max(200).nullable().default(null),
  defaultMobileDashboardTemplate: z.string().trim().max(200).nullable().default(null),
  supportChatEnabled: z.boolean().default(true),
  /** the owner scope, inside the caller's; the caller's own scope when left out */
  ownerScopeNodeId: z.uuid().nullable().optional(),
});
export type CreateUserGroupBody = z.infer<typeof CreateUserGroupBody>;

/** PUT /api/UserGroup/{id}: only the fields sent change; `_EVERYONE_` keeps its name. */
export const UpdateUserGroupBody = z
  .object({
    name: CreateUserGroupBody.shape.name,
    userRetentionPolicyDays: z.number().int().min(0).max(36500),
    defaultDashboardTemplate: z.string().trim().max(200).nullable(),
    defaultMobileDashboardTemplate: z.string().trim().max(200).nullable(),
    supportChatEnabled: z.boolean(),
  })
  .partial();
export type UpdateUserGroupBody = z.infer<typeof UpdateUserGroupBody>;

/** DELETE /api/UserGroup/{id}: its users fall back to _EVERYONE_. */
export const DeleteUserGroupResult = z.object({ deleted: z.literal(true), usersMoved: z.number().int() });
