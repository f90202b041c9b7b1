import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { Tx } from '../../platform/db/unit-of-work.js';
import type { AlertDeliveryTable, AlertRuleTable } from '../../platform/db/alerts.tables.js';

type Q = Db | Tx;

export interface RuleRow {
  id: string;
  name: string;
  name_key: string | null;
  node_ids: string[];
  condition: unknown;
  condition_kind: string;
  active_hours: unknown;
  severity: AlertRuleTable['severity'];
  recipients: unknown;
  email_enabled: boolean;
  webhook_url: string | null;
  /** sealed (secret box); never leaves the server */
  webhook_secret_sealed: string | null;
  reminder_minutes: number;
  linked_alert_id: string;
  enabled: boolean;
  updated_on: Date;
  open_count: number;
}

export interface RuleValues {
  name: string;
  name_key: string | null;
  node_ids: string[];
  condition: unknown;
  condition_kind: string;
  active_hours: unknown;
  severity: AlertRuleTable['severity'];
  recipients: unknown;
  email_enabled: boolean;
  webhook_url: string | null;
  /** sealed (secret box); never leaves the server */
  webhook_secret_sealed: string | null;
  reminder_minutes: number;
  linked_alert_id: string;
  enabled: boolean;
}

const asJson = (v: RuleValues) => ({
  ...v,
  condition: JSON.stringify(v.condition),
  active_hours: JSON.stringify(v.active_hours),
  recipients: JSON.stringify(v.recipients),
});

const ruleColumns = sql`r.id, r.name, r.name_key, r.node_ids, r.condition, r.condition_kind, r.active_hours, r.severity,
  r.recipients, r.email_enabled, r.webhook_url, r.webhook_secret_sealed, r.reminder_minutes, r.linked_alert_id,
  r.enabled, r.updated_on,
  (select count(*)::int from alert_occurrence o where o.alert_id = r.id and o.resolved_on is null) as open_count`;

/** Rules, by name; `ids` limits to those. */
export async function selectRules(db: Q, ids?: readonly string[]): Promise<RuleRow[]> {
  const where = ids ? sql`where r.id = any(${[...ids]}::uuid[])` : sql``;
  const { rows } = await sql<RuleRow>`select ${ruleColumns} from alert_rule r ${where}
    order by lower(r.name), r.id`.execute(db);
  return rows;
}

/**
 * Enabled rules of a condition kind watching a node: one of the rule's nodes is the node or one of
 * its ancestors (alert_rule_nodes_idx, a GIN index on node_ids, answers the overlap).
 */
export async function rulesWatching(db: Q, kind: string, nodeId: string): Promise<RuleRow[]> {
  const { rows } = await sql<RuleRow>`
    with recursive up as (
      select id, parent_id from node where id = ${nodeId}
      union all select n.id, n.parent_id from node n join up on n.id = up.parent_id)
    select ${ruleColumns} from alert_rule r
    where r.enabled and r.condition_kind = ${kind}
      and r.node_ids && (select array_agg(id) from up)`.execute(db);
  return rows;
}

/** Enabled rules of some condition kinds (the scheduler's pass). */
export async function enabledRules(db: Q, kinds: readonly string[]): Promise<RuleRow[]> {
  const { rows } = await sql<RuleRow>`select ${ruleColumns} from alert_rule r
    where r.enabled and r.condition_kind = any(${[...kinds]}::text[])`.execute(db);
  return rows;
}

export async function insertRule(tx: Tx, v: RuleValues, createdBy: string | null): Promise<string> {
  const row = await tx
    .insertInto('alert_rule')
    .values({ ...asJson(v), created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRule(tx: Tx, id: string, v: RuleValues, at: Date): Promise<void> {
  await tx
    .updateTable('alert_rule')
    .set({ ...asJson(v), updated_on: at })
    .where('id', '=', id)
    .execute();
}

export async function deleteRule(tx: Tx, id: string): Promise<void> {
  await tx.deleteFrom('alert_rule').where('id', '=', id).execute();
}

/** A rule's webhook address and secret (the sender reads them at sending time). */
export async function webhookOf(db: Q, id: string) {
  return db
    .selectFrom('alert_rule')
    .select(['webhook_url', 'webhook_secret_sealed'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Rules still holding a secret saved in plain text before migration 0820. */
export async function plainSecrets(db: Q): Promise<{ id: string; secret: string }[]> {
  const rows = await db
    .selectFrom('alert_rule')
    .select(['id', 'webhook_secret_plain'])
    .where('webhook_secret_plain', 'is not', null)
    .execute();
  return rows.map((r) => ({ id: r.id, secret: r.webhook_secret_plain! }));
}

/** Replaces a rule's plain-text secret by its sealed form. */
export async function replacePlainSecret(db: Q, id: string, sealed: string): Promise<void> {
  await db
    .updateTable('alert_rule')
    .set({ webhook_secret_sealed: sealed, webhook_secret_plain: null })
    .where('id', '=', id)
    .execute();
}

/** Whether a rule with this id exists (linkedAlertId). */
export async function ruleExists(db: Q, id: string): Promise<boolean> {
  return !!(await db.selectFrom('alert_rule').select('id').where('id', '=', id).executeTakeFirst());
}

export interface NodeNameRow {
  id: string;
  name: string;
  type: string;
}
export async function nodesByIds(db: Q, ids: readonly string[]): Promise<NodeNameRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('node')
    .select(['id', 'name', 'type'])
    .where('id', 'in', [...ids])
    .execute();
}

export interface PlaceRow {
  name: string;
  /** own or nearest ancestor's zone, else the first location's below it; UTC when none */
  time_zone: string;
  /** own or the nearest ancestor location's hours (raw attribute) */
  business_hours: unknown;
  capacity: number | null;
}

/** Zone, hours and capacity of a node, for active hours and the capacity threshold. */
export async function placeOf(db: Q, nodeId: string): Promise<PlaceRow | undefined> {
  const { rows } = await sql<PlaceRow>`
    with recursive up as (
      select id, parent_id, type, attributes, 0 as depth from node where id = ${nodeId}
      union all select n.id, n.parent_id, n.type, n.attributes, up.depth + 1
      from node n join up on n.id = up.parent_id)
    select (select name from node where id = ${nodeId}) as name,
      coalesce(
        (select attributes->>'timezone' from up where attributes ? 'timezone' order by depth limit 1),
        (with recursive down as (
           select id, type, attributes from node where id = ${nodeId}
           union all select c.id, c.type, c.attributes from node c join down on c.parent_id = down.id)
         select attributes->>'timezone' from down where attributes ? 'timezone' limit 1),
        'UTC') as time_zone,
      (select attributes->'businessHours' from up where type = 'location' order by depth limit 1) as business_hours,
      (select case when attributes->>'capacity' ~ '^[0-9]+(\\.[0-9]+)?$'
                   then (attributes->>'capacity')::double precision end from node where id = ${nodeId}) as capacity
  `.execute(db);
  return rows[0];
}

export interface UserRow {
  id: string;
  name: string;
  email: string;
  language: string;
  scope_node_id: string | null;
}
/** Enabled users among these ids. */
export async function usersByIds(db: Q, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<UserRow>`
    select id, trim(first_name || ' ' || last_name) as name, email, language, scope_node_id
    from app_user where id = any(${[...ids]}::uuid[]) and disabled_at is null`.execute(db);
  return rows;
}

/** Users by username (demo seeding). */
export async function usersByUsername(
  db: Q,
  names: readonly string[],
): Promise<{ id: string; username: string }[]> {
  if (names.length === 0) return [];
  return db
    .selectFrom('app_user')
    .select(['id', 'username'])
    .where('username', 'in', [...names])
    .execute();
}

// ------------------------------------------------------------------------------------ occurrences

export interface OccurrenceRow {
  id: string;
  alert_id: string;
  node_id: string;
  opened_on: Date;
  resolved_on: Date | null;
  last_notified_on: Date;
  value: number | null;
  threshold: number | null;
}

/** Opens an alert on a node unless one is open already (then null: nobody else notifies). */
export async function openOccurrence(
  tx: Q,
  v: { alert_id: string; node_id: string; at: Date; value: number | null; threshold: number | null },
): Promise<OccurrenceRow | null> {
  const { rows } = await sql<OccurrenceRow>`
    insert into alert_occurrence (alert_id, node_id, opened_on, last_notified_on, value, threshold)
    values (${v.alert_id}, ${v.node_id}, ${v.at}, ${v.at}, ${v.value}, ${v.threshold})
    on conflict (alert_id, node_id) where resolved_on is null do nothing
    returning *`.execute(tx);
  return rows[0] ?? null;
}

/** Resolves the open alert of a rule on a node; null when none was open (or another resolved it). */
export async function resolveOccurrence(
  tx: Q,
  alertId: string,
  nodeId: string,
  at: Date,
  value: number | null,
): Promise<OccurrenceRow | null> {
  const { rows } = await sql<OccurrenceRow>`
    update alert_occurrence set resolved_on = ${at}, value = coalesce(${value}, value)
    where alert_id = ${alertId} and node_id = ${nodeId} and resolved_on is null
    returning *`.execute(tx);
  return rows[0] ?? null;
}

/** Open alerts of some rules. */
export async function openOccurrences(db: Q, alertIds: readonly string[]): Promise<OccurrenceRow[]> {
  if (alertIds.length === 0) return [];
  return db
    .selectFrom('alert_occurrence')
    .selectAll()
    .where('alert_id', 'in', [...alertIds])
    .where('resolved_on', 'is', null)
    .execute();
}

/**
 * Claims the open alerts whose reminder is due (their rule's delay since the last notice), moving
 * their last notice to now in the same statement: two instances never remind twice.
 */
export async function claimDueReminders(db: Q, now: Date): Promise<OccurrenceRow[]> {
  const { rows } = await sql<OccurrenceRow>`
    update alert_occurrence o set last_notified_on = ${now}
    where o.id in (
      select o2.id from alert_occurrence o2 join alert_rule r on r.id = o2.alert_id
      where o2.resolved_on is null and r.enabled and r.reminder_minutes > 0
        and o2.last_notified_on + make_interval(mins => r.reminder_minutes) <= ${now}
      for update of o2 skip locked)
    returning o.*`.execute(db);
  return rows;
}

export interface HistoryRow extends OccurrenceRow {
  alert_name: string;
  alert_name_key: string | null;
  severity: AlertRuleTable['severity'];
  node_name: string;
}

/** Newest occurrences of some rules (null: every rule), by opening, newest first. */
export async function selectHistory(
  db: Q,
  f: { alertIds: readonly string[] | null; openOnly: boolean; limit: number },
): Promise<HistoryRow[]> {
  let q = db
    .selectFrom('alert_occurrence as o')
    .innerJoin('alert_rule as r', 'r.id', 'o.alert_id')
    .innerJoin('node as n', 'n.id', 'o.node_id')
    .selectAll('o')
    .select(['r.name as alert_name', 'r.name_key as alert_name_key', 'r.severity', 'n.name as node_name']);
  if (f.alertIds)
    q = q.where(
      'o.alert_id',
      'in',
      f.alertIds.length ? [...f.alertIds] : ['00000000-0000-0000-0000-000000000000'],
    );
  if (f.openOnly) q = q.where('o.resolved_on', 'is', null);
  return q.orderBy('o.opened_on', 'desc').orderBy('o.id').limit(f.limit).execute();
}

// ------------------------------------------------------------------------------------ deliveries

export interface DeliveryRow {
  id: string;
  alert_id: string;
  occurrence_id: string | null;
  kind: AlertDeliveryTable['kind'];
  channel: AlertDeliveryTable['channel'];
  recipient: string;
  language: string;
  payload: unknown;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_on: Date;
  last_error: string | null;
  created_on: Date;
  sent_on: Date | null;
}

export interface NewDelivery {
  alert_id: string;
  occurrence_id: string | null;
  kind: AlertDeliveryTable['kind'];
  channel: AlertDeliveryTable['channel'];
  recipient: string;
  language: string;
  payload: unknown;
  at: Date;
}

export async function insertDeliveries(tx: Q, rows: readonly NewDelivery[]): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return (await tx
    .insertInto('alert_delivery')
    .values(
      rows.map((r) => ({
        alert_id: r.alert_id,
        occurrence_id: r.occurrence_id,
        kind: r.kind,
        channel: r.channel,
        recipient: r.recipient,
        language: r.language,
        payload: JSON.stringify(r.payload),
        next_attempt_on: r.at,
        created_on: r.at,
        last_error: null,
        sent_on: null,
      })),
    )
    .returningAll()
    .execute()) as DeliveryRow[];
}

/**
 * Claims pending deliveries due now (at most `limit`), leasing them for `leaseMs` so that another
 * instance does not send them meanwhile (`for update skip locked`, alert_delivery_due_idx).
 */
export async function claimDueDeliveries(
  db: Q,
  now: Date,
  leaseMs: number,
  limit: number,
  ids?: readonly string[],
): Promise<DeliveryRow[]> {
  const only = ids ? sql`and id = any(${[...ids]}::uuid[])` : sql``;
  const { rows } = await sql<DeliveryRow>`
    update alert_delivery set next_attempt_on = ${new Date(now.getTime() + leaseMs)}
    where id in (select id from alert_delivery
      where status = 'pending' and next_attempt_on <= ${now} ${only}
      order by next_attempt_on limit ${limit} for update skip locked)
    returning *`.execute(db);
  return rows;
}

export async function markDelivery(
  db: Q,
  id: string,
  v:
    | { status: 'sent'; at: Date }
    | { status: 'pending'; error: string; next: Date }
    | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .updateTable('alert_delivery')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      status: v.status,
      ...(v.status === 'sent' ? { sent_on: v.at, last_error: null } : { last_error: v.error.slice(0, 500) }),
      ...(v.status === 'pending' ? { next_attempt_on: v.next } : {}),
    }))
    .where('id', '=', id)
    .execute();
}

export async function deliveriesOf(
  db: Q,
  f: { occurrenceIds?: readonly string[]; ids?: readonly string[] },
): Promise<DeliveryRow[]> {
  let q = db.selectFrom('alert_delivery').selectAll();
  if (f.occurrenceIds)
    q = q.where(
      'occurrence_id',
      'in',
      f.occurrenceIds.length ? [...f.occurrenceIds] : ['00000000-0000-0000-0000-000000000000'],
    );
  if (f.ids) q = q.where('id', 'in', f.ids.length ? [...f.ids] : ['00000000-0000-0000-0000-000000000000']);
  return (await q.orderBy('created_on').orderBy('channel').orderBy('recipient').execute()) as DeliveryRow[];
}
