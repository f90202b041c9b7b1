import { z } from 'zod';
import { safeText } from '../rules/safe-text.js';
import { LANGUAGES } from '../constants.js';
import { isValidTimeZone } from '../time/zone.js';

/** Dashboard API contracts (spec sections 3 and 7). `json` travels as a string, as the spec says. */
export const DASHBOARD_KINDS = ['dashboard', 'report'] as const;

export const ViewItemDto = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(DASHBOARD_KINDS),
  defaultDashboard: z.boolean(),
  defaultMobileDashboard: z.boolean(),
  isReadOnly: z.boolean(),
  linkedTemplateName: z.string().nullable(),
  /** the dashboard's fullTreeViewSelection is empty (hidden when read-only and not default) */
  emptySelection: z.boolean(),
  /**
   * Spec View "customTitle": the title a saved report was saved under (its name); null for a
   * dashboard. Always sent by the server (optional in the type for older callers).
   */
  customTitle: z.string().nullable().optional(),
  /** Spec View "defaultTitle": a saved report's own title, in the user's language; null for a dashboard. */
  defaultTitle: z.string().nullable().optional(),
});
export type ViewItemDto = z.infer<typeof ViewItemDto>;
export const ViewList = z.array(ViewItemDto);

export const DashboardDto = ViewItemDto.extend({ json: z.string() });
export type DashboardDto = z.infer<typeof DashboardDto>;

export const DashboardIdParams = z.object({ id: z.uuid() });

export const CreateDashboardBody = z.object({
  /** take the json of the default template of the user's group (an empty dashboard when there is none) */
  useDefaultTemplate: z.boolean().default(false),
  name: safeText().trim().min(1).max(200),
  json: z.string().max(2_000_000).optional(),
  kind: z.enum(DASHBOARD_KINDS).default('dashboard'),
});
export type CreateDashboardBody = z.infer<typeof CreateDashboardBody>;

export const UpdateDashboardBody = z.object({
  id: z.uuid(),
  name: safeText().trim().min(1).max(200),
  linkedTemplateName: z.string().trim().max(200).nullable().default(null),
  json: z.string().max(2_000_000),
});
export type UpdateDashboardBody = z.infer<typeof UpdateDashboardBody>;

export const UserDefaultDashboardParams = z.object({ id: z.uuid(), dashboardId: z.uuid() });
export const UserDefaultDashboardDto = z.object({
  userId: z.uuid(),
  /** the user's current default (or default mobile) dashboard, null when none */
  dashboardId: z.uuid().nullable(),
  /** whether the dashboard of the path is that default */
  isDefault: z.boolean(),
});
export type UserDefaultDashboardDto = z.infer<typeof UserDefaultDashboardDto>;

/** at most this many recipients per snapshot */
export const SNAPSHOT_MAX_RECIPIENTS = 20;
export const SnapshotEmail = z.email().max(320);
export const SnapshotBody = z.object({
  recipients: z
    .array(z.object({ email: SnapshotEmail }))
    .min(1)
    .max(SNAPSHOT_MAX_RECIPIENTS),
  /** the sender's time zone (IANA): the period presets resolve on its clock, as on the sender's screen */
  timeZone: z.string().max(100).refine(isValidTimeZone, 'not an IANA time zone').default('UTC'),
  /** the language of the mail and its PDF */
  language: z.enum(LANGUAGES).default('en'),
});
export type SnapshotBody = z.infer<typeof SnapshotBody>;
export type SnapshotInput = z.input<typeof SnapshotBody>;
export const SnapshotResult = z.object({ sent: z.number().int(), attachment: z.string() });
export type SnapshotResult = z.infer<typeof SnapshotResult>;
