import { z } from 'zod';

const flag = (def: boolean) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : v === true || v === 'true' || v === '1'));

/**
 * GET /api/EventLog query. `page` counts from 1. `commands` is a comma-separated list of exact
 * command names. `search` matches requester, on-behalf-of, command, target and details (case-insensitive).
 */
export const EventLogQuery = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  commands: z
    .string()
    .max(2000)
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c.length > 0),
    ),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  search: z.string().max(200).optional(),
  sortBy: z.enum(['occurred_on', 'requester', '']).default(''),
  sortDesc: flag(true),
});
export type EventLogQuery = z.infer<typeof EventLogQuery>;

/** GET /api/EventLog/csv: the same filters and order as the list, every matching entry (no paging). */
export const EventLogExportQuery = EventLogQuery.omit({ page: true, pageSize: true });
export type EventLogExportQuery = z.infer<typeof EventLogExportQuery>;

/**
 * The commands the server writes to the event log (the web's command filter offers these, each with
 * a label in en, fr and es). `event-log.commands.test.ts` in the server checks the list against the
 * sources, so a new command cannot be forgotten here.
 */
export const EVENT_LOG_COMMANDS = [
  'Alert.Create',
  'Alert.Delete',
  'Alert.TestNotification',
  'Alert.Update',
  'ImportTask.Create',
  'ImportTask.Delete',
  'ImportTask.Run',
  'ImportTask.SetDisabledOn',
  'ImportTask.Update',
  'Authentication.ForgotPassword',
  'Authentication.Impersonate',
  'Authentication.Login',
  'Authentication.PasswordChange',
  'Authentication.RecoverPassword',
  'Authentication.RefreshTokenReuse',
  'Authentication.SsoLogin',
  'Authentication.StopImpersonate',
  'Dashboard.ClearDefault',
  'Dashboard.ClearDefaultMobile',
  'CustomerSignIn.Create',
  'CustomerSignIn.Delete',
  'CustomerSignIn.Update',
  'Dashboard.Create',
  'Dashboard.Delete',
  'Dashboard.SendReport',
  'Dashboard.SendSnapshot',
  'Dashboard.SetDefault',
  'Dashboard.SetDefaultMobile',
  'Dashboard.Update',
  'Demo.Seed',
  'FloorPlan.Place',
  'FloorPlan.Upload',
  'IngestKey.Create',
  'IngestKey.Revoke',
  'IngestKey.Update',
  'LiveView.Adjust',
  'LiveView.Create',
  'LiveView.Delete',
  'LiveView.ShareCreate',
  'LiveView.ShareRevoke',
  'LiveView.Update',
  'Monitoring.Detect',
  'Monitoring.IncidentApprove',
  'Monitoring.IncidentDiscard',
  'Monitoring.RecipientsUpdate',
  'Monitoring.RulesUpdate',
  'Monitoring.TicketClose',
  'Monitoring.TicketComment',
  'Objective.Delete',
  'Objective.Set',
  'Occupancy.Adjust',
  'Occupancy.CreateConfig',
  'Occupancy.Reset',
  'Occupancy.UpdateConfig',
  'OccupancyReset.creation',
  'OccupancyReset.delete',
  'OccupancyReset.deleteLocation',
  'OccupancyReset.modification',
  'OrganizationalTree.Create',
  'OrganizationalTree.Delete',
  'OrganizationalTree.Move',
  'OrganizationalTree.ToOrphans',
  'OrganizationalTree.Update',
  'ReportSchedule.Create',
  'ReportSchedule.Delete',
  'ReportSchedule.Disable',
  'ReportSchedule.Enable',
  'ReportSchedule.Execute',
  'ReportSchedule.Update',
  'Setting.WarningMessage',
  'SiteEvent.Create',
  'SiteEvent.Delete',
  'SiteEvent.SessionCreate',
  'SiteEvent.SessionDelete',
  'SiteEvent.SessionImport',
  'SiteEvent.SessionUpdate',
  'SiteEvent.Update',
  'Template.Copy',
  'Template.Delete',
  'Template.Push',
  'Template.Rename',
  'Template.Save',
  'Template.UserCreationAction',
  'TimeSeries.Create',
  'TimeSeries.UpdateInfo',
  'TrackZone.Set',
  'User.Create',
  'User.Delete',
  'User.Disable',
  'User.PasswordResetMail',
  'User.Profile',
  'User.Update',
  'UserGroup.Create',
  'UserGroup.Delete',
  'UserGroup.Update',
] as const;
export type EventLogCommand = (typeof EVENT_LOG_COMMANDS)[number];

export const EventLogEntry = z.object({
  id: z.string(),
  occurredOn: z.string(),
  /** who acted: the real actor's username when impersonating, 'system' for background work */
  requester: z.string(),
  /** the impersonated user, when the actor acted as someone else */
  onBehalfOf: z.string().nullable(),
  command: z.string(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type EventLogEntry = z.infer<typeof EventLogEntry>;

export const EventLogPage = z.object({
  items: z.array(EventLogEntry),
  /** number of entries matching the filters, all pages together */
  fullCount: z.number().int(),
});
export type EventLogPage = z.infer<typeof EventLogPage>;
