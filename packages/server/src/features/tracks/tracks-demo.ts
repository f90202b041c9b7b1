import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import type { DemoOrganisation } from '../demo/demo.service.js';
import { hash, poisson, rng } from '../demo/demo.service.js';
import { ensurePartition, replaceZones, upsertFloorPlan, upsertPlacement } from './tracks.repository.js';

/**
 * Tracks demo (issue 18): Toronto Eaton Centre gets a floor plan (an SVG drawn here), its first two
 * doors become ceiling sensors placed side by side on it with their zones, and the last three days
 * (and today so far) get trajectories of shoppers during opening hours, generated in one SQL statement
 * per sensor (about 1,000 tracks, 70,000 positions: a few seconds on first start). How many shoppers
 * each hour sees is drawn here (seeded, so every first start gets the same ones): a weekday factor
 * (quiet Tuesday, busy Saturday), an afternoon peak and Poisson noise, so days and hours differ.
 */
export const DEMO_TRACK_LOCATION = 'Toronto Eaton Centre';
const DAY_MS = 86_400_000;

const W = 1200;
const H = 800;

/** The store's plan: walls, fixtures, the two sensors' rooms; labels are fixture names, not UI text. */
export function demoFloorPlanSvg(): string {
  const shelf = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="#d9dee7" stroke="#9aa5b5"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="#f7f8fa"/>
<rect x="80" y="80" width="1040" height="640" fill="#ffffff" stroke="#3d4a5c" stroke-width="8"/>
<line x1="580" y1="80" x2="580" y2="330" stroke="#3d4a5c" stroke-width="6"/>
<line x1="580" y1="470" x2="580" y2="720" stroke="#3d4a5c" stroke-width="6"/>
<rect x="250" y="712" width="180" height="16" fill="#ffffff"/>
<path d="M250 720 h180" stroke="#2e7d6b" stroke-width="6" stroke-dasharray="12 8"/>
${shelf(110, 130, 60, 380)}${shelf(220, 130, 60, 380)}${shelf(330, 130, 60, 380)}
${shelf(450, 130, 100, 60)}${shelf(450, 260, 100, 60)}${shelf(450, 390, 100, 60)}
${shelf(640, 130, 200, 60)}${shelf(640, 250, 200, 60)}
${shelf(940, 500, 150, 180)}
${shelf(660, 560, 180, 50)}
<g font-family="sans-serif" font-size="22" fill="#5b6778">
<text x="270" y="560">Apparel</text><text x="440" y="110">Accessories</text>
<text x="700" y="110">Shoes</text><text x="960" y="480">Checkout</text>
<text x="285" y="760">Entrance</text><text x="610" y="410">Mall court</text>
</g></svg>`;
}

/** Shoppers per hour by local weekday (Sunday first), before the hour-of-day shape. */
const WEEKDAY = [0.95, 0.7, 0.6, 0.75, 0.9, 1.2, 1.45];
export const OPEN_HOURS = { from: 10, to: 20 };

/** `YYYY-MM-DD` of an instant in a time zone. */
const localDate = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

/**
 * Shoppers seen by sensor `sensor` in each opening hour of the local days `days` (`YYYY-MM-DD`):
 * deterministic (seeded by day, hour and sensor), about 20 per hour at the mid-afternoon peak of an
 * ordinary day, more on weekends, fewer early in the week.
 */
export function demoShoppersPerHour(
  days: string[],
  sensor: number,
): { day: string[]; hour: number[]; shoppers: number[] } {
  const out = { day: [] as string[], hour: [] as number[], shoppers: [] as number[] };
  for (const day of days) {
    const dayNumber = Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
    const weekday = new Date(dayNumber * DAY_MS).getUTCDay();
    // the whole day busier or quieter than its weekday says (weather, events): +-15 %
    const mood = 0.85 + 0.3 * rng(hash(18, dayNumber, sensor))();
    for (let h = OPEN_HOURS.from; h <= OPEN_HOURS.to; h++) {
      const shape = 0.35 + Math.exp(-(((h - 14.5) / 2.6) ** 2));
      const lambda = 16 * WEEKDAY[weekday]! * mood * shape;
      out.day.push(day);
      out.hour.push(h);
      out.shoppers.push(poisson(lambda, rng(hash(18, dayNumber, h, sensor))));
    }
  }
  return out;
}

type Rect = [number, number, number, number];
const rect = ([x0, y0, x1, y1]: Rect): string => `((${x0},${y0}),(${x1},${y0}),(${x1},${y1}),(${x0},${y1}))`;

/** The two sensors: where they sit on the plan and their zones (sensor metres). */
const SENSORS = [
  {
    placement: { scale: 40, rotation: 0, offsetX: 80, offsetY: 80 },
    zones: [
      { name: 'Entrance', area: [3, 13, 10, 16] as Rect },
      { name: 'Apparel', area: [0.5, 1, 8, 11] as Rect },
      { name: 'Accessories', area: [8.5, 1, 12, 11] as Rect },
    ],
    room: { w: 12, h: 16 },
    door: [6, 15.5],
  },
  {
    placement: { scale: 40, rotation: 90, offsetX: 1120, offsetY: 80 },
    zones: [
      { name: 'Shoes', area: [0.5, 5, 7, 13] as Rect },
      { name: 'Checkout', area: [10, 0.5, 15.5, 5.5] as Rect },
    ],
    room: { w: 16, h: 13 },
    door: [10, 12.5],
  },
];

export async function seedDemoTracks(deps: { db: Db; clock: Clock }, demo: DemoOrganisation): Promise<void> {
  const { db, clock } = deps;
  const location = demo.locations.find((l) => l.name === DEMO_TRACK_LOCATION);
  if (!location) return;
  const devices = demo.devices.filter((d) => d.locationId === location.id).slice(0, SENSORS.length);
  const done = await sql<{
    n: number;
  }>`select 1 as n from floor_plan where location_id = ${location.id}`.execute(db);
  if (done.rows.length > 0 || devices.length === 0) return;

  const svg = demoFloorPlanSvg();
  await upsertFloorPlan(db, {
    locationId: location.id,
    contentType: 'image/svg+xml',
    image: Buffer.from(svg),
    width: W,
    height: H,
  });
  const now = clock.now();
  const today = Math.floor(now.getTime() / DAY_MS);
  for (let d = today - 4; d <= today + 2; d++) await ensurePartition(db, new Date(d * DAY_MS));

  const todayLocal = localDate(now, location.timezone);
  const days = [3, 2, 1, 0].map((back) =>
    new Date(Date.parse(`${todayLocal}T00:00:00Z`) - back * DAY_MS).toISOString().slice(0, 10),
  );

  await db.transaction().execute(async (tx) => {
    // the same paths on every first start
    await sql`select setseed(0.18)`.execute(tx);
    for (const [i, device] of devices.entries()) {
      const s = SENSORS[i]!;
      await upsertPlacement(tx, device.id, s.placement);
      await replaceZones(
        tx,
        device.id,
        s.zones.map((z) => ({ name: z.name, area: rect(z.area) })),
      );
      await sql`insert into track_device (device_id) values (${device.id}) on conflict do nothing`.execute(
        tx,
      );
      // Per local opening hour of the last 3 days and today: the hour's shoppers (above), each walking
      // from the door through 3 random spots and back, a position every 3 s for 1-5.5 minutes.
      const plan = demoShoppersPerHour(days, i);
      await sql`
        with hours as (
          select (d + make_interval(hours => h)) at time zone ${location.timezone} as hour_start, n
          from unnest(${plan.day}::date[], ${plan.hour}::int[], ${plan.shoppers}::int[]) as p(d, h, n)
        ),
        shoppers as (
          select hour_start + random() * interval '1 hour' as t0, k,
            20 + floor(random() * 90)::int as steps,
            array[${s.door[0]}, ${0.5} + random() * ${s.room.w - 1}, ${0.5} + random() * ${s.room.w - 1},
                  ${0.5} + random() * ${s.room.w - 1}, ${s.door[0]}]::float8[] as wx,
            array[${s.door[1]}, ${0.5} + random() * ${s.room.h - 1}, ${0.5} + random() * ${s.room.h - 1},
                  ${0.5} + random() * ${s.room.h - 1}, ${s.door[1]}]::float8[] as wy
          from hours, generate_series(1, n) k
        ),
        steps as (
          select sh.*, st, (st * 4.0 / sh.steps) as pos from shoppers sh, generate_series(0, sh.steps) st
        )
        insert into track_point (device_id, track_id, occurred_on, x, y)
        select ${device.id}::uuid, 'demo-' || to_char(t0, 'YYYYMMDDHH24MISS') || '-' || k,
          date_trunc('second', t0) + st * interval '3 seconds',
          greatest(0.1, least(${s.room.w - 0.1}, wx[least(floor(pos)::int, 3) + 1]
            + (wx[least(floor(pos)::int, 3) + 2] - wx[least(floor(pos)::int, 3) + 1]) * (pos - least(floor(pos), 3))
            + 0.25 * sin(st / 3.0 + k))),
          greatest(0.1, least(${s.room.h - 0.1}, wy[least(floor(pos)::int, 3) + 1]
            + (wy[least(floor(pos)::int, 3) + 2] - wy[least(floor(pos)::int, 3) + 1]) * (pos - least(floor(pos), 3))
            + 0.25 * cos(st / 4.0 + k)))
        from steps
        where date_trunc('second', t0) + st * interval '3 seconds' <= ${now}::timestamptz
        on conflict do nothing`.execute(tx);
    }
  });
}
