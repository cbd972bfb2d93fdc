/**
 * A property-based test driven by the OpenAPI document: for every operation it lists,
 * fast-check generates requests that follow the document and requests that break it
 * (bodies, queries and path values; with and without a shopper's token), sends them to the
 * app in-process against the real database, and requires that no answer is a server error
 * and that every answer is one the document describes for its status.
 *
 * Bounded so `npm test` stays quick: RUNS requests per operation, from a fixed seed printed
 * with the count (FUZZ_SEED and FUZZ_RUNS replay or widen a run).
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { Type } from 'typebox';
import { compileChecker } from '../src/plugins/validation';
import { call, createShopper, json, seedProducts, setupHarness, type Call } from './helpers';

const t = setupHarness();

const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/** Errors any call may give without its operation listing them, always as {"detail": ...}. */
const COMMON_ERRORS = new Set([401, 403, 404, 409, 413, 415, 422, 429]);

type Schema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}

interface Answer {
  description: string;
  content?: Record<string, { schema: Schema }>;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Answer>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
}

// ------------------------------------------------------------------ values from schemas

/** Values the schema accepts (nearly always: patterns and lengths are approximated). */
function valid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s) => valid(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return text(schema);
    case 'integer': {
      const low = Math.max(schema.minimum ?? -1000, (schema.exclusiveMinimum ?? -1e9) + 1);
      const high = Math.min(schema.maximum ?? 1_000_000, (schema.exclusiveMaximum ?? 1e12) - 1);
      // Small ids hit the rows that exist; the rest of the range finds edges.
      return fc.oneof(
        fc.integer({ min: low, max: Math.min(high, low + 4) }),
        fc.integer({ min: low, max: high }),
      );
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? valid(schema.items, depth + 1) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object':
      return object(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function text(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 60));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}

function object(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, valid(s, depth + 1)])),
    { requiredKeys: (schema.required ?? []).filter((k) => k in properties) },
  );
  const extra = schema.additionalProperties;
  if (typeof extra !== 'object' || depth > 3) return record;
  return fc
    .tuple(
      record,
      fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), valid(extra, depth + 1), {
        maxKeys: 3,
      }),
    )
    .map(([known, more]) => ({ ...more, ...(known as object) }));
}

/** Values the schema may refuse: wrong types, missing or extra fields, odd text. */
function broken(schema: Schema): fc.Arbitrary<unknown> {
  const anything = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom('', '\u0000', 'x'.repeat(5000), -1, 0, 1.5, 2 ** 53, 1e308, null, [], {}),
  );
  const properties = Object.keys(schema.properties ?? {});
  if (properties.length === 0) return anything;
  const base = valid(schema) as fc.Arbitrary<Record<string, unknown>>;
  return fc.oneof(
    anything,
    // One field wrong.
    fc
      .tuple(base, fc.constantFrom(...properties), anything)
      .map(([value, key, bad]) => ({ ...value, [key]: bad })),
    // One field missing.
    fc.tuple(base, fc.constantFrom(...properties)).map(([value, key]) => {
      const { [key]: _dropped, ...rest } = value;
      return rest;
    }),
    // A field nobody asked for.
    base.map((value) => ({ ...value, unexpected: 'field' })),
  );
}

// ------------------------------------------------------------------ requests

interface Generated {
  path: Record<string, string>;
  query: [string, string][];
  body: unknown;
  signedIn: boolean;
}

const asText = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

function requests(operation: Operation, hasBody: boolean): fc.Arbitrary<Generated> {
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((p) => p.in === 'path');
  const inQuery = parameters.filter((p) => p.in === 'query');
  // Never empty: /orders/ is another route's path (/orders), not a value of this one.
  const pathValue = (p: Parameter) =>
    fc.oneof(valid(p.schema).map(asText), fc.string({ minLength: 1, maxLength: 30 }));
  const queryValue = (p: Parameter) =>
    fc.option(fc.oneof(valid(p.schema).map(asText), broken(p.schema).map(asText)), {
      nil: undefined,
      freq: p.required ? 8 : 2,
    });
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  return fc.record({
    path: fc.record(Object.fromEntries(inPath.map((p) => [p.name, pathValue(p)]))),
    query: fc
      .tuple(
        ...inQuery.map((p) => queryValue(p).map((v): [string, string | undefined] => [p.name, v])),
      )
      .map((pairs) => pairs.filter((pair): pair is [string, string] => pair[1] !== undefined)),
    body:
      hasBody && bodySchema
        ? fc.oneof(valid(bodySchema), broken(bodySchema))
        : fc.constant(undefined),
    signedIn: fc.boolean(),
  });
}

function urlOf(template: string, generated: Generated): string {
  const path = template.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(generated.path[name] ?? ''),
  );
  const query = new URLSearchParams(generated.query).toString();
  return query ? `${path}?${query}` : path;
}

// ------------------------------------------------------------------ answers

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new WeakMap<Schema, ReturnType<typeof ajv.compile>>();
function check(schema: Schema, value: unknown): string | null {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(value) ? null : ajv.errorsText(validate.errors);
}

const DETAIL: Schema = {
  type: 'object',
  required: ['detail'],
  properties: {
    detail: {
      anyOf: [
        { type: 'string' },
        {
          type: 'array',
          items: {
            type: 'object',
            required: ['loc', 'msg', 'type'],
            properties: { msg: { type: 'string' }, type: { type: 'string' } },
          },
        },
      ],
    },
  },
};

/** What is wrong with an answer, by the document; null when nothing is. */
function problemWith(operation: Operation, r: LightMyRequestResponse): string | null {
  if (r.statusCode >= 500) return `server error ${r.statusCode}: ${r.body.slice(0, 300)}`;
  const status = String(r.statusCode);
  const answer = operation.responses[status] ?? operation.responses[`${status[0]}XX`];
  const type =
    String(r.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim() ?? '';
  if (!answer) {
    if (!COMMON_ERRORS.has(r.statusCode)) return `undocumented status ${status}`;
    if (type !== 'application/json') return `status ${status} answered as ${type}`;
    return check(DETAIL, json(r));
  }
  if (!answer.content) return r.body === '' ? null : `status ${status} has a body`;
  const media = answer.content[type];
  if (!media) return `status ${status} answered as ${type || 'nothing'}, not as documented`;
  const value = type.endsWith('json') ? json(r) : r.body;
  const problem = check(media.schema, value);
  return problem ? `status ${status} does not match the document: ${problem}` : null;
}

// ------------------------------------------------------------------ the run

test('every operation of the document: generated requests get documented answers, never a 5xx', async () => {
  await seedProducts(t.db, [
    { name: 'Rice 10kg', price: 18500, stock: 40 },
    { name: 'Milo 500g', price: 5600, stock: 3 },
    { name: 'Salt 500g', price: 450, stock: 0 },
  ]);
  let shopper = await createShopper(t.app, t.db);
  const doc = json<Document>(await call(t.app, { url: '/api/openapi.json' }));

  const operations = Object.entries(doc.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    )
    // Signing out ends the token the others use: last.
    .sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
  expect(operations.length).toBeGreaterThanOrEqual(45);

  let sent = 0;
  const byClass = new Map<number, number>();
  const failures: string[] = [];
  for (const [index, { path, method, operation }] of operations.entries()) {
    const hasBody = operation.requestBody !== undefined;
    const property = fc.asyncProperty(requests(operation, hasBody), async (generated) => {
      const request: Call = {
        method: method.toUpperCase() as Call['method'],
        url: urlOf(path, generated),
        ...(generated.signedIn ? { token: shopper.token } : {}),
        ...(hasBody ? { body: generated.body ?? null } : {}),
      };
      if (hasBody) request.headers = { 'content-type': 'application/json' };
      if (hasBody) request.body = JSON.stringify(generated.body ?? null);
      const r = await call(t.app, request);
      sent++;
      byClass.set(
        Math.floor(r.statusCode / 100),
        (byClass.get(Math.floor(r.statusCode / 100)) ?? 0) + 1,
      );
      const problem = problemWith(operation, r);
      if (problem) {
        throw new Error(
          `${method.toUpperCase()} ${request.url} ${generated.signedIn ? '(signed in)' : ''} ${asText(generated.body).slice(0, 200)}: ${problem}`,
        );
      }
    });
    const outcome = await fc.check(property, { seed: SEED + index, numRuns: RUNS });
    if (outcome.failed) {
      failures.push(
        `${method.toUpperCase()} ${path}: ${String((outcome.errorInstance as Error | undefined)?.message ?? outcome.counterexample)}`,
      );
    }
    // A generated request may have ended the shopper's session (a password reset): renew.
    if ((await call(t.app, { url: '/api/user/me', token: shopper.token })).statusCode === 401) {
      shopper = await createShopper(t.app, t.db);
    }
  }
  console.info(
    `API fuzz: ${sent} requests over ${operations.length} operations, ${RUNS} runs each, seed ${SEED} (FUZZ_SEED=${SEED} to replay), ${failures.length} failing; answers by class: ${[...byClass].map(([c, n]) => `${c}xx ${n}`).join(', ')}`,
  );
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThanOrEqual(operations.length * RUNS);
});

// ------------------------------------------------------------------ what it found

test('a field named with "%", "/" or "~" is refused by name, not with a 500', async () => {
  expect(
    compileChecker(Type.Record(Type.String(), Type.String()))({ '%': 1, 'a/b~c': 2 }, ['body']),
  ).toEqual([
    { loc: ['body', '%'], msg: 'Enter text', type: 'string_type' },
    { loc: ['body', 'a/b~c'], msg: 'Enter text', type: 'string_type' },
  ]);
  for (const [url, body] of [
    ['/api/v1.0/email/send-form', { '%': false }],
    ['/api/v1.0/email/send', { template_params: { '100%': [] } }],
  ] as const) {
    const r = await call(t.app, { method: 'POST', url, body });
    expect({ url, status: r.statusCode, body: r.body }).toEqual({
      url,
      status: 400,
      body: expect.stringMatching(/^Invalid request: /),
    });
  }
});
