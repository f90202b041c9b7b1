import {
  DEFAULT_RULE_THRESHOLDS,
  DEVICE_STATUSES,
  RuleThresholds,
  canApproveIncident,
  canCloseTicket,
  canDiscardIncident,
  seesNoTree,
  seesWholeTree,
  type ApproveIncidentBody,
  type CloseTicketBody,
  type DeviceActivity,
  type DeviceActivityQuery,
  type DeviceDetail,
  type DeviceHealth,
  type DevicesQuery,
  type DiscardIncidentBody,
  type HistoryTicketQuery,
  type Incident,
  type IncidentPage,
  type IncidentsQuery,
  type MonitoringRecipients,
  type MonitoringRecipientsInput,
  type NodeCompleteness,
  type OpenTicketsQuery,
  type Principal,
  type RefreshDevicesBody,
  type RefreshDevicesResult,
  type RuleSettings,
  type RuleThresholdsInput,
  type Ticket,
  type TicketComment,
  type TicketDetail,
  type TicketEvent,
  type TicketPage,
  type DeviceStatus,
  type IncidentRule,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { textsIn } from '../../platform/i18n/texts.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { IngestService } from '../timeseries/ingest.service.js';
import { detect, recordIngest, refreshHealthFromData, type DetectionStats } from './detection.repository.js';
import {
  clientGroupOf,
  closeTicket,
  completeness,
  countOpenTickets,
  deviceActivity,
  deviceSeries,
  findIncident,
  findTicket,
  incidentsByIds,
  insertComment,
  insertTicket,
  isClientGroup,
  listComments,
  listDevices,
  listIncidents,
  listRecipients,
  listTickets,
  replaceRecipients,
  reviewIncident,
  ruleOverrides,
  saveRuleOverrides,
  statusHistory,
  usersInClientGroup,
  type CommentRow,
  type DeviceRow,
  type IncidentRow,
  type TicketRow,
  type Visibility,
} from './monitoring.repository.js';

const DAY = 86_400_000;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
export const ticketLabel = (n: number) => `T-${String(n).padStart(6, '0')}`;
const ticketNo = (label: string) => Number(label.slice(2));

function incidentView(r: IncidentRow): Incident {
  return {
    id: r.id,
    rule: r.rule as IncidentRule,
    severity: r.severity as Incident['severity'],
    status: r.status as Incident['status'],
    scopeType: r.scope_type === 1 ? 1 : 0,
    nodeId: r.node_id,
    nodeName: r.node_name,
    macAddress: r.mac_address,
    deviceId: r.device_id,
    deviceName: r.device_name,
    locationId: r.location_id,
    locationName: r.location_name,
    clientGroupId: r.client_group_id,
    clientGroupName: r.client_group_name,
    firstSeenAt: iso(r.first_seen_at)!,
    lastSeenAt: iso(r.last_seen_at)!,
    resolvedAt: iso(r.resolved_at),
    details: r.details,
    review:
      r.review_decision === null
        ? null
        : {
            decision: r.review_decision as 'approved' | 'discarded',
            by: r.review_by ?? '',
            at: iso(r.review_at)!,
            text: r.review_text,
          },
    ticketNumber: r.ticket_number === null ? null : ticketLabel(r.ticket_number),
  };
}

const commentView = (c: CommentRow): TicketComment => ({
  id: c.id,
  ticketNumber: ticketLabel(c.ticket_number),
  author: c.author,
  authorId: c.author_id,
  text: c.text,
  createdAt: iso(c.created_at)!,
});

function deviceView(r: DeviceRow): DeviceHealth {
  const attr = r.attributes;
  const str = (k: string) => (typeof attr[k] === 'string' ? (attr[k] as string) : null);
  const days = r.days.map((d) => ({
    date: d.date,
    expectedMinutes: d.expected,
    minutesWithData: d.with_data,
    ratio: d.expected > 0 ? Math.round((d.with_data / d.expected) * 1000) / 1000 : null,
  }));
  const expected = days.reduce((s, d) => s + d.expectedMinutes, 0);
  const withData = days.reduce((s, d) => s + d.minutesWithData, 0);
  const status = (r.status ?? 'neverReported') as DeviceStatus;
  return {
    deviceId: r.device_id,
    name: r.name,
    macAddress: str('macAddress'),
    serialNumber: str('serialNumber'),
    firmware: str('firmware') ?? str('firmwareVersion'),
    deviceConnectorAvailable: attr.deviceConnectorAvailable === true,
    locationId: r.location_id,
    locationName: r.location_name,
    clientGroupId: r.client_group_id,
    clientGroupName: r.client_group_name,
    timeZone: r.time_zone,
    status: DEVICE_STATUSES.includes(status) ? status : 'neverReported',
    lastIntervalAt: iso(r.last_interval_at),
    lastArrivalAt: iso(r.last_arrival_at),
    completenessToday: days.at(-1)?.ratio ?? null,
    completenessDays: days,
    completeness7d: expected > 0 ? Math.round((withData / expected) * 1000) / 1000 : null,
    openIncidents: r.open_incidents,
  };
}

/** `YYYY-MM-DD` of an instant in a zone. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

export function createMonitoringService(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  publicUrl: string;
  eventLog: EventLogService;
  ingest: IngestService;
}) {
  const { db, clock, log, mailer, eventLog } = deps;

  // health kept current on ingest: per series and UTC hour, the earliest and latest interval start
  deps.ingest.onIngested(async (batch) => {
    const { keys, times } = batch.points;
    const agg = new Map<string, { k: number; h: number; lo: number; hi: number }>();
    for (let i = 0; i < keys.length; i++) {
      const t = times[i]!;
      const h = Math.floor(t / 3_600_000) * 3_600_000;
      const id = `${keys[i]}:${h}`;
      const a = agg.get(id);
      if (!a) agg.set(id, { k: keys[i]!, h, lo: t, hi: t });
      else {
        if (t < a.lo) a.lo = t;
        if (t > a.hi) a.hi = t;
      }
    }
    const rows = [...agg.values()];
    await recordIngest(
      db,
      {
        keys: rows.map((r) => r.k),
        hours: rows.map((r) => r.h),
        minTimes: rows.map((r) => r.lo),
        maxTimes: rows.map((r) => r.hi),
      },
      clock.now(),
    ).catch((err: unknown) => log.warn({ err }, 'monitoring: recording an ingest failed'));
  });

  /** What the caller sees: undefined root = whole tree; null = nothing. */
  function visibility(p: Principal, nodeIds: readonly string[] = []): Visibility | null {
    if (seesNoTree(p)) return null;
    return { root: seesWholeTree(p) ? undefined : (p.scopeNodeId ?? undefined), nodeIds };
  }
  function mustSee(p: Principal): Visibility {
    const v = visibility(p);
    if (!v) throw notFound('Node');
    return v;
  }

  async function thresholdsOf(clientGroupId: string | null): Promise<RuleThresholds> {
    const own = clientGroupId ? await ruleOverrides(db, clientGroupId) : {};
    return RuleThresholds.parse({ ...DEFAULT_RULE_THRESHOLDS, ...own });
  }

  async function ticketViews(rows: TicketRow[]): Promise<Ticket[]> {
    const incidents = new Map(
      (
        await incidentsByIds(
          db,
          rows.map((r) => r.incident_id),
        )
      ).map((i) => [i.id, incidentView(i)]),
    );
    return rows.map((t) => ({
      ticketNumber: ticketLabel(t.number),
      status: t.status as Ticket['status'],
      openedAt: iso(t.opened_at)!,
      openedBy: t.opened_by,
      closedAt: iso(t.closed_at),
      closedBy: t.closed_by,
      closeNote: t.close_note,
      commentCount: t.comment_count,
      incident: incidents.get(t.incident_id)!,
    }));
  }

  /** Mails the client group's recipients, each in their language; failures are logged, never thrown. */
  async function mailRecipients(kind: 'opened' | 'closed', ticket: Ticket, by: string, note: string | null) {
    const group = ticket.incident.clientGroupId;
    if (!group) return;
    const recipients = await listRecipients(db, group);
    for (const r of recipients) {
      const t = textsIn(r.language);
      const rule = t(`monitoring_rule_${ticket.incident.rule}`);
      const vars = {
        ticket: ticket.ticketNumber,
        rule,
        node: ticket.incident.nodeName,
        by,
        severity: t(`monitoring_severity_${ticket.incident.severity}`),
        location: ticket.incident.locationName ?? '-',
        firstSeen: ticket.incident.firstSeenAt,
        lastSeen: ticket.incident.lastSeenAt,
        url: `${deps.publicUrl.replace(/\/$/, '')}/${r.language}/monitoring/tickets`,
      };
      const text = [
        t(kind === 'opened' ? 'monitoring_mail_opened_body' : 'monitoring_mail_closed_body', vars),
        '',
        t('monitoring_mail_details', vars),
        ...(note ? ['', t('monitoring_mail_note', { text: note })] : []),
        '',
        t('monitoring_mail_link', vars),
      ].join('\n');
      await mailer
        .send({
          to: r.email,
          subject: t(
            kind === 'opened' ? 'monitoring_mail_opened_subject' : 'monitoring_mail_closed_subject',
            vars,
          ),
          text,
        })
        .catch((err: unknown) => log.warn({ err, ticket: ticket.ticketNumber }, 'monitoring: mail failed'));
    }
  }

  const who = (p: Principal | null) => p?.actor?.username ?? p?.username ?? 'system';

  async function approveAs(principal: Principal | null, v: Visibility, incidentId: string, comment?: string) {
    const at = clock.now();
    const number = await eventLog.withAudit(async (tx) => {
      const inc = await findIncident(tx, incidentId, v, true);
      if (!inc) throw notFound('Incident');
      if (inc.ticket_number !== null) throw conflict('The incident already has a ticket', 'incidentId');
      if (inc.status !== 'open') throw conflict(`The incident is ${inc.status}`, 'incidentId');
      const n = await insertTicket(tx, incidentId, who(principal), at);
      await reviewIncident(tx, incidentId, {
        decision: 'approved',
        by: who(principal),
        at,
        text: comment ?? null,
      });
      if (comment)
        await insertComment(tx, {
          ticketNumber: n,
          author: who(principal),
          authorId: principal?.actor?.userId ?? principal?.userId ?? null,
          text: comment,
          at,
        });
      await eventLog.record(tx, principal, 'Monitoring.IncidentApprove', incidentId, {
        ticketNumber: ticketLabel(n),
        rule: inc.rule,
        nodeId: inc.node_id,
      });
      return n;
    });
    const ticket = (await ticketViews([(await findTicket(db, number, {}))!]))[0]!;
    await mailRecipients('opened', ticket, who(principal), comment ?? null);
    return ticket;
  }

  async function closeAs(principal: Principal | null, v: Visibility, label: string, note: string) {
    const at = clock.now();
    const number = ticketNo(label);
    await eventLog.withAudit(async (tx) => {
      const t = await findTicket(tx, number, v, true);
      if (!t) throw notFound('Ticket');
      if (t.status !== 'open') throw conflict('The ticket is already closed', 'ticketNumber');
      await closeTicket(tx, number, who(principal), at, note);
      await eventLog.record(tx, principal, 'Monitoring.TicketClose', label, { note });
    });
    const ticket = (await ticketViews([(await findTicket(db, number, {}))!]))[0]!;
    await mailRecipients('closed', ticket, who(principal), note);
    return ticket;
  }

  async function commentAs(principal: Principal | null, v: Visibility, label: string, text: string) {
    const number = ticketNo(label);
    const row = await eventLog.withAudit(async (tx) => {
      const t = await findTicket(tx, number, v);
      if (!t) throw notFound('Ticket');
      const c = await insertComment(tx, {
        ticketNumber: number,
        author: who(principal),
        authorId: principal?.actor?.userId ?? principal?.userId ?? null,
        text,
        at: clock.now(),
      });
      await eventLog.record(tx, principal, 'Monitoring.TicketComment', label, { commentId: c.id });
      return c;
    });
    return commentView(row);
  }

  async function discardAs(principal: Principal | null, v: Visibility, incidentId: string, reason: string) {
    await eventLog.withAudit(async (tx) => {
      const inc = await findIncident(tx, incidentId, v, true);
      if (!inc) throw notFound('Incident');
      if (inc.status !== 'open' || inc.ticket_number !== null)
        throw conflict(
          inc.ticket_number !== null ? 'The incident has a ticket' : `The incident is ${inc.status}`,
          'incidentId',
        );
      await reviewIncident(tx, incidentId, {
        decision: 'discarded',
        by: who(principal),
        at: clock.now(),
        text: reason,
      });
      await eventLog.record(tx, principal, 'Monitoring.IncidentDiscard', incidentId, {
        reason,
        rule: inc.rule,
        nodeId: inc.node_id,
      });
    });
    return incidentView((await findIncident(db, incidentId, {}))!);
  }

  async function requireClientGroup(p: Principal, id: string) {
    const v = mustSee(p);
    if (!(await isClientGroup(db, id))) throw notFound('Client group');
    if (v.root !== undefined && v.root !== id) throw notFound('Client group');
  }

  const service = {
    ticketLabel,

    // ---------------------------------------------------------------- detection and health
    /** One detection pass at `at` (the scheduler's slot), audited when it raised or resolved anything. */
    async detect(at: Date = clock.now()): Promise<DetectionStats> {
      return eventLog.withAudit(async (tx) => {
        const stats = await detect(tx, at, DEFAULT_RULE_THRESHOLDS);
        if (stats.raised > 0 || stats.resolved > 0)
          await eventLog.record(tx, null, 'Monitoring.Detect', null, {
            at: at.toISOString(),
            raised: stats.raised,
            resolved: stats.resolved,
          });
        return stats;
      });
    },

    /** Health of every device (or those listed) from the stored data; for bulk loads and the hourly job. */
    refreshHealth: (deviceIds: readonly string[] | null = null) => refreshHealthFromData(db, deviceIds),

    async refreshDevices(principal: Principal, body: RefreshDevicesBody): Promise<RefreshDevicesResult> {
      const v = mustSee(principal);
      const devices = await listDevices(db, { ...v, nodeIds: body.nodeIds ?? [], now: clock.now() });
      const ids = devices.map((d) => d.device_id);
      if (ids.length > 0) await refreshHealthFromData(db, ids);
      await service.detect();
      return { devices: ids.length, refreshedAt: clock.now().toISOString() };
    },

    // ---------------------------------------------------------------- reads
    async openTicketCount(principal: Principal): Promise<{ count: number }> {
      const v = visibility(principal);
      return { count: v ? await countOpenTickets(db, v) : 0 };
    },

    async openTickets(principal: Principal, q: OpenTicketsQuery): Promise<Ticket[]> {
      const v = visibility(principal, q.nodeIds);
      if (!v) return [];
      return ticketViews((await listTickets(db, { ...v, status: 'open' })).rows);
    },

    async historyTickets(principal: Principal, q: HistoryTicketQuery): Promise<TicketPage> {
      const v = visibility(principal, q.nodeIds);
      if (!v) return { items: [], fullCount: 0 };
      const { rows, fullCount } = await listTickets(db, {
        ...v,
        status: 'closed',
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return { items: await ticketViews(rows), fullCount };
    },

    async ticket(principal: Principal, label: string): Promise<TicketDetail> {
      const v = mustSee(principal);
      const row = await findTicket(db, ticketNo(label), v);
      if (!row) throw notFound('Ticket');
      const [ticket] = await ticketViews([row]);
      const comments = (await listComments(db, [row.number])).map(commentView);
      const inc = ticket!.incident;
      const timeline: TicketEvent[] = [
        { kind: 'detected' as const, at: inc.firstSeenAt, by: null, text: null },
        {
          kind: 'approved' as const,
          at: ticket!.openedAt,
          by: ticket!.openedBy,
          text: inc.review?.text ?? null,
        },
        ...comments.map((c) => ({ kind: 'commented' as const, at: c.createdAt, by: c.author, text: c.text })),
        ...(inc.resolvedAt ? [{ kind: 'resolved' as const, at: inc.resolvedAt, by: null, text: null }] : []),
        ...(ticket!.closedAt
          ? [{ kind: 'closed' as const, at: ticket!.closedAt, by: ticket!.closedBy, text: ticket!.closeNote }]
          : []),
      ].sort((a, b) => a.at.localeCompare(b.at));
      return { ...ticket!, comments, timeline };
    },

    async comments(principal: Principal, label: string): Promise<TicketComment[]> {
      const v = mustSee(principal);
      const row = await findTicket(db, ticketNo(label), v);
      if (!row) throw notFound('Ticket');
      return (await listComments(db, [row.number])).map(commentView);
    },

    async incidents(principal: Principal, q: IncidentsQuery): Promise<IncidentPage> {
      const v = visibility(principal, q.nodeIds);
      if (!v) return { items: [], fullCount: 0 };
      const { rows, fullCount } = await listIncidents(db, {
        ...v,
        macAddresses: q.macAddresses,
        openOnly: q.openOnly,
        scopeType: q.scopeType,
        rule: q.rule,
        severity: q.severity,
        status: q.status,
        clientGroupId: q.clientGroupId,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return { items: rows.map(incidentView), fullCount };
    },

    async devices(principal: Principal, q: DevicesQuery): Promise<DeviceHealth[]> {
      const v = visibility(principal, q.nodeIds);
      if (!v) return [];
      return (await listDevices(db, { ...v, status: q.status, search: q.search, now: clock.now() })).map(
        deviceView,
      );
    },

    async device(principal: Principal, deviceId: string): Promise<DeviceDetail> {
      const v = mustSee(principal);
      const [row] = await listDevices(db, { ...v, deviceId, now: clock.now() });
      if (!row) throw notFound('Device');
      const history = await statusHistory(db, deviceId, new Date(clock.now().getTime() - 30 * DAY));
      const series = await deviceSeries(db, deviceId);
      return {
        ...deviceView(row),
        statusHistory: history.map((h) => ({
          status: h.status as DeviceStatus,
          from: iso(h.from_at)!,
          to: iso(h.to_at),
        })),
        series: series.map((s) => ({
          id: s.id,
          measurementProtocol: s.measurement_protocol,
          metaTags: s.meta_tags,
          intervalSeconds: s.interval_seconds,
        })),
        thresholds: await thresholdsOf(row.client_group_id),
      };
    },

    async activity(principal: Principal, q: DeviceActivityQuery): Promise<DeviceActivity> {
      const v = mustSee(principal);
      const now = clock.now();
      const [row] = await listDevices(db, { ...v, deviceId: q.deviceId, now });
      if (!row) throw notFound('Device');
      const tz = row.time_zone;
      const today = localDate(now, tz);
      const to = q.to ?? addDays(today, 1);
      const from = q.from ?? addDays(to, -7);
      if (from >= to) throw badRequest('from must be before to', 'from');
      if (Date.parse(to) - Date.parse(from) > 31 * DAY) throw badRequest('at most 31 days', 'to');
      const rows = await deviceActivity(db, q.deviceId, tz, from, to, now);
      const hours = rows.map((r) => ({
        hour: r.hour,
        start: iso(r.start)!,
        in: r.ins,
        out: r.outs,
        minutesWithData: Math.min(r.with_data, 60),
        expectedMinutes: r.expected,
        maxDelaySeconds: r.max_delay_s,
        minDelaySeconds: r.min_delay_s,
      }));
      const gaps: DeviceActivity['gaps'] = [];
      for (const h of hours) {
        const missing = h.minutesWithData === 0 && h.expectedMinutes > 0;
        if (!missing) continue;
        const end = new Date(Date.parse(h.start) + 3_600_000).toISOString();
        const last = gaps.at(-1);
        if (last && last.to === h.start) {
          last.to = end;
          last.missingMinutes += h.expectedMinutes;
        } else gaps.push({ from: h.start, to: end, missingMinutes: h.expectedMinutes });
      }
      return { deviceId: q.deviceId, timeZone: tz, from, to, hours, gaps };
    },

    // ---------------------------------------------------------------- transitions
    async approve(principal: Principal, incidentId: string, body: ApproveIncidentBody): Promise<Ticket> {
      if (!canApproveIncident(principal)) throw forbidden();
      return approveAs(principal, mustSee(principal), incidentId, body.comment || undefined);
    },
    async discard(principal: Principal, incidentId: string, body: DiscardIncidentBody): Promise<Incident> {
      if (!canDiscardIncident(principal)) throw forbidden();
      return discardAs(principal, mustSee(principal), incidentId, body.reason);
    },
    async close(principal: Principal, label: string, body: CloseTicketBody): Promise<Ticket> {
      if (!canCloseTicket(principal)) throw forbidden();
      return closeAs(principal, mustSee(principal), label, body.note);
    },
    async addComment(principal: Principal, label: string, text: string): Promise<TicketComment> {
      return commentAs(principal, mustSee(principal), label, text);
    },

    /** System transitions (demo seeding): the same paths, audited as 'system'. */
    system: {
      approve: (incidentId: string, comment?: string) => approveAs(null, {}, incidentId, comment),
      close: (label: string, note: string) => closeAs(null, {}, label, note),
    },

    // ---------------------------------------------------------------- settings
    async rules(principal: Principal, clientGroupId: string): Promise<RuleSettings> {
      await requireClientGroup(principal, clientGroupId);
      const overrides = await ruleOverrides(db, clientGroupId);
      return {
        clientGroupId,
        thresholds: RuleThresholds.parse({ ...DEFAULT_RULE_THRESHOLDS, ...overrides }),
        overrides,
        defaults: DEFAULT_RULE_THRESHOLDS,
      };
    },

    async setRules(
      principal: Principal,
      clientGroupId: string,
      input: RuleThresholdsInput,
    ): Promise<RuleSettings> {
      await requireClientGroup(principal, clientGroupId);
      const current = await ruleOverrides(db, clientGroupId);
      const next: Record<string, number> = { ...current };
      for (const [k, val] of Object.entries(input)) {
        if (val === null) delete next[k];
        else if (val !== undefined) next[k] = val;
      }
      const merged = RuleThresholds.safeParse({ ...DEFAULT_RULE_THRESHOLDS, ...next });
      if (!merged.success) {
        const issue = merged.error.issues[0]!;
        throw new AppError(400, 'validation', issue.message, String(issue.path[0] ?? ''));
      }
      await eventLog.withAudit(async (tx) => {
        await saveRuleOverrides(tx, clientGroupId, next, clock.now());
        await eventLog.record(tx, principal, 'Monitoring.RulesUpdate', clientGroupId, { overrides: next });
      });
      return service.rules(principal, clientGroupId);
    },

    async recipients(principal: Principal, clientGroupId: string): Promise<MonitoringRecipients> {
      await requireClientGroup(principal, clientGroupId);
      return {
        clientGroupId,
        recipients: await listRecipients(db, clientGroupId).then((rs) => rs.map(recipientView)),
      };
    },

    async setRecipients(
      principal: Principal,
      clientGroupId: string,
      input: MonitoringRecipientsInput,
    ): Promise<MonitoringRecipients> {
      await requireClientGroup(principal, clientGroupId);
      const list = input.recipients.map((r) =>
        'userId' in r ? { userId: r.userId } : { email: r.email, language: r.language ?? 'en' },
      );
      const userIds = list.flatMap((r) => (r.userId ? [r.userId] : []));
      const members = new Set(await usersInClientGroup(db, clientGroupId, userIds));
      const outside = list.findIndex((r) => r.userId !== undefined && !members.has(r.userId));
      if (outside >= 0) throw badRequest('not a user of this client group', `recipients.${outside}.userId`);
      await eventLog.withAudit(async (tx) => {
        await replaceRecipients(tx, clientGroupId, list);
        await eventLog.record(tx, principal, 'Monitoring.RecipientsUpdate', clientGroupId, {
          users: userIds.length,
          addresses: list.length - userIds.length,
        });
      });
      return service.recipients(principal, clientGroupId);
    },

    /** Thresholds that apply to a node's client group (defaults where it set nothing). */
    async thresholdsForNode(nodeId: string): Promise<RuleThresholds> {
      return thresholdsOf(await clientGroupOf(db, nodeId));
    },

    // ---------------------------------------------------------------- completeness (analytics)
    /**
     * For the aggregated query: per requested node, the share of expected (business) minutes with data
     * over [from, to) local wall-clock, up to now. The caller has checked the nodes' scope.
     */
    async completeness(nodeIds: readonly string[], from: string, to: string): Promise<NodeCompleteness[]> {
      const rows = await completeness(db, nodeIds, from, to, clock.now());
      return rows.map((r) => ({
        nodeId: r.node_id,
        ratio: r.expected > 0 ? Math.round((r.with_data / r.expected) * 1000) / 1000 : null,
        expectedMinutes: r.expected,
        missingMinutes: Math.max(0, r.expected - r.with_data),
        devices: r.devices,
      }));
    },
  };
  return service;
}

const recipientView = (r: {
  user_id: string | null;
  name: string | null;
  email: string;
  language: string;
}) => ({
  userId: r.user_id,
  name: r.name,
  email: r.email,
  language: r.language,
});

export type MonitoringService = ReturnType<typeof createMonitoringService>;
