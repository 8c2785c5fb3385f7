/**
 * A generated fuzz pass over every operation of the OpenAPI document the API publishes
 * (/api/docs/json). fast-check (fixed seed, so a failure reproduces) generates requests from each
 * operation's parameters and body schema: plausible values mixed with hostile ones (NUL bytes,
 * lone surrogates, bytes that are not UTF-8, huge, negative and fractional numbers, wrong types,
 * very long strings, unknown fields) in path parameters, the query, headers and JSON bodies, half
 * of them signed in. Every answer must be below 500. FUZZ_REPORT=1 prints the status counts,
 * FUZZ_REPORT=all every request and answer.
 */
import fc from 'fast-check';
import { BACKENDS, createTestContext, signUpCustomer, type TestContext } from './helpers';

const SEED = 13_2026;
/** Requests in all (spread over the operations). */
const TOTAL_CASES = 1_200;

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  additionalProperties?: boolean | Schema;
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
  parameters: Parameter[];
  body?: Schema;
}

/** Values a careful client would send: ids, slugs, e-mail addresses, numbers that exist. */
const PLAUSIBLE_STRINGS = ['1', '2', '12', 'bags', 'travel/luggage', 'nz_products', 'aroha@example.co.nz', 'Aroha', 'NZ', '1010', 'standard', 'price-asc', 'A1B2C3D4', 'FL-1000001', '4111111111111111', 'fake-valid-nonce', 'true', ''];

/** Text that has broken servers: NUL, lone surrogates, a BOM, RTL marks, long and odd strings. */
const HOSTILE_STRINGS = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud83dy', '\ufeff', '\u202e', '%00', '%ED%A0%80', '../../etc/passwd', "' or 1=1 --", '{{7*7}}', '<script>', '\\', '%', ' ', '\r\n', 'null', '-1', '1e309', 'NaN'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.nat({ max: 20_000 }).map((n) => 'é'.repeat(n)),
  fc.constantFrom(5_000, 100_000).map((n) => 'x'.repeat(n)),
);
/** A plausible value with a hostile character spliced in (passes a plain string schema, reaches the handler). */
const SPLICED_STRINGS = fc
  .tuple(fc.constantFrom(...PLAUSIBLE_STRINGS), fc.constantFrom('\u0000', '\ud800', '\udc00', '\uffff', '\u{1F600}', '\u0000\u0000'), fc.nat({ max: 20 }))
  .map(([text, bad, at]) => `${text.slice(0, at)}${bad}${text.slice(at)}`);
const HOSTILE_NUMBERS = fc.constantFrom(-1, 0, -2_147_483_649, 2_147_483_648, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e308, -1e308, 0.5, -0.0001, 1e-320);
const WRONG_TYPES = fc.constantFrom<unknown>(null, true, false, [], {}, [1, 'a', null], { $ne: 1 }, { __proto__: { admin: true } }, 'string', 42);

function resolve(schema: Schema | undefined, components: Record<string, Schema>): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) s = components[s.$ref.replace('#/components/schemas/', '')] ?? {};
  return s;
}

/** A value for a schema: mostly of the right shape, often hostile at some depth. */
function valueFor(schema: Schema | undefined, components: Record<string, Schema>, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  const hostile = fc.oneof(HOSTILE_STRINGS, HOSTILE_NUMBERS, WRONG_TYPES);
  const choices = s.anyOf ?? s.oneOf ?? s.allOf;
  if (choices?.length) return fc.oneof(...choices.map((c) => valueFor(c, components, depth + 1)));
  let shaped: fc.Arbitrary<unknown>;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (s.enum?.length) shaped = fc.constantFrom(...s.enum);
  else if (s.const !== undefined) shaped = fc.constant(s.const);
  else if (type === 'object' || s.properties) {
    if (depth > 5) return fc.constant({});
    const props = Object.entries(s.properties ?? {});
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, value] of props) record[key] = valueFor(value, components, depth + 1);
    const required = new Set(s.required ?? []);
    shaped = fc
      .tuple(
        fc.record(record, { requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)) }),
        fc.option(fc.tuple(fc.oneof(fc.constantFrom('extra', '__proto__', 'constructor', 'a\u0000'), fc.string({ maxLength: 8 })), hostile), { freq: 4 }),
      )
      .map(([object, extra]) => (extra ? { ...object, [extra[0]]: extra[1] } : object));
  } else if (type === 'array') {
    shaped = depth > 5 ? fc.constant([]) : fc.array(valueFor(s.items, components, depth + 1), { maxLength: 4 });
  } else if (type === 'integer' || type === 'number') {
    const min = s.minimum ?? -1000;
    const max = s.maximum ?? 100_000;
    shaped = fc.oneof(fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) }), HOSTILE_NUMBERS);
  } else if (type === 'boolean') shaped = fc.boolean();
  else
    shaped = fc.oneof(
      { arbitrary: fc.constantFrom(...PLAUSIBLE_STRINGS), weight: 3 },
      { arbitrary: SPLICED_STRINGS, weight: 3 },
      { arbitrary: HOSTILE_STRINGS, weight: 1 },
      { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
    );
  return fc.oneof({ arbitrary: shaped, weight: 8 }, { arbitrary: hostile, weight: 1 }, ...(s.nullable ? [{ arbitrary: fc.constant(null), weight: 1 }] : []));
}

/** Percent-encodes a string for a URL; lone surrogates are sent as the bytes of their (invalid) UTF-8. */
function encode(value: string): string {
  let out = '';
  for (const ch of value) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const c = ch.charCodeAt(0);
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
  }
  return out;
}

/** A scalar as it would appear in a URL (wrong types become their text; raw bytes sometimes). */
const urlText = (value: unknown, raw: boolean): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  return raw ? text.replace(/[\s#?&/]/g, '_') : encode(text);
};

interface Case {
  url: string;
  headers: Record<string, string>;
  payload?: string;
  signedIn: boolean;
}

function caseFor(op: Operation, components: Record<string, Schema>): fc.Arbitrary<Case> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const headerParams = op.parameters.filter((p) => p.in === 'header');
  const scalar = (p: Parameter) => valueFor(p.schema ?? { type: 'string' }, components);
  return fc.record({
    path: fc.tuple(...pathParams.map((p) => fc.tuple(scalar(p), fc.boolean()))),
    // the operation's parameters (required ones always, optional ones often, sometimes twice), and now and then unknown ones
    query: fc
      .tuple(
        fc.tuple(...queryParams.map((p) => fc.array(scalar(p), { minLength: p.required ? 1 : 0, maxLength: 2 }).map((values) => values.map((v) => [p.name, v] as [string, unknown])))),
        fc.option(fc.array(fc.tuple(fc.oneof(fc.constantFrom('q', 'page', 'x\u0000', '\ud800', 'constructor'), fc.string({ maxLength: 6 })), fc.oneof(HOSTILE_STRINGS, HOSTILE_NUMBERS)), { minLength: 1, maxLength: 2 }), { freq: 4 }),
      )
      .map(([known, extra]) => [...known.flat(), ...(extra ?? [])]),
    headers: fc.tuple(...headerParams.map((p) => fc.option(fc.oneof(fc.constantFrom('Bearer x', 'Basic bG9jYWw6', 'key-1234', 'ÿþ'), fc.string({ unit: 'binary-ascii', maxLength: 30 })).map((v) => [p.name, v] as const)))),
    body: op.body ? fc.oneof({ arbitrary: valueFor(op.body, components), weight: 8 }, { arbitrary: WRONG_TYPES, weight: 1 }, { arbitrary: fc.constantFrom('{', '{"a":', '\u0000', '[]'.repeat(10_000)).map((raw) => ({ __raw: raw })), weight: 1 }) : fc.constant(undefined),
    signedIn: fc.boolean(),
  }).map(({ path, query, headers, body, signedIn }) => {
    let url = op.path;
    pathParams.forEach((p, i) => {
      const [value, raw] = path[i]!;
      let text = urlText(value, raw);
      if (p.name === '*') text = text || 'x';
      url = url.replace(p.name === '*' ? '{*}' : `{${p.name}}`, text || '_');
    });
    const qs = query.map(([name, value]) => `${urlText(name, false)}=${urlText(value, false)}`).join('&');
    const hs: Record<string, string> = {};
    for (const h of headers) if (h) hs[h[0]] = h[1].replace(/[\r\n]/g, '');
    let payload: string | undefined;
    if (op.body) {
      hs['content-type'] = 'application/json';
      payload = body && typeof body === 'object' && '__raw' in body ? String((body as { __raw: string }).__raw) : JSON.stringify(body ?? null);
    }
    return { url: qs ? `${url}?${qs}` : url, headers: hs, payload, signedIn };
  });
}

describe.each(BACKENDS)('fuzzing every operation of the OpenAPI document on %s', (backend) => {
  let ctx: TestContext;
  let idToken: string;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 40 });
    // as the server does once listening: the catalogue indexes loaded, so readiness is 200 (a 503 there means not ready)
    await ctx.app.catalog.warm();
    ctx.app.readiness.catalogLoaded = true;
    ({ idToken } = await signUpCustomer(ctx));
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it(`${TOTAL_CASES} generated requests (seed ${SEED}): no answer is 500 or more`, async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
      components?: { schemas?: Record<string, Schema> };
    };
    const components = doc.components?.schemas ?? {};
    const operations: Operation[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        operations.push({ method: method.toUpperCase(), path, parameters: op.parameters ?? [], body: op.requestBody?.content?.['application/json']?.schema });
      }
    }
    expect(operations.length).toBeGreaterThanOrEqual(50);
    const perOperation = Math.ceil(TOTAL_CASES / operations.length);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const [index, op] of operations.entries()) {
      const cases = fc.sample(caseFor(op, components), { seed: SEED + index, numRuns: perOperation });
      for (const c of cases) {
        const res = await ctx.app.inject({
          method: op.method as 'GET',
          url: c.url,
          headers: { ...c.headers, ...(c.signedIn ? { authorization: `Bearer ${idToken}` } : {}) },
          ...(c.payload !== undefined ? { payload: c.payload } : {}),
        });
        sent += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (process.env.FUZZ_REPORT === 'all') console.log(`${op.method} ${c.url.slice(0, 150)} ${c.payload?.slice(0, 150) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 100)}`);
        if (res.statusCode >= 500) failures.push(`${op.method} ${c.url.slice(0, 300)} ${c.payload?.slice(0, 300) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(sent).toBeGreaterThanOrEqual(TOTAL_CASES);
    // the pass reaches the handlers, not only the validators
    expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
    if (process.env.FUZZ_REPORT) console.log(JSON.stringify([...statuses].sort()), failures.length, failures.slice(0, 40).join('\n'));
    expect(failures).toEqual([]);
  }, 240_000);
});
