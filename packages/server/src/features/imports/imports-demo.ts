import type { ImportTaskBody, Principal } from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import type { ImportsService } from './imports.service.js';
import { storedLocationFigures, userIdByName } from './imports.repository.js';

/** The demo's point-of-sale task: semicolon CSV, decimal comma, stores by reference id, hourly. */
export const DEMO_IMPORT_TASK = (groupId: string): ImportTaskBody => ({
  organizationalTreeId: groupId,
  name: 'Point of sale – daily export',
  source: { kind: 'upload' },
  format: 'csv',
  delimiter: 'semicolon',
  encoding: 'utf-8',
  mapping: {
    location: 'Store',
    locationBy: 'referenceId',
    date: 'Date',
    dateFormat: 'YYYY-MM-DD',
    time: 'Hour',
    timeFormat: 'HH:mm',
    values: { Sales: 'Net sales', Transactions: 'Tickets', ItemsSold: 'Items' },
    decimalComma: true,
  },
  timeZone: null,
  granularity: '60',
  skipInvalidRows: false,
});

/**
 * On first start, the demo retail group gets the task and a history of three runs: the exports of the
 * last three days, built from the figures the demo history already holds (so importing them changes
 * no figure: the same points are replaced by themselves), run as the demo superadmin.
 */
export async function seedDemoImports(
  deps: { db: Db; clock: Clock; imports: ImportsService },
  demo: { retailGroupId: string; locations: { id: string; referenceId: string; timezone: string }[] },
): Promise<void> {
  const { db, clock, imports } = deps;
  const superId = await userIdByName(db, 'superadmin');
  if (!superId) return;
  const principal: Principal = {
    userId: superId,
    username: 'superadmin',
    roles: ['superAdmin'],
    scopeNodeId: null,
  };
  if ((await imports.list(principal, demo.retailGroupId)).length > 0) return;
  const task = await imports.create(principal, DEMO_IMPORT_TASK(demo.retailGroupId));
  const refOf = new Map(demo.locations.map((l) => [l.id, l]));
  const local = (zone: string, at: Date) => {
    const p = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
    const g = (t: string) => p.find((x) => x.type === t)!.value;
    return { date: `${g('year')}-${g('month')}-${g('day')}`, time: `${g('hour')}:${g('minute')}` };
  };
  const day = 86_400_000;
  const today = Math.floor(clock.now().getTime() / day) * day;
  for (let back = 3; back >= 1; back--) {
    const from = today - back * day;
    const figures = await storedLocationFigures(
      db,
      demo.locations.map((l) => l.id),
      ['Sales', 'Transactions', 'ItemsSold'],
      from,
      from + day,
    );
    const rows = new Map<string, { store: string; date: string; time: string; v: Record<string, number> }>();
    for (const f of figures) {
      const loc = refOf.get(f.node_id)!;
      const { date, time } = local(loc.timezone, f.at);
      const key = `${loc.referenceId}|${f.at.getTime()}`;
      let row = rows.get(key);
      if (!row) rows.set(key, (row = { store: loc.referenceId, date, time, v: {} }));
      row.v[f.protocol] = f.value;
    }
    const num = (n: number | undefined) => (n === undefined ? '' : String(n).replace('.', ','));
    const lines = ['Store;Date;Hour;Net sales;Tickets;Items'];
    for (const r of rows.values())
      lines.push(
        [r.store, r.date, r.time, num(r.v.Sales), num(r.v.Transactions), num(r.v.ItemsSold)].join(';'),
      );
    if (lines.length === 1) continue;
    const name = `pos-export-${new Date(from).toISOString().slice(0, 10)}.csv`;
    const file = await imports.upload(
      principal,
      name,
      (async function* () {
        yield Buffer.from(lines.join('\r\n') + '\r\n');
      })(),
    );
    await imports.run(principal, task.id, file.fileId);
    await imports.drain();
  }
}
