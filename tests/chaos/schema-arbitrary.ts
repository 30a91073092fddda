// fast-check arbitraries from the JSON Schemas of /api/openapi.json: `valid(schema)` draws values
// the schema describes (so requests get past validation and reach the services), `hostile(schema)`
// draws mutations of them — wrong types, missing and extra fields, extremes, unicode, huge strings.
import fc from 'fast-check';

/** The subset of JSON Schema zod's toJSONSchema emits. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
}

const weird = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '😀'.repeat(50),
  'ｆｕｌｌ',
  'x'.repeat(5_000),
];
const extremes = [
  0,
  -0,
  -1,
  0.001,
  0.005,
  1.005,
  99.999,
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
];

/** Anything at all: the wrong-type fallback. */
export const anything: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, ...weird, ...extremes),
  fc.string(),
  fc.double(),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

function numberArb(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.01) : -1000);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 0.01) : 100_000);
  const lo = Math.max(min, -1e9);
  const hi = Math.min(Math.max(max, lo), 1e9);
  if (integer) return fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  // money-like: two decimals inside the range, plus the bounds themselves
  return fc.oneof(
    fc.integer({ min: Math.ceil(lo * 100), max: Math.floor(hi * 100) }).map((c) => c / 100),
    fc.constantFrom(lo, hi),
  );
}

/** Values the schema accepts (best effort: patterns and formats are approximated). */
export function valid(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => valid(a, depth + 1)));
  if (s.allOf?.length) return valid(s.allOf[0]!, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'string': {
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'uri') return fc.webUrl();
      const minLength = s.minLength ?? 0;
      const maxLength = Math.min(s.maxLength ?? 40, 200);
      return fc.string({ minLength, maxLength: Math.max(minLength, maxLength), unit: 'grapheme-ascii' });
    }
    case 'array':
      return fc.array(valid(s.items ?? {}, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, 8),
      });
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = valid(v, depth + 1);
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in props) });
    }
    default:
      return anything;
  }
}

/** Mutations of valid values: the inputs a client should never send. */
export function hostile(s: Schema): fc.Arbitrary<unknown> {
  const base = valid(s);
  const props = Object.keys(s.properties ?? {});
  const mutations: fc.Arbitrary<unknown>[] = [anything, fc.constantFrom(...weird), fc.constantFrom(...extremes)];
  if (props.length) {
    const key = fc.constantFrom(...props);
    // one field replaced by something of another type or an extreme
    mutations.push(
      fc.tuple(base, key, anything).map(([v, k, x]) => ({ ...(v as object), [k]: x })),
      fc
        .tuple(base, key, fc.constantFrom<unknown>(...extremes, ...weird))
        .map(([v, k, x]) => ({ ...(v as object), [k]: x })),
      // a field removed
      fc.tuple(base, key).map(([v, k]) => {
        const o = { ...(v as Record<string, unknown>) };
        delete o[k];
        return o;
      }),
      // extra fields, prototype keys
      base.map((v) =>
        Object.assign(JSON.parse('{"__proto__":{"admin":true}}') as object, v, { extra: 'x', constructor: 'y' }),
      ),
      // a huge string in a field
      fc.tuple(base, key).map(([v, k]) => ({ ...(v as object), [k]: 'é'.repeat(100_000) })),
      // deep nesting in a field
      fc.tuple(base, key).map(([v, k]) => ({ ...(v as object), [k]: JSON.parse('['.repeat(200) + ']'.repeat(200)) })),
    );
  }
  return fc.oneof(...mutations);
}
