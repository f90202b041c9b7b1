import { z } from 'zod';
import { flag } from './monitoring-params.js';
import { EMPTY_GUID, type Language } from '../constants.js';

/**
 * Alerts (issue 16, spec sections 3 "Alert" and 7 "Alert: CRUD, test notification, menu items"):
 * a rule watches nodes of the caller's scope for a condition, during its active hours, and notifies
 * its recipients by e-mail and/or a signed webhook when an alert opens, as a reminder while it stays
 * open, and when it is resolved. One open alert per rule and node.
 */

export const ALERT_SEVERITIES = ['info', 'warning', 'critical'] as const;

/**
 * Names of the demo's alert rules in each language. A rule's name is the customer's own text (never
 * translated), but the demo's rules are the product's text: they keep a `nameKey` and every screen and
 * mail shows the name in the reader's language, until someone renames the rule (which drops the key).
 * Kept here, once, for the web and the server's mails.
 */
export const ALERT_DEMO_NAMES = {
  nearCapacity: { en: 'Store near capacity', fr: 'Magasin presque plein', es: 'Tienda casi llena' },
  trafficBelowObjective: {
    en: 'Traffic below objective',
    fr: 'Fréquentation sous l’objectif',
    es: 'Afluencia por debajo del objetivo',
  },
  doorSensorIncident: {
    en: 'Door sensor incident',
    fr: 'Incident de capteur de porte',
    es: 'Incidencia de un sensor de puerta',
  },
  showtimeOverCapacity: {
    en: 'Showtime over capacity',
    fr: 'Séance au-delà de la jauge',
    es: 'Sesión por encima del aforo',
  },
} as const satisfies Record<string, Record<Language, string>>;
export type AlertDemoNameKey = keyof typeof ALERT_DEMO_NAMES;
export const ALERT_DEMO_NAME_KEYS = Object.keys(ALERT_DEMO_NAMES) as AlertDemoNameKey[];
const NameKey = z.enum(ALERT_DEMO_NAME_KEYS as [AlertDemoNameKey, ...AlertDemoNameKey[]]).nullable();

/** The name to show a reader: the demo name in their language when the rule keeps one, else its own. */
export const alertNameIn = (name: string, key: string | null | undefined, language: string): string => {
  const names = key ? (ALERT_DEMO_NAMES as Record<string, Record<string, string>>)[key] : undefined;
  return names?.[language] ?? names?.en ?? name;
};
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** KPIs a window condition can watch, with the aggregate function the window is judged by. */
export const ALERT_WINDOW_KPIS = {
  TrafficIn: 'Sum',
  ConversionRate: 'Sum',
  QueueLength: 'Max',
  QueuingTime: 'Avg',
  DwellTime: 'Avg',
} as const;
export type AlertWindowKpi = keyof typeof ALERT_WINDOW_KPIS;
export const ALERT_WINDOW_KPI_NAMES = Object.keys(ALERT_WINDOW_KPIS) as AlertWindowKpi[];

const threshold = z.number().finite().min(0).max(1e9);

/** Occupancy above a number of people, or above a % of the location's capacity attribute. */
export const OccupancyCondition = z
  .object({
    kind: z.literal('occupancy'),
    unit: z.enum(['people', 'capacityPercent']).default('people'),
    threshold,
  })
  .strict();

/**
 * A KPI over the last `windowMinutes` (judged on the scheduler): traffic or conversion below or above
 * a value or the objective pro-rated to the window (`target: 'objective'`, `threshold` is then a % of
 * it), queue length, queuing time or dwell above a value.
 */
export const WindowCondition = z
  .object({
    kind: z.literal('window'),
    kpi: z.enum(ALERT_WINDOW_KPI_NAMES as [AlertWindowKpi, ...AlertWindowKpi[]]),
    comparison: z.enum(['above', 'below']).default('above'),
    target: z.enum(['value', 'objective']).default('value'),
    threshold,
    windowMinutes: z.number().int().min(15).max(1440).default(60),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.target === 'objective' && !['TrafficIn', 'ConversionRate'].includes(c.kpi))
      ctx.addIssue({
        code: 'custom',
        path: ['target'],
        message: 'Only traffic and conversion have objectives',
      });
    if (['QueueLength', 'QueuingTime', 'DwellTime'].includes(c.kpi) && c.comparison !== 'above')
      ctx.addIssue({ code: 'custom', path: ['comparison'], message: 'Queue and dwell alerts are "above"' });
  });

/** A monitoring incident opened on a device of the scope (features/monitoring). */
export const IncidentCondition = z.object({ kind: z.literal('deviceIncident') }).strict();

/** A showtime session running at a location whose occupancy is above the session's maximum. */
export const ShowtimeCondition = z.object({ kind: z.literal('showtimeOverCapacity') }).strict();

export const AlertCondition = z.discriminatedUnion('kind', [
  OccupancyCondition,
  WindowCondition,
  IncidentCondition,
  ShowtimeCondition,
]);
export type AlertCondition = z.infer<typeof AlertCondition>;
export type AlertConditionKind = AlertCondition['kind'];

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected "HH:mm"');

/** When the rule may raise: always, the location's business hours, or a daily window on some weekdays. */
export const AlertActiveHours = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('always') }).strict(),
  z.object({ mode: z.literal('businessHours') }).strict(),
  z
    .object({
      mode: z.literal('custom'),
      from: timeOfDay,
      to: timeOfDay,
      /** 0 = Sunday */
      days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    })
    .strict()
    .refine((h) => h.from < h.to, { path: ['to'], message: 'The end must be after the start' }),
]);
export type AlertActiveHours = z.infer<typeof AlertActiveHours>;

export const AlertRecipientInput = z.union([
  z.object({ userId: z.uuid() }).strict(),
  z.object({ email: z.email().max(320), language: z.enum(['en', 'fr', 'es']).default('en') }).strict(),
]);
export type AlertRecipientInput = z.input<typeof AlertRecipientInput>;

export const AlertWebhookInput = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(2000),
    /** signs each POST (X-Footfall-Signature: sha256=<hex HMAC>); absent on update keeps the stored one */
    secret: z.string().min(16).max(200).optional(),
  })
  .strict();

export const AlertBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    nodeIds: z.array(z.uuid()).min(1).max(200),
    condition: AlertCondition,
    activeHours: AlertActiveHours.default({ mode: 'always' }),
    severity: z.enum(ALERT_SEVERITIES).default('warning'),
    recipients: z.array(AlertRecipientInput).max(50).default([]),
    channels: z
      .object({
        email: z.boolean().default(true),
        webhook: AlertWebhookInput.nullable().default(null),
      })
      .strict()
      .default({ email: true, webhook: null }),
    /** minutes after which an alert still open is sent again; 0 = never */
    reminderMinutes: z.number().int().min(0).max(10080).default(60),
    linkedAlertId: z.uuid().default(EMPTY_GUID),
    enabled: z.boolean().default(true),
  })
  .strict();
export type AlertBody = z.input<typeof AlertBody>;
export type AlertBodyParsed = z.infer<typeof AlertBody>;

export const AlertRecipient = z.object({
  userId: z.uuid().nullable(),
  name: z.string().nullable(),
  email: z.string(),
  language: z.string(),
});
export type AlertRecipient = z.infer<typeof AlertRecipient>;

export const AlertDto = z.object({
  id: z.uuid(),
  name: z.string(),
  /** a demo rule's name in every language (ALERT_DEMO_NAMES); null for the customer's own rules */
  nameKey: NameKey,
  nodes: z.array(z.object({ id: z.uuid(), name: z.string() })),
  condition: AlertCondition,
  activeHours: AlertActiveHours,
  severity: z.enum(ALERT_SEVERITIES),
  recipients: z.array(AlertRecipient),
  channels: z.object({
    email: z.boolean(),
    /** the secret is never sent back: `hasSecret` says one is kept */
    webhook: z.object({ url: z.string(), hasSecret: z.boolean() }).nullable(),
  }),
  reminderMinutes: z.number().int(),
  linkedAlertId: z.uuid(),
  enabled: z.boolean(),
  openCount: z.number().int(),
  updatedOn: z.string(),
});
export type AlertDto = z.infer<typeof AlertDto>;
export const AlertList = z.array(AlertDto);

export const ALERT_NOTICE_KINDS = ['opened', 'reminder', 'resolved', 'test'] as const;
export type AlertNoticeKind = (typeof ALERT_NOTICE_KINDS)[number];

/** One notice sent (or being retried) to one recipient on one channel. */
export const AlertDelivery = z.object({
  id: z.uuid(),
  kind: z.enum(ALERT_NOTICE_KINDS),
  channel: z.enum(['email', 'webhook']),
  recipient: z.string(),
  status: z.enum(['sent', 'pending', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdOn: z.string(),
  sentOn: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof AlertDelivery>;

/** One occurrence: opened on a node, possibly resolved, with what was sent to whom. */
export const AlertOccurrence = z.object({
  id: z.uuid(),
  alertId: z.uuid(),
  alertName: z.string(),
  alertNameKey: NameKey,
  severity: z.enum(ALERT_SEVERITIES),
  nodeId: z.uuid(),
  nodeName: z.string(),
  openedOn: z.string(),
  resolvedOn: z.string().nullable(),
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  deliveries: z.array(AlertDelivery),
});
export type AlertOccurrence = z.infer<typeof AlertOccurrence>;

export const AlertHistoryQuery = z
  .object({
    openOnly: flag(false),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export const AlertHistory = z.array(AlertOccurrence);

/** The in-app menu of recent alerts (top bar): the newest occurrences in the caller's scope. */
export const AlertMenuItem = z.object({
  occurrenceId: z.uuid(),
  alertId: z.uuid(),
  alertName: z.string(),
  alertNameKey: NameKey,
  severity: z.enum(ALERT_SEVERITIES),
  nodeName: z.string(),
  openedOn: z.string(),
  resolvedOn: z.string().nullable(),
});
export const AlertMenuItems = z.object({ openCount: z.number().int(), items: z.array(AlertMenuItem) });
export type AlertMenuItems = z.infer<typeof AlertMenuItems>;

/** What the test notification sent: the sample payload and each delivery. */
export const AlertTestResult = z.object({
  payload: z.record(z.string(), z.unknown()),
  deliveries: z.array(AlertDelivery),
});
export type AlertTestResult = z.infer<typeof AlertTestResult>;

/**
 * GET /api/SiteEvent/alerts-recipients?nodeId: who is told when a showtime session at this node runs
 * over capacity - the recipients of the enabled `showtimeOverCapacity` rules watching it.
 */
export const AlertsRecipientsQuery = z.object({ nodeId: z.uuid() }).strict();
export const AlertsRecipients = z.object({
  nodeId: z.uuid(),
  rules: z.array(z.object({ id: z.uuid(), name: z.string(), nameKey: NameKey })),
  recipients: z.array(AlertRecipient),
});
export type AlertsRecipients = z.infer<typeof AlertsRecipients>;
