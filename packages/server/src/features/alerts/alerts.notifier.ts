import { createHmac } from 'node:crypto';
import {
  AlertCondition,
  alertNameIn,
  type AggregatedQueryBody,
  type AggregatedSeries,
  type AlertDelivery,
  type AlertNoticeKind,
  type Principal,
  type SiteEventSession,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { Tx } from '../../platform/db/unit-of-work.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { textsIn, type Translate } from '../../platform/i18n/texts.js';
import type { SecretBox } from '../../platform/auth/secret-box.js';
import { createWebhookPoster, WebhookRefusedError, type WebhookPoster } from './webhook-target.js';
import {
  claimDueDeliveries,
  insertDeliveries,
  markDelivery,
  nodesByIds,
  placeOf,
  usersByIds,
  webhookOf,
  type DeliveryRow,
  type NewDelivery,
  type OccurrenceRow,
  type RuleRow,
} from './alerts.repository.js';

/** What alerts need of the aggregated query (features/analytics). */
export interface AlertsQueryPort {
  aggregated(principal: Principal, body: AggregatedQueryBody): Promise<AggregatedSeries[]>;
}
/** What alerts need of monitoring: the open incidents at or below some nodes. */
export interface IncidentsPort {
  openIncidentsOn(nodeIds: readonly string[]): Promise<{ id: string; rule: string; node_id: string }[]>;
}
/** What alerts need of showtimes: sessions running over capacity at or below some nodes. */
export interface ShowtimesPort {
  runningOverCapacity(nodeIds: readonly string[]): Promise<SiteEventSession[]>;
}
/** Signature header of a webhook: `sha256=<hex HMAC-SHA256 of the raw body with the rule's secret>`. */
export const SIGNATURE_HEADER = 'x-footfall-signature';
export const signBody = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** Waits before attempts 2, 3, ... of a delivery; after the last one it is `failed`. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000];

export const presentDelivery = (d: DeliveryRow): AlertDelivery => ({
  id: d.id,
  kind: d.kind,
  channel: d.channel,
  recipient: d.recipient,
  status: d.status,
  attempts: d.attempts,
  lastError: d.last_error,
  createdOn: new Date(d.created_on).toISOString(),
  sentOn: d.sent_on ? new Date(d.sent_on).toISOString() : null,
});

function conditionText(t: Translate, raw: unknown): string {
  const c = AlertCondition.parse(raw);
  switch (c.kind) {
    case 'occupancy':
      return t(c.unit === 'people' ? 'alerts_condition_occupancy' : 'alerts_condition_occupancy_percent', {
        threshold: c.threshold,
      });
    case 'window':
      return t(c.target === 'objective' ? 'alerts_condition_window_objective' : 'alerts_condition_window', {
        kpi: c.kpi,
        comparison: t(c.comparison === 'above' ? 'alerts_comparison_above' : 'alerts_comparison_below'),
        threshold: c.threshold,
        minutes: c.windowMinutes,
      });
    case 'deviceIncident':
      return t('alerts_condition_incident');
    case 'showtimeOverCapacity':
      return t('alerts_condition_showtime');
  }
}

/**
 * The notices of alerts: a delivery row per recipient and channel is written in the transaction that
 * opens, reminds or resolves (so the history always matches), then `flush` sends what is due: mail
 * through the mailer, the webhook as a signed POST. A failure is retried with back-off
 * (RETRY_DELAYS_MS) by the `alerts.deliver` job; claims use `skip locked`, so one instance sends it.
 */
export function createNotifier(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  publicUrl: string;
  /** seals and opens the webhook secrets kept at rest */
  secretBox: SecretBox;
  /** whether webhooks may reach private, loopback and link-local addresses (webhook-target.ts) */
  allowPrivateWebhooks: boolean;
  post?: WebhookPoster | undefined;
}) {
  const { db, mailer, log, secretBox } = deps;
  const post = deps.post ?? createWebhookPoster({ allowPrivate: deps.allowPrivateWebhooks });

  async function payload(rule: RuleRow, o: OccurrenceRow, kind: AlertNoticeKind, at: Date) {
    const node = (await nodesByIds(db, [o.node_id]))[0];
    return {
      event: kind,
      alertId: rule.id,
      linkedAlertId: rule.linked_alert_id,
      name: rule.name,
      nameKey: rule.name_key,
      severity: rule.severity,
      condition: rule.condition,
      occurrenceId: kind === 'test' ? null : o.id,
      node: { id: o.node_id, name: node?.name ?? '' },
      value: o.value,
      threshold: o.threshold,
      openedOn: new Date(o.opened_on).toISOString(),
      resolvedOn: o.resolved_on ? new Date(o.resolved_on).toISOString() : null,
      sentOn: at.toISOString(),
      url: `${deps.publicUrl.replace(/\/$/, '')}/en/settings/alerts/${rule.id}`,
      test: kind === 'test',
    };
  }
  type Payload = Awaited<ReturnType<typeof payload>>;

  type Hook = { webhook_url: string | null; webhook_secret_sealed: string | null };
  async function send(d: DeliveryRow, rule: Hook) {
    const p = d.payload as Payload;
    if (d.channel === 'email') {
      const t = textsIn(d.language);
      const vars = {
        name: alertNameIn(p.name, p.nameKey, d.language),
        node: p.node.name,
        severity: t(`alerts_severity_${p.severity}`),
        condition: conditionText(t, p.condition),
        value: p.value ?? '-',
        threshold: p.threshold ?? '-',
        openedOn: p.openedOn,
        resolvedOn: p.resolvedOn ?? '-',
      };
      const lines = [t('alerts_mail_body', vars)];
      if (p.event === 'resolved') lines.push(t('alerts_mail_resolved_line', vars));
      if (p.event === 'test') lines.push(t('alerts_mail_test_line'));
      lines.push('', t('alerts_mail_link', { url: p.url.replace('/en/', `/${d.language}/`) }));
      await mailer.send({
        to: d.recipient,
        subject: t(`alerts_mail_subject_${p.event}`, vars),
        text: lines.join('\n'),
      });
      return;
    }
    if (!rule.webhook_secret_sealed) throw new Error('no webhook secret');
    const secret = secretBox.open(rule.webhook_secret_sealed);
    const body = JSON.stringify(p);
    const status = await post(d.recipient, body, {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signBody(secret, body),
      'x-footfall-event': p.event,
      'x-footfall-delivery': d.id,
    });
    if (status < 200 || status >= 300) throw new Error(`HTTP ${status}`);
  }

  return {
    place: (nodeId: string) => placeOf(db, nodeId),
    payload,

    /** Writes the deliveries of one notice (nothing is sent yet). */
    async queue(
      tx: Tx,
      rule: RuleRow,
      o: OccurrenceRow,
      kind: AlertNoticeKind,
      at: Date,
    ): Promise<DeliveryRow[]> {
      const p = await payload(rule, o, kind, at);
      const base = { alert_id: rule.id, occurrence_id: kind === 'test' ? null : o.id, kind, payload: p, at };
      const rows: NewDelivery[] = [];
      if (rule.email_enabled) {
        const list = Array.isArray(rule.recipients)
          ? (rule.recipients as ({ userId: string } | { email: string; language: string })[])
          : [];
        const users = new Map(
          (
            await usersByIds(
              tx,
              list.flatMap((r) => ('userId' in r ? [r.userId] : [])),
            )
          ).map((u) => [u.id, u]),
        );
        const seen = new Set<string>();
        for (const r of list) {
          const to = 'userId' in r ? users.get(r.userId) : { email: r.email, language: r.language };
          if (!to || seen.has(to.email.toLowerCase())) continue;
          seen.add(to.email.toLowerCase());
          rows.push({ ...base, channel: 'email', recipient: to.email, language: to.language });
        }
      }
      if (rule.webhook_url)
        rows.push({ ...base, channel: 'webhook', recipient: rule.webhook_url, language: 'en' });
      return insertDeliveries(tx, rows);
    },

    /** Sends the deliveries due at `at` (only `ids` when given); answers how many were sent. */
    async flush(at: Date, ids?: readonly string[]): Promise<number> {
      let sent = 0;
      for (;;) {
        const batch = await claimDueDeliveries(db, at, 120_000, 50, ids);
        if (batch.length === 0) return sent;
        const rules = new Map<string, Hook>();
        for (const d of batch) {
          if (!rules.has(d.alert_id)) {
            rules.set(
              d.alert_id,
              (await webhookOf(db, d.alert_id)) ?? { webhook_url: null, webhook_secret_sealed: null },
            );
          }
          try {
            await send(d, rules.get(d.alert_id)!);
            await markDelivery(db, d.id, { status: 'sent', at: deps.clock.now() });
            sent++;
          } catch (e) {
            const error = e instanceof Error ? e.message : String(e);
            // an address refused (not public) fails at once: retrying cannot change it
            const wait = e instanceof WebhookRefusedError ? undefined : RETRY_DELAYS_MS[d.attempts];
            log.warn(
              { deliveryId: d.id, channel: d.channel, attempt: d.attempts + 1, error },
              'alerts: delivery failed',
            );
            await markDelivery(
              db,
              d.id,
              wait === undefined
                ? { status: 'failed', error }
                : { status: 'pending', error, next: new Date(at.getTime() + wait) },
            );
          }
        }
        if (ids) return sent;
      }
    },
  };
}
