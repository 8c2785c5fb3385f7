/**
 * What the API's logs may carry, in one place: the fastify logger's
 * serializers and redact paths (buildApp uses `loggerOptions`).
 * - `req`: method, path and the query's parameter names with their values replaced
 *   (`/api/orders/lookup?email=[redacted]&number=[redacted]`), the client address; no headers.
 * - `err` (every logged error, also `log.error(error)`): type, message, stack, code and the
 *   database error's safe fields; drizzle's failed-query `params` (cart contents, e-mails, names,
 *   addresses) are dropped from the object, the message and the stack, a database error's
 *   `detail` (`Key (email)=(…) already exists`) is left out and the values a data error quotes
 *   (`invalid input syntax for type integer: "…"`) are replaced. Causes are walked (5 deep).
 * - `redact`: authorization, cookie and set-cookie headers wherever a log line carries headers.
 */
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** The URL with every query value replaced (names kept). */
export function redactUrl(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq === -1 ? pair : `${pair.slice(0, eq)}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** drizzle's "Failed query: …\nparams: a,b,c" (in the message and the stack). */
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

function cleanText(text: string | undefined, dataError: boolean): string | undefined {
  if (text === undefined) return text;
  let clean = text.replace(PARAMS_LINE, `\nparams: ${REDACTED}`);
  // a data exception quotes the offending value: invalid input syntax for type integer: "…"
  if (dataError) clean = clean.replace(/"[^"\n]*"/g, `"${REDACTED}"`);
  return clean;
}

/** Fields of an error that carry no data (PostgreSQL's error fields name things, not values). */
const SAFE_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine', 'validationContext'] as const;

export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) {
    if (error === undefined || error === null || typeof error === 'number' || typeof error === 'boolean') return error;
    return typeof error === 'string' ? cleanText(error, false) : '[not an Error]';
  }
  const fields = error as unknown as Record<string, unknown>;
  const code = typeof fields.code === 'string' ? fields.code : '';
  // SQLSTATE class 22: data exceptions, whose messages quote the value
  const dataError = /^22[0-9A-Z]{3}$/.test(code);
  const out: Record<string, unknown> = { type: error.name || error.constructor?.name || 'Error', message: cleanText(error.message, dataError), stack: cleanText(error.stack, dataError) };
  for (const key of SAFE_FIELDS) if (fields[key] !== undefined && typeof fields[key] !== 'object') out[key] = fields[key];
  if (typeof fields.query === 'string' && 'params' in fields) {
    out.query = fields.query;
    out.params = REDACTED;
  }
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };
const serializeErr = (error: Error): SerializedError => serializeError(error) as SerializedError;

function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
}

const HEADER_PATHS = ['authorization', 'cookie', '["set-cookie"]', '["x-amz-security-token"]', '["idempotency-key"]'];

/** The fastify logger options: level, these serializers and redact paths, and an optional stream (tests). */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    serializers: { req: serializeRequest, err: serializeErr, error: serializeErr },
    redact: {
      paths: HEADER_PATHS.flatMap((h) => [`headers.${h}`.replace('.[', '['), `req.headers.${h}`.replace('.[', '['), `request.headers.${h}`.replace('.[', '[')]),
      censor: REDACTED,
    },
    ...(stream ? { stream } : {}),
  };
}
