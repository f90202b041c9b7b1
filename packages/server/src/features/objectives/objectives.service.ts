import {
  ALL_DAY,
  includedIntervals,
  isAdditiveKpi,
  objectiveFor,
  parseBusinessHours,
  spanOf,
  type LocalRange,
  type ObjectiveDto,
  type ObjectiveFileBody,
  type ObjectiveFileQuery,
  type ObjectiveInput,
  type ObjectivePlace,
  type ObjectiveQuery,
  type ObjectiveSpan,
  type Principal,
  seesWholeTree,
  type SetObjectivesBody,
  type SetObjectivesResult,
  type TimeFilters,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { TableDocument } from '../exports/exports.types.js';
import { gridDocument, itemsFromFile } from './objectives-file.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { ScopeService } from '../tree/scope.service.js';
import {
  deleteObjectiveById,
  deleteObjectiveByKey,
  findPlaces,
  locationsWithin,
  selectObjectives,
  upsertObjective,
  type ObjectiveRow,
  type PlaceRow,
} from './objectives.repository.js';

const present = (r: ObjectiveRow): ObjectiveDto => ({
  id: r.id,
  nodeId: r.node_id,
  nodeName: r.node_name,
  kpi: r.kpi,
  periodType: r.period_type,
  startDate: r.start_date,
  endDate: r.end_date,
  value: r.value,
  weekdayValues: r.weekday_values,
  updatedOn: new Date(r.updated_on).toISOString(),
});

const keyOf = (o: { node_id: string; kpi: string; period_type: string; start_date: string }) =>
  `${o.node_id}|${o.kpi}|${o.period_type}|${o.start_date}`;

/** A place's zone and hours; a node without a zone counts in UTC, without hours as open all day. */
function placeOf(row: Pick<PlaceRow, 'time_zone' | 'business_hours' | 'node_type'>): ObjectivePlace {
  let hours = ALL_DAY;
  if (row.node_type === 'location') {
    try {
      hours = parseBusinessHours(row.business_hours);
    } catch {
      hours = ALL_DAY;
    }
  }
  return { timeZone: row.time_zone ?? 'UTC', hours };
}

/** The objective figures of one requested node over some ranges. */
/**
 * A query's day filters (business hours only, weekdays, the time-of-day window applied to each day):
 * an objective then covers only the stretches the actual figures are summed over.
 */
export interface ObjectiveFilters extends TimeFilters {
  /** the each-day window of the whole query (buckets keep it); null: none */
  window: [number, number] | null;
}

export interface NodeObjectives {
  nodeId: string;
  nodeName: string;
  /** per range, in the order asked: null when no objective covers it */
  values: (number | null)[];
}

/**
 * Objectives (issue 15): load, set (upsert by node, KPI, period type and start date; `value: null`
 * deletes), delete, and the pro-rating the aggregated query and the performance screen share
 * (`objectivesFor`). Admin-kind callers manage the objectives of nodes inside their scope, 404
 * outside; every change is one event-log entry in the transaction of the change.
 */
export function createObjectivesService(deps: { db: Db; eventLog: EventLogService; scope: ScopeService }) {
  const { db, eventLog, scope } = deps;
  const within = (p: Principal) =>
    seesWholeTree(p) ? null : (p.scopeNodeId ?? '00000000-0000-0000-0000-000000000000');

  return {
    /** GET /api/Objective */
    async list(principal: Principal, q: ObjectiveQuery): Promise<ObjectiveDto[]> {
      for (const id of q.nodeIds ?? []) await scope.assertInScope(principal, id);
      const rows = await selectObjectives(db, {
        nodeIds: q.nodeIds,
        within: within(principal),
        kpi: q.kpi,
        from: q.from,
        to: q.to,
      });
      return rows.map(present);
    },

    /**
     * POST /api/Objective/set: all items or none; 400 naming `items.N.<field>` on a conflict. `system`:
     * the demo seeder, recorded without an actor.
     */
    async set(principal: Principal, body: SetObjectivesBody, system = false): Promise<SetObjectivesResult> {
      const nodeIds = [...new Set(body.items.map((i) => i.nodeId.toLowerCase()))];
      const places = await findPlaces(db, nodeIds);
      for (const [index, item] of body.items.entries()) {
        const id = item.nodeId.toLowerCase();
        if (!(await scope.isInScope(principal, id))) throw notFound('Node');
        const root = places.find((p) => p.root_id === id);
        if (!root) throw notFound('Node');
        if (root.root_type === 'device')
          throw badRequest(
            'Objectives are set for locations and groups, not devices',
            `items.${index}.nodeId`,
          );
      }
      const seen = new Map<string, number>();
      for (const [index, item] of body.items.entries()) {
        const key = keyOf(rowKey(item));
        if (seen.has(key))
          throw badRequest(`Item ${seen.get(key)} sets the same objective`, `items.${index}.startDate`);
        seen.set(key, index);
      }
      const counts = { created: 0, updated: 0, deleted: 0 };
      await eventLog.withAudit(async (tx) => {
        for (const item of body.items) {
          const k = rowKey(item);
          const deleting = item.periodType === 'weekday' ? item.weekdayValues === null : item.value === null;
          if (deleting) counts.deleted += await deleteObjectiveByKey(tx, k);
          else
            counts[
              await upsertObjective(tx, {
                ...k,
                end_date: item.endDate,
                value: item.periodType === 'weekday' ? null : item.value,
                weekday_values: item.periodType === 'weekday' ? item.weekdayValues : null,
                updated_by: system ? null : principal.userId,
              })
            ]++;
        }
        // no two objectives of one node and KPI may share a day
        const kpis = [...new Set(body.items.map((i) => i.kpi))];
        const rows = (await selectObjectives(tx, { nodeIds })).filter((r) => kpis.includes(r.kpi));
        for (const [index, item] of body.items.entries()) {
          const k = keyOf(rowKey(item));
          const mine = rows.find((r) => keyOf(r) === k);
          if (!mine) continue;
          const clash = rows.find(
            (r) =>
              r.id !== mine.id &&
              r.node_id === mine.node_id &&
              r.kpi === mine.kpi &&
              r.start_date <= mine.end_date &&
              mine.start_date <= r.end_date,
          );
          if (clash)
            throw badRequest(
              `Overlaps the ${clash.period_type} objective from ${clash.start_date} to ${clash.end_date}`,
              `items.${index}.startDate`,
            );
        }
        await eventLog.record(
          tx,
          system ? null : principal,
          'Objective.Set',
          summaryTarget(body.items, places),
          {
            ...counts,
            items: body.items.slice(0, 50).map((i) => ({
              nodeId: i.nodeId,
              kpi: i.kpi,
              periodType: i.periodType,
              startDate: i.startDate,
              endDate: i.endDate,
              value: i.value,
              weekdayValues: i.weekdayValues,
            })),
          },
        );
      });
      const objectives = await selectObjectives(db, { nodeIds });
      const touched = new Set(body.items.map((i) => keyOf(rowKey(i))));
      return { ...counts, objectives: objectives.filter((r) => touched.has(keyOf(r))).map(present) };
    },

    /** The grid of a year's monthly objectives for the caller's locations (export as CSV or XLSX). */
    async gridFile(principal: Principal, q: ObjectiveFileQuery): Promise<TableDocument> {
      const root = within(principal);
      const locations = await locationsWithin(db, root);
      const rows = await selectObjectives(db, {
        within: root,
        kpi: q.kpi,
        from: `${q.year}-01-01`,
        to: `${q.year}-12-31`,
      });
      return gridDocument(q.year, locations, rows.map(present));
    },

    /** Imports a grid file: its cells through the set call (all or nothing). */
    async importFile(principal: Principal, body: ObjectiveFileBody): Promise<SetObjectivesResult> {
      const items = await itemsFromFile(
        body.format,
        Buffer.from(body.content, 'base64'),
        body.kpi,
        body.year,
      );
      if (items.length > 2000) throw badRequest('At most 2,000 cells at once', 'content');
      return this.set(principal, { items });
    },

    /** Each node's time zone (its own or its nearest ancestor's; UTC when none). */
    async zonesOf(nodeIds: string[]): Promise<Map<string, string>> {
      const places = await findPlaces(db, nodeIds);
      return new Map(
        places.filter((p) => p.node_id === p.root_id).map((p) => [p.root_id, p.time_zone ?? 'UTC']),
      );
    },

    /** DELETE /api/Objective/:id */
    async remove(principal: Principal, id: string): Promise<{ deleted: true }> {
      const [row] = (await selectObjectives(db, { within: within(principal) })).filter((r) => r.id === id);
      if (!row) throw notFound('Objective');
      await eventLog.withAudit(async (tx) => {
        await deleteObjectiveById(tx, id);
        await eventLog.record(tx, principal, 'Objective.Delete', row.node_name, {
          kpi: row.kpi,
          periodType: row.period_type,
          startDate: row.start_date,
          endDate: row.end_date,
        });
      });
      return { deleted: true };
    },

    /**
     * The objective of each node over each range (local wall-clock, each location's own zone): its
     * own objectives pro-rated; a node without its own and an additive KPI adds its locations'
     * (a group's objective is the sum of its stores' unless the group has one). Scope is the caller's
     * business: the aggregated query checked the nodes already.
     */
    async objectivesFor(
      nodeIds: string[],
      kpi: string,
      rangesOf: LocalRange[] | ((nodeId: string) => LocalRange[]),
      filters?: ObjectiveFilters,
    ): Promise<NodeObjectives[]> {
      const additive = isAdditiveKpi(kpi);
      const places = await findPlaces(db, nodeIds);
      const placeIds = [...new Set(places.map((p) => p.node_id))];
      const rangesFor = (id: string) => (typeof rangesOf === 'function' ? rangesOf(id) : rangesOf);
      /** the parts of a range the filters keep, with the location's own business hours */
      const kept = (r: LocalRange, place: ObjectivePlace) =>
        filters ? includedIntervals(r, filters, place.hours, filters.window) : r;
      const all = nodeIds.flatMap(rangesFor);
      if (all.length === 0) return nodeIds.map((id) => ({ nodeId: id, nodeName: '', values: [] }));
      const from = Math.min(...all.map((r) => r.from));
      const to = Math.max(...all.map((r) => r.to));
      const rows = await selectObjectives(db, {
        nodeIds: placeIds,
        kpi,
        from: dateOf(from),
        to: dateOf(to - 1),
      });
      const spans = new Map<string, ObjectiveSpan[]>();
      for (const r of rows)
        spans.set(r.node_id, [
          ...(spans.get(r.node_id) ?? []),
          spanOf({
            periodType: r.period_type,
            startDate: r.start_date,
            endDate: r.end_date,
            value: r.value,
            weekdayValues: r.weekday_values,
          }),
        ]);
      return nodeIds.map((id) => {
        const ranges = rangesFor(id);
        const mine = places.filter((p) => p.root_id === id);
        const self = mine.find((p) => p.node_id === id);
        const nodeName = self?.root_name ?? '';
        if (self && spans.has(id)) {
          const place = placeOf(self);
          return {
            nodeId: id,
            nodeName,
            values: ranges.map((r) => objectiveFor(spans.get(id)!, kept(r, place), place, additive)),
          };
        }
        if (!additive) return { nodeId: id, nodeName, values: ranges.map(() => null) };
        const stores = mine.filter((p) => p.node_id !== id && spans.has(p.node_id));
        return {
          nodeId: id,
          nodeName,
          values: ranges.map((r) => {
            let total: number | null = null;
            for (const s of stores) {
              const place = placeOf(s);
              const v = objectiveFor(spans.get(s.node_id)!, kept(r, place), place, true);
              if (v !== null) total = (total ?? 0) + v;
            }
            return total;
          }),
        };
      });
    },
  };
}

function rowKey(i: ObjectiveInput) {
  return { node_id: i.nodeId.toLowerCase(), kpi: i.kpi, period_type: i.periodType, start_date: i.startDate };
}

/** "YYYY-MM-DD" of a local minute (the day holding it). */
function dateOf(lm: number): string {
  const d = new Date(Math.floor(lm / 1440) * 86_400_000);
  return d.toISOString().slice(0, 10);
}

function summaryTarget(items: ObjectiveInput[], places: PlaceRow[]): string {
  const names = [
    ...new Set(
      items.map((i) => places.find((p) => p.root_id === i.nodeId.toLowerCase())?.root_name ?? i.nodeId),
    ),
  ];
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} (+${names.length - 3})`;
}

export type ObjectivesService = ReturnType<typeof createObjectivesService>;
