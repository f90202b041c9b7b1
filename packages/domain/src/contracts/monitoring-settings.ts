import { z } from 'zod';
import { IncidentRule, IncidentSeverity } from './monitoring-status.js';

/** Monitoring (issue 13): rule thresholds and mail recipients per client group (superAdmin). */

// ---------------------------------------------------------------------------------------------
// Rule thresholds (per client group, superAdmin)

export const RuleThresholds = z.object({
  /** health: behind by more than this = late */
  lateMinutes: z.number().int().min(1).max(1440),
  /** offline rule and status: expected minutes without data */
  offlineMinutes: z.number().int().min(5).max(10_080),
  /** blocked rule: length of the all-zero window (whole 15-minute slots inside business hours) */
  blockedMinutes: z.number().int().min(15).max(1440),
  /** blocked rule: the location's other devices counted at least this much in the same window */
  blockedOthersMinCount: z.number().int().min(1).max(1_000_000),
  /** imbalance rule: |in - out| / max(in, out) above this (0..1) */
  imbalanceRatio: z.number().min(0.01).max(1),
  /** imbalance rule: only days where max(in, out) reaches this */
  imbalanceMinTraffic: z.number().int().min(1).max(10_000_000),
  /** clock drift: an interval stamped more than this after its arrival */
  clockFutureMinutes: z.number().int().min(1).max(10_080),
  /** clock drift: newest interval older than its arrival by more than this */
  clockLagMinutes: z.number().int().min(5).max(10_080),
  /** counter resets in 24 h that raise an incident */
  counterResetsPerDay: z.number().int().min(1).max(1000),
  /** sudden drop: fraction lost against the 4-week same-weekday mean (0..1) */
  dropRatio: z.number().min(0.05).max(1),
  /** sudden drop: only when that mean reaches this */
  dropMinTraffic: z.number().int().min(1).max(10_000_000),
});
export type RuleThresholds = z.infer<typeof RuleThresholds>;

/** The documented defaults (README "Monitoring"), used where a client group set nothing. */
export const DEFAULT_RULE_THRESHOLDS: RuleThresholds = {
  lateMinutes: 10,
  offlineMinutes: 30,
  blockedMinutes: 60,
  blockedOthersMinCount: 20,
  imbalanceRatio: 0.2,
  imbalanceMinTraffic: 200,
  clockFutureMinutes: 5,
  clockLagMinutes: 180,
  counterResetsPerDay: 1,
  dropRatio: 0.5,
  dropMinTraffic: 100,
};

/** Severity of each rule's incidents. */
export const RULE_SEVERITY: Record<IncidentRule, IncidentSeverity> = {
  offline: 'error',
  blocked: 'error',
  imbalance: 'warning',
  clockDrift: 'warning',
  counterReset: 'warning',
  suddenDrop: 'warning',
};

/** PUT /api/Monitoring/rules/{clientGroupId}: the thresholds to set; a null one goes back to its default. */
export const RuleThresholdsInput = z
  .object(
    Object.fromEntries(
      Object.entries(RuleThresholds.shape).map(([k, v]) => [k, v.nullable().optional()]),
    ) as { [K in keyof RuleThresholds]: z.ZodOptional<z.ZodNullable<(typeof RuleThresholds.shape)[K]>> },
  )
  .strict();
export type RuleThresholdsInput = z.infer<typeof RuleThresholdsInput>;

export const RuleSettings = z.object({
  clientGroupId: z.uuid(),
  /** what applies: the group's own values over the defaults */
  thresholds: RuleThresholds,
  /** the values the group set itself (the others follow the defaults) */
  overrides: RuleThresholds.partial(),
  defaults: RuleThresholds,
});
export type RuleSettings = z.infer<typeof RuleSettings>;

export const ClientGroupParams = z.object({ clientGroupId: z.uuid() });
export type ClientGroupParams = z.infer<typeof ClientGroupParams>;

// ---------------------------------------------------------------------------------------------
// Recipients (per client group, superAdmin): who is mailed when a ticket opens and closes

/**
 * A recipient is a user of the client group (mailed at their address, in their language) or a plain
 * address with a language.
 */
export const MonitoringRecipientInput = z.union([
  z.object({ userId: z.uuid() }).strict(),
  z
    .object({
      email: z.email().max(320),
      language: z.enum(['en', 'fr', 'es']).default('en'),
    })
    .strict(),
]);
export type MonitoringRecipientInput = z.input<typeof MonitoringRecipientInput>;

export const MonitoringRecipientsInput = z.object({
  recipients: z.array(MonitoringRecipientInput).max(50),
});
export type MonitoringRecipientsInput = z.input<typeof MonitoringRecipientsInput>;

export const MonitoringRecipient = z.object({
  userId: z.uuid().nullable(),
  /** the user's name, null for a plain address */
  name: z.string().nullable(),
  email: z.string(),
  language: z.string(),
});
export type MonitoringRecipient = z.infer<typeof MonitoringRecipient>;

export const MonitoringRecipients = z.object({
  clientGroupId: z.uuid(),
  recipients: z.array(MonitoringRecipient),
});
export type MonitoringRecipients = z.infer<typeof MonitoringRecipients>;
