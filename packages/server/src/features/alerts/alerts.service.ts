import {
  AlertActiveHours,
  AlertBody,
  AlertCondition,
  EMPTY_GUID,
  seesWholeTree,
  type AlertBodyParsed,
  type AlertDemoNameKey,
  type AlertDto,
  type AlertMenuItems,
  type AlertOccurrence,
  type AlertRecipient,
  type AlertsRecipients,
  type AlertTestResult,
  type Principal,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { EventBus } from '../../platform/event-bus.js';
import { badRequest, invalidField, notFound } from '../../platform/http/errors.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { ScopeService } from '../tree/scope.service.js';
import {
  claimDueReminders,
  deleteRule,
  deliveriesOf,
  enabledRules,
  insertRule,
  nodesByIds,
  openOccurrence,
  openOccurrences,
  plainSecrets,
  replacePlainSecret,
  resolveOccurrence,
  ruleExists,
  rulesWatching,
  selectHistory,
  selectRules,
  updateRule,
  usersByIds,
  usersByUsername,
  type OccurrenceRow,
  type RuleRow,
  type RuleValues,
} from './alerts.repository.js';
import {
  createNotifier,
  presentDelivery,
  type AlertsQueryPort,
  type IncidentsPort,
  type ShowtimesPort,
} from './alerts.notifier.js';
import { refusalOf, type WebhookPoster } from './webhook-target.js';
import type { SecretBox } from '../../platform/auth/secret-box.js';
import { isActive, judgeWindow } from './alerts.evaluation.js';

const SYSTEM: Principal = {
  userId: EMPTY_GUID,
  username: 'system',
  roles: ['superAdmin'],
  scopeNodeId: null,
};

export interface AlertsDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  bus: EventBus;
  publicUrl: string;
  eventLog: EventLogService;
  scope: ScopeService;
  query: AlertsQueryPort;
  incidents: IncidentsPort;
  showtimes: ShowtimesPort;
  /** seals the webhook secrets kept at rest (TokenService.secretBox) */
  secretBox: SecretBox;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may reach private, loopback and link-local addresses */
  allowPrivateWebhooks: boolean;
  /** HTTP POST of a webhook (tests may pass their own); default: fetch with a 10 s timeout */
  post?: WebhookPoster;
}

/**
 * Alerts (issue 16): rules CRUD with tenancy (a rule is visible when all its nodes are in the caller's
 * scope, 404 otherwise), evaluation (occupancy on the occupancy events within the process that
 * ingested them; window, incident and showtime conditions and reminders on the scheduler), notices
 * through alerts.notifier (mail, signed webhook with retries), history and the in-app menu.
 */
export function createAlertsService(deps: AlertsDeps) {
  const { db, clock, log, eventLog, scope } = deps;
  const notifier = createNotifier(deps);
  const inFlight = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    const q = p
      .catch((e: unknown) => log.error({ err: e }, 'alerts: background work failed'))
      .finally(() => inFlight.delete(q));
    inFlight.add(q);
  };

  async function visibleRule(principal: Principal, row: RuleRow | undefined): Promise<RuleRow> {
    if (!row) throw notFound('Alert');
    for (const id of row.node_ids) if (!(await scope.isInScope(principal, id))) throw notFound('Alert');
    return row;
  }
  async function load(principal: Principal, id: string): Promise<RuleRow> {
    return visibleRule(principal, (await selectRules(db, [id]))[0]);
  }

  async function present(rows: RuleRow[]): Promise<AlertDto[]> {
    const nodes = new Map(
      (await nodesByIds(db, [...new Set(rows.flatMap((r) => r.node_ids))])).map((n) => [n.id, n]),
    );
    const userIds = rows.flatMap((r) => recipientsOf(r).flatMap((x) => ('userId' in x ? [x.userId] : [])));
    const users = new Map((await usersByIds(db, [...new Set(userIds)])).map((u) => [u.id, u]));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      nameKey: r.name_key as AlertDto['nameKey'],
      nodes: r.node_ids.map((id) => ({ id, name: nodes.get(id)?.name ?? '' })),
      condition: AlertCondition.parse(r.condition),
      activeHours: AlertActiveHours.parse(r.active_hours),
      severity: r.severity,
      recipients: recipientsOf(r).flatMap((x): AlertRecipient[] => {
        if (!('userId' in x)) return [{ userId: null, name: null, email: x.email, language: x.language }];
        const u = users.get(x.userId);
        return u ? [{ userId: u.id, name: u.name, email: u.email, language: u.language }] : [];
      }),
      channels: {
        email: r.email_enabled,
        webhook: r.webhook_url ? { url: r.webhook_url, hasSecret: !!r.webhook_secret_sealed } : null,
      },
      reminderMinutes: r.reminder_minutes,
      linkedAlertId: r.linked_alert_id,
      enabled: r.enabled,
      openCount: r.open_count,
      updatedOn: new Date(r.updated_on).toISOString(),
    }));
  }

  /** Checks a body against the caller's scope; 400 naming the field, 404 for nodes outside it. */
  async function toValues(
    principal: Principal,
    body: AlertBodyParsed,
    current?: RuleRow,
  ): Promise<RuleValues> {
    const nodes = await nodesByIds(db, body.nodeIds);
    for (const id of body.nodeIds) {
      if (!nodes.some((n) => n.id === id) || !(await scope.isInScope(principal, id))) throw notFound('Node');
    }
    if (new Set(body.nodeIds).size !== body.nodeIds.length) throw badRequest('Duplicate node', 'nodeIds');
    const userIds = body.recipients.flatMap((r) => ('userId' in r ? [r.userId] : []));
    const users = new Map((await usersByIds(db, userIds)).map((u) => [u.id, u]));
    for (const [i, r] of body.recipients.entries()) {
      if (!('userId' in r)) continue;
      const u = users.get(r.userId);
      if (!u || u.scope_node_id === null || !(await scope.isInScope(principal, u.scope_node_id)))
        if (!u || !seesWholeTree(principal))
          throw badRequest('Not a user of your scope', `recipients.${i}.userId`);
    }
    if (body.linkedAlertId !== EMPTY_GUID) {
      if (body.linkedAlertId === current?.id)
        throw badRequest('An alert cannot follow itself', 'linkedAlertId');
      const linked = (await selectRules(db, [body.linkedAlertId]))[0];
      if (!linked || !(await ruleExists(db, linked.id))) throw badRequest('Alert not found', 'linkedAlertId');
      try {
        await visibleRule(principal, linked);
      } catch {
        throw badRequest('Alert not found', 'linkedAlertId');
      }
    }
    const hook = body.channels.webhook;
    const refusal = hook ? await refusalOf(hook.url, deps.allowPrivateWebhooks) : null;
    if (refusal) throw invalidField(refusal, 'channels.webhook.url');
    // a new secret is sealed; none given keeps the stored (sealed) one
    const kept = current?.webhook_url ? current.webhook_secret_sealed : null;
    const secret = hook ? (hook.secret ? deps.secretBox.seal(hook.secret) : kept) : null;
    if (hook && !secret)
      throw badRequest('A webhook needs a secret (16+ characters)', 'channels.webhook.secret');
    if (!body.channels.email && !hook) throw badRequest('Choose at least one channel', 'channels.email');
    return {
      name: body.name,
      // a demo rule keeps its translated name until it is renamed
      name_key: current && body.name === current.name ? current.name_key : null,
      node_ids: body.nodeIds,
      condition: body.condition,
      condition_kind: body.condition.kind,
      active_hours: body.activeHours,
      severity: body.severity,
      recipients: body.recipients.map((r) =>
        'userId' in r ? { userId: r.userId } : { email: r.email, language: r.language ?? 'en' },
      ),
      email_enabled: body.channels.email,
      webhook_url: hook?.url ?? null,
      webhook_secret_sealed: secret,
      reminder_minutes: body.reminderMinutes,
      linked_alert_id: body.linkedAlertId,
      enabled: body.enabled,
    };
  }

  /** Opens (and notifies) or resolves (and notifies) the alert of a rule on a node. */
  async function settle(
    rule: RuleRow,
    nodeId: string,
    breached: boolean,
    value: number | null,
    threshold: number | null,
    at: Date,
  ) {
    if (breached) {
      const opened = await eventLog.withAudit(async (tx) => {
        const o = await openOccurrence(tx, { alert_id: rule.id, node_id: nodeId, at, value, threshold });
        if (o) await notifier.queue(tx, rule, o, 'opened', at);
        return o;
      });
      if (opened) await notifier.flush(at);
      return;
    }
    const resolved = await eventLog.withAudit(async (tx) => {
      const o = await resolveOccurrence(tx, rule.id, nodeId, at, value);
      if (o) await notifier.queue(tx, rule, o, 'resolved', at);
      return o;
    });
    if (resolved) await notifier.flush(at);
  }

  // occupancy reacts to the occupancy events of this process, one node at a time, in order
  const chains = new Map<string, Promise<void>>();
  async function onOccupancy(nodeId: string, value: number) {
    const at = clock.now();
    for (const rule of await rulesWatching(db, 'occupancy', nodeId)) {
      const c = AlertCondition.parse(rule.condition);
      if (c.kind !== 'occupancy') continue;
      const place = await notifier.place(nodeId);
      const threshold =
        c.unit === 'people' ? c.threshold : place?.capacity ? (place.capacity * c.threshold) / 100 : null;
      if (threshold === null) continue;
      const active = place ? isActive(AlertActiveHours.parse(rule.active_hours), place, at) : true;
      await settle(rule, nodeId, active && value > threshold, value, threshold, at);
    }
  }
  const off = deps.bus.on('occupancyChanged', ({ nodeId, value }) => {
    const next = (chains.get(nodeId) ?? Promise.resolve()).then(() => onOccupancy(nodeId, value));
    const tail = next.catch(() => undefined);
    chains.set(nodeId, tail);
    void tail.then(() => {
      if (chains.get(nodeId) === tail) chains.delete(nodeId);
    });
    track(next);
  });

  const service = {
    async list(principal: Principal): Promise<AlertDto[]> {
      const rows = await selectRules(db);
      const visible = await scope.visibleNodeIds(principal);
      return present(visible ? rows.filter((r) => r.node_ids.every((id) => visible.has(id))) : rows);
    },

    async get(principal: Principal, id: string): Promise<AlertDto> {
      return (await present([await load(principal, id)]))[0]!;
    },

    async create(
      principal: Principal,
      input: AlertBody,
      system = false,
      nameKey: AlertDemoNameKey | null = null,
    ): Promise<AlertDto> {
      const body = AlertBody.parse(input);
      const v = { ...(await toValues(system ? SYSTEM : principal, body)), name_key: nameKey };
      const id = await eventLog.withAudit(async (tx) => {
        const id = await insertRule(tx, v, system ? null : principal.userId);
        await eventLog.record(tx, system ? null : principal, 'Alert.Create', v.name, {
          id,
          kind: v.condition_kind,
        });
        return id;
      });
      return service.get(system ? SYSTEM : principal, id);
    },

    async update(principal: Principal, id: string, input: AlertBody): Promise<AlertDto> {
      const current = await load(principal, id);
      const body = AlertBody.parse(input);
      const v = await toValues(principal, body, current);
      await eventLog.withAudit(async (tx) => {
        await updateRule(tx, id, v, clock.now());
        await eventLog.record(tx, principal, 'Alert.Update', v.name, { id, kind: v.condition_kind });
      });
      return service.get(principal, id);
    },

    async remove(principal: Principal, id: string): Promise<void> {
      const current = await load(principal, id);
      await eventLog.withAudit(async (tx) => {
        await deleteRule(tx, id);
        await eventLog.record(tx, principal, 'Alert.Delete', current.name, { id });
      });
    },

    /** Sends a sample of the alert to its recipients and webhook now; answers what was sent. */
    async testNotification(principal: Principal, id: string): Promise<AlertTestResult> {
      const rule = await load(principal, id);
      const at = clock.now();
      const sample: OccurrenceRow = {
        id: EMPTY_GUID,
        alert_id: rule.id,
        node_id: rule.node_ids[0]!,
        opened_on: at,
        resolved_on: null,
        last_notified_on: at,
        value: null,
        threshold: null,
      };
      const queued = await eventLog.withAudit(async (tx) => {
        const rows = await notifier.queue(tx, rule, sample, 'test', at);
        await eventLog.record(tx, principal, 'Alert.TestNotification', rule.name, {
          id,
          deliveries: rows.length,
        });
        return rows;
      });
      await notifier.flush(
        at,
        queued.map((d) => d.id),
      );
      const sent = await deliveriesOf(db, { ids: queued.map((d) => d.id) });
      return {
        payload: (queued[0]?.payload ?? (await notifier.payload(rule, sample, 'test', at))) as Record<
          string,
          unknown
        >,
        deliveries: sent.map(presentDelivery),
      };
    },

    /** History of the rule's occurrences with their deliveries, newest first. */
    async history(
      principal: Principal,
      id: string | null,
      q: { openOnly: boolean; limit: number },
    ): Promise<AlertOccurrence[]> {
      let ids: string[] | null = null;
      if (id) ids = [(await load(principal, id)).id];
      else if (!seesWholeTree(principal)) ids = (await service.list(principal)).map((a) => a.id);
      const rows = await selectHistory(db, { alertIds: ids, openOnly: q.openOnly, limit: q.limit });
      const deliveries = await deliveriesOf(db, { occurrenceIds: rows.map((r) => r.id) });
      return rows.map((r) => ({
        id: r.id,
        alertId: r.alert_id,
        alertName: r.alert_name,
        alertNameKey: r.alert_name_key as AlertDto['nameKey'],
        severity: r.severity,
        nodeId: r.node_id,
        nodeName: r.node_name,
        openedOn: new Date(r.opened_on).toISOString(),
        resolvedOn: r.resolved_on ? new Date(r.resolved_on).toISOString() : null,
        value: r.value,
        threshold: r.threshold,
        deliveries: deliveries.filter((d) => d.occurrence_id === r.id).map(presentDelivery),
      }));
    },

    /** The in-app menu: recent alerts of the caller's rules, and how many are open. */
    async menuItems(principal: Principal): Promise<AlertMenuItems> {
      const items = await service.history(principal, null, { openOnly: false, limit: 10 });
      const open = await service.history(principal, null, { openOnly: true, limit: 200 });
      return {
        openCount: open.length,
        items: items.map((o) => ({
          occurrenceId: o.id,
          alertId: o.alertId,
          alertName: o.alertName,
          alertNameKey: o.alertNameKey,
          severity: o.severity,
          nodeName: o.nodeName,
          openedOn: o.openedOn,
          resolvedOn: o.resolvedOn,
        })),
      };
    },

    /**
     * The scheduler's pass (`alerts.evaluate`, once per minute slot across instances): window, incident
     * and showtime conditions, then reminders of the alerts still open.
     */
    async evaluate(at: Date = clock.now()): Promise<{ judged: number; reminders: number }> {
      let judged = 0;
      for (const rule of await enabledRules(db, ['window', 'deviceIncident', 'showtimeOverCapacity'])) {
        const c = AlertCondition.parse(rule.condition);
        const hours = AlertActiveHours.parse(rule.active_hours);
        try {
          if (c.kind === 'window') {
            for (const nodeId of rule.node_ids) {
              const place = await notifier.place(nodeId);
              if (!place) continue;
              const j = await judgeWindow(deps.query, SYSTEM, c, nodeId, place.time_zone, at);
              judged++;
              await settle(rule, nodeId, isActive(hours, place, at) && j.breached, j.value, j.threshold, at);
            }
          } else if (c.kind === 'deviceIncident') {
            const open = await deps.incidents.openIncidentsOn(rule.node_ids);
            const devices = new Set(open.map((i) => i.node_id));
            for (const nodeId of devices) {
              judged++;
              await settle(rule, nodeId, true, null, null, at);
            }
            for (const o of await openOccurrences(db, [rule.id]))
              if (!devices.has(o.node_id)) await settle(rule, o.node_id, false, null, null, at);
          } else if (c.kind === 'showtimeOverCapacity') {
            const sessions = await deps.showtimes.runningOverCapacity(rule.node_ids);
            const places = new Map(sessions.map((s) => [s.organizationalTreeID, s]));
            for (const [nodeId, s] of places) {
              judged++;
              await settle(rule, nodeId, true, s.occupancyCurrent, s.occupancySold, at);
            }
            for (const o of await openOccurrences(db, [rule.id]))
              if (!places.has(o.node_id)) await settle(rule, o.node_id, false, null, null, at);
          }
        } catch (e) {
          log.warn({ err: e, alertId: rule.id }, 'alerts: a rule could not be judged');
        }
      }
      const due = await claimDueReminders(db, at);
      if (due.length > 0) {
        const rules = new Map(
          (await selectRules(db, [...new Set(due.map((o) => o.alert_id))])).map((r) => [r.id, r]),
        );
        await eventLog.withAudit(async (tx) => {
          for (const o of due) await notifier.queue(tx, rules.get(o.alert_id)!, o, 'reminder', at);
        });
        await notifier.flush(at);
      }
      return { judged, reminders: due.length };
    },

    /** The retry job (`alerts.deliver`): pending deliveries whose back-off has passed. */
    async deliverDue(at: Date = clock.now()): Promise<number> {
      return notifier.flush(at);
    },

    /**
     * Start-up (migration 0820): seals the webhook secrets saved in plain text before secrets were kept
     * encrypted, and clears them; answers how many. Each rule in its own statement, idempotent.
     */
    async sealLegacySecrets(): Promise<number> {
      const plain = await plainSecrets(db);
      for (const p of plain) await replacePlainSecret(db, p.id, deps.secretBox.seal(p.secret));
      if (plain.length) log.info({ count: plain.length }, 'alerts: sealed plain-text webhook secrets');
      return plain.length;
    },

    /** Waits for the occupancy reactions started so far (tests, shutdown). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    /** Demo seeding: opens an alert on a node as the evaluation would, at a given instant. */
    async seedOccurrence(
      ruleId: string,
      nodeId: string,
      at: Date,
      value: number,
      threshold: number,
      resolvedAt?: Date,
    ) {
      const rule = (await selectRules(db, [ruleId]))[0]!;
      await settle(rule, nodeId, true, value, threshold, at);
      if (resolvedAt) await settle(rule, nodeId, false, null, null, resolvedAt);
    },

    /** GET /api/SiteEvent/alerts-recipients: recipients of the showtime rules watching a node. */
    async showtimeRecipients(principal: Principal, nodeId: string): Promise<AlertsRecipients> {
      await scope.assertInScope(principal, nodeId);
      const rules = await rulesWatching(db, 'showtimeOverCapacity', nodeId);
      const shown = await present(rules);
      const seen = new Set<string>();
      return {
        nodeId,
        rules: shown.map((r) => ({ id: r.id, name: r.name, nameKey: r.nameKey })),
        recipients: shown
          .filter((r) => r.channels.email)
          .flatMap((r) => r.recipients)
          .filter((r) => !seen.has(r.email.toLowerCase()) && !!seen.add(r.email.toLowerCase())),
      };
    },

    /** Demo seeding: whether any rule exists, user ids by username, a rule made by the system. */
    async anyRule(): Promise<boolean> {
      return (await selectRules(db)).length > 0;
    },
    async userIdsByUsername(names: readonly string[]): Promise<Record<string, string>> {
      return Object.fromEntries((await usersByUsername(db, names)).map((u) => [u.username, u.id]));
    },
    /** A rule of the demo, its name shown in each reader's language (ALERT_DEMO_NAMES). */
    async createSystem(input: AlertBody, nameKey: AlertDemoNameKey | null = null): Promise<AlertDto> {
      return service.create(SYSTEM, input, true, nameKey);
    },

    close() {
      off();
    },
  };
  return service;
}
export type AlertsService = ReturnType<typeof createAlertsService>;

function recipientsOf(r: RuleRow): ({ userId: string } | { email: string; language: string })[] {
  return Array.isArray(r.recipients)
    ? (r.recipients as ({ userId: string } | { email: string; language: string })[])
    : [];
}
