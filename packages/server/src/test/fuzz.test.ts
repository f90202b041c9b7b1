import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from './harness.js';
import { authHeader, makeDevice, makeGroup, makeLocation, makeUser } from './factories.js';
import { countChanges, tableCounts } from './table-counts.js';

/**
 * Schema-driven fuzzer over the OpenAPI document: every documented operation gets requests built
 * from its own schemas and then broken (wrong types, nulls, NUL bytes, lone surrogates, huge strings
 * and arrays, deep nesting, invalid dates, prototype-pollution keys, truncated JSON, wrong content
 * types, bad path and query values), as a superAdmin and without a token. No answer may be a 5xx,
 * and a batch of refused requests (all 4xx) may not change the row count of any table.
 *
 * Seeded and reproducible: the seed is printed; FUZZ_SEED=<n> replays a run, FUZZ_REQUESTS=<n>
 * changes its size (10,000 by default).
 */
const knobs = process.env;
const SEED = Number(knobs.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const TOTAL = Number(knobs.FUZZ_REQUESTS ?? 10_000);
const BATCH = 25;

/**
 * Operations whose *refusal* legitimately writes, so their batches skip the row-count check (they
 * are still fuzzed and must never answer 5xx):
 * - sign-in counts failed attempts per account and per IP (login_throttle) by design.
 */
const REFUSAL_WRITES: Record<string, string[]> = {
  'POST /authentication': ['login_throttle'],
};

// mulberry32: small, seedable, good enough to pick cases
function rngFrom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof rngFrom>;

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  nullable?: boolean;
};
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  key: string;
  params: Parameter[];
  body?: Schema;
}

function deep(levels: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** stands for 5,000 levels of nesting, spliced into the JSON text (JSON.stringify would overflow) */
const DEEP_MARK = '\u0001deep\u0001';
const DEEP_TEXT = '{"a":['.repeat(2_500) + '1' + ']}'.repeat(2_500);

/** values that break things: every one must be refused (or accepted) without a 5xx */
const EVIL_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  -0.0001,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'rep\ud800',
  '\udc00x',
  '\ud83d\ude00',
  'x'.repeat(100_000),
  [],
  {},
  [null],
  new Array(20_000).fill(1),
  new Array(2_000).fill('x'.repeat(50)),
  deep(200),
  DEEP_MARK,
  '2025-02-30',
  '2025-13-01T25:61:00Z',
  '0000-00-00T00:00:00Z',
  '+275760-09-13T00:00:00.001Z',
  'not-a-date',
  '1969-12-31 23:59',
  '9999-12-31 23:59',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  "' or '1'='1' --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  '%00',
  'NaN',
  '1e309',
  '-9223372036854775809',
  JSON.parse('{"__proto__":{"polluted":true}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
];
const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'a\u0000',
  'k\ud800',
];

/** raw path segments and query values, already URL-encoded */
const EVIL_SEGMENTS = [
  'not-a-uuid',
  '%00',
  '%ED%A0%80',
  '%FF%FE',
  '%',
  'x'.repeat(3_000),
  '..%2F..%2Fetc',
  '-1',
  '0',
  '1e309',
  'null',
  '00000000-0000-0000-0000-000000000000',
  '%27%20or%201%3D1--',
  'true',
  '2025-02-30',
  '%F0%9F%98%80',
];

const BROKEN_BODIES: { type: string; body: string }[] = [
  { type: 'application/json', body: '{"name": "tru' },
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: '' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '"a string"' },
  { type: 'application/json', body: '42' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: '{"a":1,"a":2}' },
  { type: 'application/json', body: '\ufeff{}' },
  { type: 'application/json', body: '{"x":"\\ud800"}' },
  { type: 'application/json', body: '{"x":"\\u0000"}' },
  { type: 'application/json', body: '[' + '['.repeat(20_000) },
  { type: 'application/json; charset=utf-16', body: '{}' },
  { type: 'text/plain', body: '{"name":"x"}' },
  { type: 'application/xml', body: '<a>1</a>' },
  { type: 'application/x-www-form-urlencoded', body: 'a=1&b=%00' },
  {
    type: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  },
  { type: 'image/png', body: '\u0089PNG' },
  { type: '', body: '{}' },
];

describe('schema-driven fuzzer: no 5xx, and refused requests write nothing', () => {
  let t: TestApp;
  let su: Record<string, string>;
  let operations: Operation[];
  let components: Record<string, Schema>;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const group = await makeGroup(t.db);
    const location = await makeLocation(t.db, { parentId: group.id });
    const device = await makeDevice(t.db, { parentId: location.id });
    const admin = await makeUser(t.db, { roles: ['superAdmin'] });
    const other = await makeUser(t.db, { roles: ['User'], scopeNodeId: group.id });
    su = await authHeader(t.ctx, admin);
    ids.push(group.id, location.id, device.id, other.id);
    for (const [url, payload] of [
      ['/api/LiveView', { name: 'Fuzz door', nodeId: location.id }],
      ['/api/SiteEvent', { name: 'Fuzz hall', nodeId: location.id }],
      ['/api/IngestKey', { name: 'fuzz', scopeNodeId: group.id }],
      ['/api/UserGroup', { name: 'Fuzz group' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: su, payload });
      if (res.statusCode === 201 && typeof res.json().id === 'string') ids.push(res.json().id);
    }
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }
        >
      >;
      components?: { schemas?: Record<string, Schema> };
    };
    components = doc.components?.schemas ?? {};
    operations = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const m = method.toUpperCase();
        operations.push({
          method: m,
          path,
          key: `${m} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
          params: op.parameters ?? [],
          body: op.requestBody?.content?.['application/json']?.schema,
        });
      }
    }
  });

  const resolve = (s: Schema | undefined): Schema | undefined => {
    if (!s?.$ref) return s;
    return components[s.$ref.replace('#/components/schemas/', '')];
  };

  /** a value the schema would accept, give or take (a starting point for the mutations) */
  function sample(schemaIn: Schema | undefined, rng: Rng, depth = 0): unknown {
    const s = resolve(schemaIn);
    if (!s || depth > 6) return 'x';
    if (s.const !== undefined) return s.const;
    if (s.enum) return rng.pick(s.enum);
    const alt = s.anyOf ?? s.oneOf;
    if (alt?.length) return sample(rng.pick(alt), rng, depth + 1);
    if (s.allOf?.length) {
      return Object.assign(
        {},
        ...s.allOf.map((x) => sample(x, rng, depth + 1)).filter((v) => typeof v === 'object'),
      );
    }
    const types = Array.isArray(s.type) ? s.type.filter((x) => x !== 'null') : [s.type];
    switch (rng.pick(types)) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(s.properties ?? {})) {
          if (s.required?.includes(k) || rng.chance(0.5)) out[k] = sample(v, rng, depth + 1);
        }
        return out;
      }
      case 'array':
        return Array.from({ length: Math.max(s.minItems ?? 0, rng.int(3)) }, () =>
          sample(s.items, rng, depth + 1),
        );
      case 'integer':
      case 'number':
        return s.minimum ?? (s.maximum !== undefined ? Math.min(1, s.maximum) : 1);
      case 'boolean':
        return rng.chance(0.5);
      case 'null':
        return null;
      case 'string':
        if (s.format === 'uuid') return rng.chance(0.7) ? rng.pick(ids) : randomUUID();
        if (s.format === 'date-time') return '2025-06-14T10:00:00.000Z';
        if (s.format === 'date') return '2025-06-14';
        if (s.format === 'email') return 'fuzz@example.com';
        return 'f'.repeat(Math.max(s.minLength ?? 0, 4)).slice(0, s.maxLength ?? 100);
      default:
        return 'x';
    }
  }

  /** replaces one spot of the value (or the value itself) with an evil one, adds or drops a key */
  function mutate(value: unknown, rng: Rng): unknown {
    if (value === null || typeof value !== 'object' || rng.chance(0.15)) {
      return rng.pick(EVIL_VALUES);
    }
    const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
      ? [...(value as unknown[])]
      : { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const roll = rng.next();
    if (!Array.isArray(copy) && roll < 0.12) {
      Object.defineProperty(copy, rng.pick(PROTO_KEYS), {
        value: rng.pick(EVIL_VALUES),
        enumerable: true,
        configurable: true,
        writable: true,
      });
    } else if (keys.length > 0 && roll < 0.22) {
      delete (copy as Record<string, unknown>)[rng.pick(keys)];
    } else if (keys.length > 0) {
      const k = rng.pick(keys);
      (copy as Record<string, unknown>)[k] = mutate((copy as Record<string, unknown>)[k], rng);
    } else {
      return rng.pick(EVIL_VALUES);
    }
    return copy;
  }

  /** the JSON text of a value; lone surrogates and NULs travel as \u escapes, as a client would send */
  const toJson = (v: unknown) =>
    (JSON.stringify(v) ?? 'null').replaceAll(JSON.stringify(DEEP_MARK), DEEP_TEXT);

  function querySample(p: Parameter, rng: Rng): string {
    const v = sample(p.schema, rng);
    return encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
  }

  function buildRequest(op: Operation, rng: Rng) {
    const evilPart = rng.pick(
      op.body ? ['path', 'query', 'body', 'body', 'body', 'raw'] : ['path', 'query', 'query'],
    );
    const path = op.path.replace(/\{(\w+)\}/g, () =>
      evilPart === 'path' && rng.chance(0.8)
        ? rng.pick(EVIL_SEGMENTS)
        : rng.chance(0.7)
          ? rng.pick(ids)
          : randomUUID(),
    );
    const query: string[] = [];
    for (const p of op.params.filter((x) => x.in === 'query')) {
      if (evilPart === 'query' && rng.chance(0.5)) {
        const evil = rng.pick([...EVIL_SEGMENTS, 'SAMPLE', 'REPEAT']);
        if (evil === 'REPEAT') query.push(`${p.name}=1`, `${p.name}=2`);
        else query.push(`${p.name}=${evil === 'SAMPLE' ? querySample(p, rng) : evil}`);
      } else if (p.required || rng.chance(0.4)) {
        query.push(`${p.name}=${querySample(p, rng)}`);
      }
    }
    if (evilPart === 'query' && rng.chance(0.2))
      query.push(`${rng.pick(['__proto__', 'constructor', 'a%00'])}=1`);
    const url = query.length ? `${path}?${query.join('&')}` : path;
    const method = op.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    if (!op.body) return { method, url };
    if (evilPart === 'raw') {
      const broken = rng.pick(BROKEN_BODIES);
      return { method, url, payload: broken.body, contentType: broken.type };
    }
    const base = sample(op.body, rng);
    const body = evilPart === 'body' ? mutate(rng.chance(0.3) ? mutate(base, rng) : base, rng) : base;
    return { method, url, payload: toJson(body), contentType: 'application/json' };
  }

  it(`sends ${TOTAL} requests over every operation: no 5xx, no row written by a refused request`, async () => {
    console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays this run)`);
    const rng = rngFrom(SEED);
    expect(operations.length).toBeGreaterThan(50);
    const perOperation = Math.ceil(TOTAL / operations.length);
    const serverErrors: string[] = [];
    const writesOnRefusal: string[] = [];
    let sent = 0;
    let checkedBatches = 0;
    let refused = 0;
    for (const op of operations) {
      for (let b = 0; b < perOperation; b += BATCH) {
        const before = await tableCounts(t.db);
        let allRefused = true;
        for (let i = b; i < Math.min(b + BATCH, perOperation); i++) {
          const req = buildRequest(op, rng);
          const withToken = rng.chance(0.75);
          const headers: Record<string, string> = { ...(withToken ? su : {}) };
          if (req.contentType !== undefined) headers['content-type'] = req.contentType;
          const res = await t.app.inject({
            method: req.method,
            url: req.url,
            headers,
            ...(req.payload !== undefined ? { payload: req.payload } : {}),
          });
          sent++;
          if (res.statusCode >= 500) {
            serverErrors.push(
              `${res.statusCode} ${op.key} ${req.method} ${req.url.slice(0, 200)} token=${withToken} ` +
                `type=${req.contentType ?? '-'} body=${(req.payload ?? '').slice(0, 200)} -> ${res.body.slice(0, 300)}`,
            );
          }
          if (res.statusCode < 400 || res.statusCode >= 500) allRefused = false;
          else refused++;
        }
        if (!allRefused) continue;
        checkedBatches++;
        const changed = countChanges(before, await tableCounts(t.db));
        for (const table of REFUSAL_WRITES[op.key] ?? []) delete changed[table];
        if (Object.keys(changed).length > 0) writesOnRefusal.push(`${op.key}: ${JSON.stringify(changed)}`);
      }
    }
    console.log(
      `fuzz: ${sent} requests over ${operations.length} operations, ${refused} refused (4xx), ` +
        `${serverErrors.length} 5xx, ${checkedBatches} all-refused batches checked for writes`,
    );
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
    expect(serverErrors, serverErrors.slice(0, 30).join('\n')).toEqual([]);
    expect(writesOnRefusal, writesOnRefusal.join('\n')).toEqual([]);
  }, 600_000);
});
