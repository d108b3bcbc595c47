import type { FastifySchema, InjectOptions } from 'fastify';
import { z } from 'zod';
import type { TRegisteredRoute } from '../app.js';
import { multipart } from './multipart.js';

/** A seeded random source (mulberry32): the same seed sends the same requests. */
export type TRandom = {
  next: () => number;
  int: (max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
};

export function seededRandom(seed: number): TRandom {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return { next, int, pick: (items) => items[int(items.length)]!, chance: (p) => next() < p };
}

type TJsonSchema = {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  items?: TJsonSchema;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
};

const converted = new WeakMap<z.ZodType, TJsonSchema | undefined>();

/** The JSON Schema of a route part's zod schema, as a client reads it (input side); converted once per schema. */
function jsonSchemaOf(schema: unknown): TJsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  if (!converted.has(schema)) {
    try {
      converted.set(schema, z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as TJsonSchema);
    } catch {
      converted.set(schema, undefined);
    }
  }
  return converted.get(schema);
}

const deepJson = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;

/** Strings that have broken parsers, databases and renderers elsewhere (none spells an internal error text). */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'nul\u0000byte',
  '\ud800',
  '😀🏳️‍🌈👨‍👩‍👧',
  'Ω≈ç√∫˜µ≤≥÷ åß∂ƒ©˙∆˚¬',
  '\u202eevil',
  'ﷺ𒐫',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00%2e%2e%2f',
  ['$', '{7*7}{{7*7}}'].join(''),
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999999',
  '2147483648',
  '-2147483649',
  '0x1F',
  '1.5',
  'true',
  'null',
  '[]',
  '{}',
  '\\',
  '"',
  'a\r\nSet-Cookie: x=1',
  '2024-02-30',
  '0000-00-00T00:00:00Z',
  'not-an-email@',
  '@@',
  '__proto__',
  'constructor',
];

function hostileString(r: TRandom): string {
  if (r.chance(0.15)) return r.pick(['x', '😀', 'é', '\u0000', '9']).repeat(r.pick([256, 5_000, 100_000]));
  if (r.chance(0.15)) {
    return Array.from({ length: 1 + r.int(40) }, () => String.fromCodePoint(r.int(0x10ffff + 1))).join('');
  }
  return r.pick(HOSTILE_STRINGS);
}

function hostileValue(r: TRandom): unknown {
  switch (r.int(8)) {
    case 0:
      return r.pick([null, true, false]);
    case 1:
      return r.pick([0, -1, 1.5, -0.0001, 1e308, -1e308, 2 ** 31, 2 ** 53 + 1, Number.MIN_VALUE]);
    case 2:
      return r.pick([[], [1, 2, 3], [null], [[[]]], ['a', { b: 1 }]]);
    case 3:
      // Parsed, so `__proto__` is an own key as it would be in a request body.
      return JSON.parse(
        r.pick(['{}', '{"a":1}', '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{}}}']),
      );
    case 4:
      return JSON.parse(deepJson(r.pick([20, 200, 2000])));
    default:
      return hostileString(r);
  }
}

/** A value that fits `schema` (so requests reach the handlers, not only the validator). */
function valueFor(schema: TJsonSchema | undefined, r: TRandom, depth = 0): unknown {
  if (!schema || depth > 6) return r.pick(['x', 1, null]);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return valueFor(r.pick(variants), r, depth + 1);
  if (schema.allOf?.length) return valueFor(schema.allOf[0], r, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return r.pick(schema.enum);
  const type = Array.isArray(schema.type) ? r.pick(schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || r.chance(0.6)) out[key] = valueFor(prop, r, depth + 1);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: r.int(4) }, () => valueFor(schema.items, r, depth + 1));
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 1;
      const max = Math.min(schema.maximum ?? min + 5, min + 1000);
      const n = min + r.next() * (max - min);
      return type === 'integer' ? Math.round(n) : Math.round(n * 100) / 100;
    }
    case 'boolean':
      return r.chance(0.5);
    case 'null':
      return null;
    case 'string':
      return stringFor(schema, r);
    default:
      return r.pick(['1', 1, 'x']);
  }
}

function stringFor(schema: TJsonSchema, r: TRandom): string {
  switch (schema.format) {
    case 'email':
      return `fuzz${r.int(1000)}@example.com`;
    case 'date-time':
      return new Date(Date.UTC(2020 + r.int(6), r.int(12), 1 + r.int(28))).toISOString();
    case 'date':
      return `202${r.int(6)}-0${1 + r.int(9)}-1${r.int(9)}`;
    case 'uuid':
      return r.pick(['00000000-0000-4000-8000-000000000000', crypto.randomUUID()]);
    case 'uri':
      return 'https://example.com/x';
  }
  const min = schema.minLength ?? 1;
  const max = Math.min(schema.maxLength ?? 12, min + 20);
  const length = min + r.int(max - min + 1);
  return Array.from({ length }, () => r.pick([...'abcdefghijklmnopqrstuvwxyz0123456789 '])).join('');
}

/** Breaks one thing about a fitting object: a field gets a hostile value, goes missing, or a stranger joins. */
function mutateObject(value: Record<string, unknown>, r: TRandom): Record<string, unknown> {
  const out = { ...value };
  const keys = Object.keys(out);
  const what = r.int(3);
  if (what === 0 && keys.length) out[r.pick(keys)] = hostileValue(r);
  else if (what === 1 && keys.length) delete out[r.pick(keys)];
  else
    out[r.pick(['extra', 'isAdmin', 'companyId', 'userId', '__proto__', hostileString(r).slice(0, 50)])] =
      hostileValue(r);
  return out;
}

export type TFuzzContext = {
  /** Companies of the signed-in user, used for `:shopId` / `:supplierId` most of the time. */
  own: { shops: number; suppliers: number };
  /** Companies of someone else. */
  foreign: { shops: number; suppliers: number };
  /** Ids that exist in the seeded data (orders, documents, links …), tried for other path parameters. */
  ids: number[];
  token: string;
};

/** Percent-encodes, with lone surrogates sent as the invalid UTF-8 they would be. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

const HOSTILE_IDS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  'abc',
  '99999999999',
  '2147483648',
  '%00',
  '%F0%9F%98%80',
  'null',
  '%20',
];

function pathFor(route: TRegisteredRoute, ctx: TFuzzContext, r: TRandom): string {
  return route.url
    .split('/')
    .map((segment) => {
      if (segment === '*') return encode(hostileString(r).slice(0, 200)) || 'x';
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1).toLowerCase();
      const company = name === 'shopid' ? 'shops' : name === 'supplierid' ? 'suppliers' : undefined;
      if (r.chance(0.15)) return r.chance(0.5) ? r.pick(HOSTILE_IDS) : encode(hostileString(r).slice(0, 300));
      if (company) return String(r.chance(0.85) ? ctx.own[company] : ctx.foreign[company]);
      return String(r.chance(0.8) ? r.pick(ctx.ids) : 1 + r.int(50));
    })
    .join('/');
}

function queryFor(
  schema: TJsonSchema | undefined,
  r: TRandom,
): Record<string, string | string[]> | undefined {
  const fitting = (schema ? valueFor(schema, r) : {}) as Record<string, unknown>;
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(fitting ?? {}))
    query[k] = typeof v === 'string' ? v : JSON.stringify(v);
  if (r.chance(0.5)) {
    const keys = Object.keys(query);
    const key =
      keys.length && r.chance(0.7) ? r.pick(keys) : r.pick(['Page', 'PerPage', 'search', 'sort', 'extra']);
    // Repeated keys arrive as arrays; hostile values as text.
    query[key] = r.chance(0.2) ? ['1', '2'] : String(hostileString(r));
  }
  return Object.keys(query).length ? query : undefined;
}

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/octet-stream',
  ';;;',
];

const FILE_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/html',
  'application/x-msdownload',
  '',
];
const FILE_NAMES = [
  'invoice.pdf',
  '../../../etc/passwd',
  '..\\x.pdf',
  'a'.repeat(2000),
  'nul\u0000.pdf',
  '😀.png',
  '',
];

function bodyFor(schema: FastifySchema | undefined, r: TRandom, ctx: TFuzzContext) {
  const consumes = (schema as { consumes?: string[] } | undefined)?.consumes ?? [];
  if (consumes.includes('multipart/form-data') && r.chance(0.7)) {
    const fields: Record<string, string> = {};
    for (const name of ['Memo', 'ShopSupplierId', 'name', 'note']) {
      if (r.chance(0.6))
        fields[name] = r.chance(0.5) ? String(r.pick(ctx.ids)) : hostileString(r).slice(0, 20_000);
    }
    const bytes = r.chance(0.5)
      ? Buffer.from(`%PDF-1.4\n${hostileString(r).slice(0, 5000)}`)
      : Buffer.from(Array.from({ length: r.int(4000) }, () => r.int(256)));
    const file = r.chance(0.8)
      ? {
          field: r.pick(['File', 'file', 'photo', 'x']),
          name: r.pick(FILE_NAMES),
          type: r.pick(FILE_TYPES),
          bytes,
        }
      : undefined;
    return multipart(fields, file);
  }
  const json = jsonSchemaOf(schema?.body);
  const fitting = valueFor(json ?? { type: 'object' }, r);
  const roll = r.int(10);
  if (roll < 3) return { payload: JSON.stringify(fitting), headers: { 'content-type': 'application/json' } };
  if (roll < 6) {
    const mutated =
      fitting && typeof fitting === 'object' && !Array.isArray(fitting)
        ? mutateObject(fitting as Record<string, unknown>, r)
        : hostileValue(r);
    return { payload: JSON.stringify(mutated), headers: { 'content-type': 'application/json' } };
  }
  if (roll < 7)
    return { payload: JSON.stringify(hostileValue(r)), headers: { 'content-type': 'application/json' } };
  if (roll < 8) {
    const raw = r.pick([
      deepJson(r.pick([1000, 50_000])),
      '{"a":',
      '\u0000',
      '{"a":1,"a":2}',
      '',
      'x'.repeat(2_000_000),
    ]);
    return { payload: raw, headers: { 'content-type': 'application/json' } };
  }
  return {
    payload: r.chance(0.5) ? JSON.stringify(fitting) : hostileString(r),
    headers: { 'content-type': r.pick(WRONG_CONTENT_TYPES) },
  };
}

/** One generated request for `route`, as the signed-in user of `ctx`. */
export function fuzzRequest(route: TRegisteredRoute, ctx: TFuzzContext, r: TRandom): InjectOptions {
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  const body = hasBody && r.chance(0.9) ? bodyFor(route.schema, r, ctx) : undefined;
  const headers: Record<string, string> = { ...body?.headers };
  if (r.chance(0.97)) headers.authorization = `Bearer ${ctx.token}`;
  else
    headers.authorization = r.pick(['Bearer ', 'Bearer x.y.z', 'Basic Zm9vOmJhcg==', `Bearer ${ctx.token}x`]);
  if (r.chance(0.05)) headers.accept = r.pick(['application/xml', 'text/html', '*/*;q=abc']);
  const query = queryFor(jsonSchemaOf(route.schema?.querystring), r);
  return {
    method: route.method as InjectOptions['method'],
    url: pathFor(route, ctx, r),
    headers,
    ...(query ? { query } : {}),
    ...(body ? { payload: body.payload } : {}),
  };
}

/** Internals a reply must never show: stack frames, SQL and driver texts, source paths. */
export const LEAK_PATTERNS = [
  /\bat .+ \(.+:\d+:\d+\)/,
  /\bat async\b/,
  /node_modules/,
  /\.[tj]s:\d+/,
  /Failed query/i,
  /syntax error at or near/i,
  /violates (foreign key|unique|not-null|check) constraint/i,
  /duplicate key value/i,
  /invalid input syntax/i,
  /relation "\w+" does not exist/i,
  /\bselect\s+.+\s+from\s+"/i,
  /\binsert into\s+"/i,
  /ZodError|drizzle|PGlite|pg-boss/i,
];
