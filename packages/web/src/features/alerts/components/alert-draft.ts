import {
  EMPTY_GUID,
  alertNameIn,
  type AlertBody,
  type AlertConditionKind,
  type AlertDto,
  type AlertSeverity,
  type AlertWindowKpi,
} from '@footfall/domain';

/** The editor's form state: text for numbers (what the user typed), the rule's shape otherwise. */
export interface Draft {
  name: string;
  /**
   * A demo rule's name as shown (in the reader's language) and as stored: saved untouched, the stored
   * name goes back so the rule keeps its translations; edited, the typed name replaces it.
   */
  keptName: { shown: string; stored: string } | null;
  nodeIds: string[];
  kind: AlertConditionKind;
  unit: 'people' | 'capacityPercent';
  threshold: string;
  kpi: AlertWindowKpi;
  comparison: 'above' | 'below';
  target: 'value' | 'objective';
  windowMinutes: string;
  hours: 'always' | 'businessHours' | 'custom';
  from: string;
  to: string;
  days: number[];
  severity: AlertSeverity;
  reminderMinutes: string;
  userIds: string[];
  addresses: string;
  /** the languages of the addresses already saved (a new address gets the editor's language) */
  addressLanguages: Record<string, string>;
  email: boolean;
  webhook: boolean;
  webhookUrl: string;
  webhookSecret: string;
  linkedAlertId: string;
  enabled: boolean;
}

export const EMPTY: Draft = {
  name: '',
  keptName: null,
  nodeIds: [],
  kind: 'occupancy',
  unit: 'people',
  threshold: '',
  kpi: 'TrafficIn',
  comparison: 'below',
  target: 'value',
  windowMinutes: '60',
  hours: 'always',
  from: '09:00',
  to: '17:00',
  days: [1, 2, 3, 4, 5],
  severity: 'warning',
  reminderMinutes: '60',
  userIds: [],
  addresses: '',
  addressLanguages: {},
  email: true,
  webhook: false,
  webhookUrl: '',
  webhookSecret: '',
  linkedAlertId: EMPTY_GUID,
  enabled: true,
};

export function draftOf(a: AlertDto, lang: string): Draft {
  const c = a.condition;
  const h = a.activeHours;
  const shown = alertNameIn(a.name, a.nameKey, lang);
  return {
    ...EMPTY,
    name: shown,
    keptName: a.nameKey ? { shown, stored: a.name } : null,
    nodeIds: a.nodes.map((n) => n.id),
    kind: c.kind,
    unit: c.kind === 'occupancy' ? c.unit : 'people',
    threshold: c.kind === 'occupancy' || c.kind === 'window' ? String(c.threshold) : '',
    kpi: c.kind === 'window' ? c.kpi : 'TrafficIn',
    comparison: c.kind === 'window' ? c.comparison : 'below',
    target: c.kind === 'window' ? c.target : 'value',
    windowMinutes: c.kind === 'window' ? String(c.windowMinutes) : '60',
    hours: h.mode,
    from: h.mode === 'custom' ? h.from : EMPTY.from,
    to: h.mode === 'custom' ? h.to : EMPTY.to,
    days: h.mode === 'custom' ? h.days : EMPTY.days,
    severity: a.severity,
    reminderMinutes: String(a.reminderMinutes),
    userIds: a.recipients.flatMap((r) => (r.userId ? [r.userId] : [])),
    addresses: a.recipients
      .filter((r) => !r.userId)
      .map((r) => r.email)
      .join(', '),
    addressLanguages: Object.fromEntries(
      a.recipients.filter((r) => !r.userId).map((r) => [r.email.toLowerCase(), r.language]),
    ),
    email: a.channels.email,
    webhook: !!a.channels.webhook,
    webhookUrl: a.channels.webhook?.url ?? '',
    webhookSecret: '',
    linkedAlertId: a.linkedAlertId,
    enabled: a.enabled,
  };
}

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.replace(',', '.')));

/** The request body of a draft; a number left empty or invalid is sent as null, which the server refuses naming the field. */
export function bodyOf(d: Draft, lang: string): AlertBody {
  const condition: AlertBody['condition'] =
    d.kind === 'occupancy'
      ? { kind: 'occupancy', unit: d.unit, threshold: num(d.threshold) }
      : d.kind === 'window'
        ? {
            kind: 'window',
            kpi: d.kpi,
            comparison: d.comparison,
            target: d.target,
            threshold: num(d.threshold),
            windowMinutes: num(d.windowMinutes),
          }
        : { kind: d.kind };
  const addresses = d.addresses
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    name: d.keptName && d.name === d.keptName.shown ? d.keptName.stored : d.name,
    nodeIds: d.nodeIds,
    condition,
    activeHours:
      d.hours === 'custom' ? { mode: 'custom', from: d.from, to: d.to, days: d.days } : { mode: d.hours },
    severity: d.severity,
    recipients: [
      ...d.userIds.map((userId) => ({ userId })),
      ...addresses.map((email) => ({
        email,
        language: (d.addressLanguages[email.toLowerCase()] ?? lang) as 'en' | 'fr' | 'es',
      })),
    ],
    channels: {
      email: d.email,
      webhook: d.webhook
        ? { url: d.webhookUrl.trim(), ...(d.webhookSecret ? { secret: d.webhookSecret } : {}) }
        : null,
    },
    reminderMinutes: num(d.reminderMinutes),
    linkedAlertId: d.linkedAlertId,
    enabled: d.enabled,
  };
}
