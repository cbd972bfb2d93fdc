/**
 * Request validation with the contract's TypeBox schemas, reported the way FastAPI reports
 * it: a list of {loc, msg, type}, where msg is a sentence a shopper can act on.
 */
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { ValidationIssue } from '../../../contract';

type Loc = (string | number)[];

interface TypeBoxError {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

/** Where fastify says the problem is, in FastAPI's words. */
const PART: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

const TYPE_MESSAGES: Record<string, string> = {
  integer: 'Enter a whole number',
  number: 'Enter a number',
  string: 'Enter text',
  boolean: 'Must be true or false',
  object: 'Send an object with the fields listed in the documentation',
  array: 'Send a list',
  null: 'Must be empty (null)',
};

const TYPE_CODES: Record<string, string> = {
  integer: 'int_type',
  number: 'float_type',
  string: 'string_type',
  boolean: 'bool_type',
  object: 'model_attributes_type',
  array: 'list_type',
  null: 'none_required',
};

const KEYWORD_CODES: Record<string, string> = {
  required: 'missing',
  minLength: 'string_too_short',
  maxLength: 'string_too_long',
  pattern: 'string_pattern_mismatch',
  minimum: 'greater_than_equal',
  maximum: 'less_than_equal',
  exclusiveMinimum: 'greater_than',
  exclusiveMaximum: 'less_than',
  enum: 'enum',
  const: 'literal_error',
  anyOf: 'union_tag_invalid',
  additionalProperties: 'extra_forbidden',
};

/**
 * One segment of a JSON pointer as TypeBox writes it (RFC 6901: only ~1 and ~0 escaped). It
 * is not URI-encoded: a field named "%" stays "%", and decoding it as a URI would throw.
 */
function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The sub-schema an error's schemaPath (e.g. "#/properties/email") points at. */
function resolveSchema(schema: unknown, schemaPath: string): unknown {
  let node = schema;
  for (const raw of schemaPath.replace(/^#\/?/, '').split('/')) {
    if (raw === '') continue;
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[decodePointer(raw)];
  }
  return node;
}

function limitOf(params: Record<string, unknown>): unknown {
  return params.limit ?? params.comparison;
}

function readableMessage(schema: unknown, error: TypeBoxError): string {
  const target = resolveSchema(schema, error.schemaPath);
  const custom = (target as { errorMessage?: unknown } | undefined)?.errorMessage;
  if (typeof custom === 'string' && error.keyword !== 'required') {
    return custom;
  }
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return 'Field required';
    case 'type': {
      const t = String(Array.isArray(p.type) ? p.type[0] : p.type);
      return TYPE_MESSAGES[t] ?? `Must be of type ${t}`;
    }
    case 'minLength':
      return Number(limitOf(p)) <= 1
        ? 'This field cannot be empty'
        : `Enter at least ${String(limitOf(p))} characters`;
    case 'maxLength':
      return `Enter at most ${String(limitOf(p))} characters`;
    case 'minimum':
      return `Must be at least ${String(limitOf(p))}`;
    case 'maximum':
      return `Must be at most ${String(limitOf(p))}`;
    case 'exclusiveMinimum':
      return `Must be more than ${String(limitOf(p))}`;
    case 'exclusiveMaximum':
      return `Must be less than ${String(limitOf(p))}`;
    case 'pattern':
      return 'This value has the wrong format';
    case 'enum': {
      const allowed = Array.isArray(p.allowedValues) ? p.allowedValues : [];
      return `Choose one of: ${allowed.map(String).join(', ')}`;
    }
    case 'const':
      return `Must be ${JSON.stringify(p.allowedValue ?? p.value)}`;
    case 'anyOf':
      return 'This value has the wrong type';
    default:
      return error.message;
  }
}

function typeCode(error: TypeBoxError, part: string): string {
  if (error.keyword === 'type') {
    const t = String(Array.isArray(error.params.type) ? error.params.type[0] : error.params.type);
    // Path and query values arrive as text: say it could not be read as a number.
    if (part !== 'body' && (t === 'integer' || t === 'number')) {
      return t === 'integer' ? 'int_parsing' : 'float_parsing';
    }
    return TYPE_CODES[t] ?? 'type_error';
  }
  return KEYWORD_CODES[error.keyword] ?? 'value_error';
}

function pathOf(instancePath: string): Loc {
  return instancePath
    .split('/')
    .slice(1)
    .map(decodePointer)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** TypeBox errors to FastAPI's list: one issue per field, missing fields one each. */
export function toIssues(
  schema: unknown,
  errors: readonly TypeBoxError[],
  prefix: Loc,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const add = (loc: Loc, msg: string, type: string) => {
    const key = JSON.stringify(loc);
    if (seen.has(key)) return;
    seen.add(key);
    issues.push({ loc, msg, type });
  };
  const part = String(prefix[0] ?? 'body');
  for (const error of errors) {
    const at = [...prefix, ...pathOf(error.instancePath)];
    if (error.keyword === 'required') {
      const missing = error.params.requiredProperties;
      for (const name of Array.isArray(missing) ? missing : [missing]) {
        add([...at, String(name)], 'Field required', 'missing');
      }
      continue;
    }
    add(at, readableMessage(schema, error), typeCode(error, part));
  }
  return issues;
}

/** A checker for one schema outside fastify (e.g. JSON held inside a text field). */
export function compileChecker(schema: TSchema) {
  const check = Compile(schema);
  return (value: unknown, prefix: Loc): ValidationIssue[] =>
    check.Check(value) ? [] : toIssues(schema, check.Errors(value) as TypeBoxError[], prefix);
}

/** Keeps the issues on the error so the error handler can answer with them as they are. */
export interface IssueCarrier extends FastifySchemaValidationError {
  issue: ValidationIssue;
}

const INTEGER_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * Path and query values arrive as text: turns the ones whose field wants a number or a
 * boolean into one, strictly. "1.5", "0x10", " 12" or "" stay text and fail as such (a
 * lenient conversion would read "1.5" as item 1).
 */
export function convertText(schema: unknown, value: unknown): unknown {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties;
  if (!properties || typeof value !== 'object' || value === null || Array.isArray(value))
    return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, field] of Object.entries(properties)) {
    const text = out[key];
    if (typeof text !== 'string') continue;
    if (field.type === 'integer' && INTEGER_TEXT.test(text)) out[key] = Number(text);
    else if (field.type === 'number' && NUMBER_TEXT.test(text) && Number.isFinite(Number(text))) {
      out[key] = Number(text);
    } else if (field.type === 'boolean' && (text === 'true' || text === 'false'))
      out[key] = text === 'true';
  }
  return out;
}

/**
 * Fastify's validator compiler. Bodies are checked as sent (a "5" is not a number), while
 * path and query values, which are always text, are converted first.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  const part = PART[httpPart ?? 'body'] ?? 'body';
  return (value: unknown) => {
    const converted = httpPart === 'body' ? value : convertText(schema, value);
    if (check.Check(converted)) return { value: converted };
    const errors = check.Errors(converted) as TypeBoxError[];
    const issues = toIssues(schema, errors, [part]);
    const carriers: IssueCarrier[] = issues.map((issue) => ({
      keyword: issue.type,
      instancePath: '',
      schemaPath: '',
      params: {},
      message: issue.msg,
      issue,
    }));
    return { error: carriers };
  };
};

/** Where in a parsed body, query or path a NUL character hides, if anywhere. */
export function findNul(value: unknown, loc: Loc, depth = 0): Loc | null {
  if (typeof value === 'string') return value.includes('\u0000') ? loc : null;
  if (typeof value !== 'object' || value === null || depth > 32 || Buffer.isBuffer(value)) {
    return null;
  }
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i): [number, unknown] => [i, v])
    : Object.entries(value);
  for (const [key, child] of entries) {
    if (typeof key === 'string' && key.includes('\u0000')) return [...loc, key];
    const found = findNul(child, [...loc, key], depth + 1);
    if (found) return found;
  }
  return null;
}
