import { z } from 'zod';
import { safeText } from '../rules/safe-text.js';

/** Dashboard templates of a user group (spec sections 3 and 7). */
export const USER_CREATION_ACTIONS = ['none', 'copy', 'link'] as const;
export type UserCreationAction = (typeof USER_CREATION_ACTIONS)[number];

export const TemplateDto = z.object({
  id: z.uuid(),
  userGroupId: z.uuid(),
  name: z.string(),
  /** the dashboard json, as a string */
  dashboard: z.string(),
  userCreationAction: z.enum(USER_CREATION_ACTIONS),
  isDefault: z.boolean(),
  isDefaultMobile: z.boolean(),
});
export type TemplateDto = z.infer<typeof TemplateDto>;
export const TemplateList = z.array(TemplateDto);

export const TemplateParams = z.object({ userGroupId: z.uuid(), name: z.string().min(1).max(200) });

export const SaveTemplateBody = z.object({
  /** trimmed before saving (spec section 5) */
  name: safeText().trim().min(1).max(200),
  dashboard: z.string().max(2_000_000),
  userGroupId: z.uuid(),
});
export type SaveTemplateBody = z.infer<typeof SaveTemplateBody>;

export const CopyTemplateBody = z.object({
  templateName: safeText().trim().min(1).max(200),
  targetUserGroupId: z.uuid(),
  /** the group holding the template; may be left out when only one group has that name */
  sourceUserGroupId: z.uuid().optional(),
});
export type CopyTemplateBody = z.infer<typeof CopyTemplateBody>;

/** PUT /api/Template/{userGroupId}/{name}/rename: the new name, trimmed (spec section 5). */
export const RenameTemplateBody = z.object({ name: safeText().trim().min(1).max(200) });
export type RenameTemplateBody = z.infer<typeof RenameTemplateBody>;

export const UserCreationActionBody = z.object({ userCreationAction: z.enum(USER_CREATION_ACTIONS) });

export const GroupDefaultTemplatesBody = z
  .object({
    defaultDashboardTemplate: safeText().trim().min(1).max(200).nullable(),
    defaultMobileDashboardTemplate: safeText().trim().min(1).max(200).nullable(),
  })
  .partial();
export type GroupDefaultTemplatesBody = z.infer<typeof GroupDefaultTemplatesBody>;

export const PushTemplateResult = z.object({ updated: z.number().int() });
export const HasTemplatesDto = z.object({ hasTemplates: z.boolean() });
