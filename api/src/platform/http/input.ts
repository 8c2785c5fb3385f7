/**
 * The one text rule at the boundary: a NUL character, a lone UTF-16 surrogate
 * or bytes that are not UTF-8 in the path, the query, the headers the API reads or a string (or
 * key) of a parsed body answer 400 `{ error: 'ValidationError', message, field, issues }` before
 * any route runs, so none of them reaches the database (PostgreSQL refuses NUL in text and answered
 * 500). Installed once on the root instance by `installInputRules` (app.ts):
 * - `onRequest`: the raw URL (path and query, percent-decoded strictly) and the read headers;
 * - the `application/json` parser: the body bytes must be UTF-8 (fastify's own parser otherwise);
 * - `preValidation`: every string and key of the parsed body, whatever its content type.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Headers the API reads (their values reach the database or the logic). */
export const READ_HEADERS = ['authorization', 'x-amz-target', 'idempotency-key', 'user-agent', 'if-none-match', 'x-forter-siteid'] as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Why a string is refused, or null. */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'Must not contain a NUL character';
  if (LONE_SURROGATE.test(value)) return 'Must not contain a lone surrogate (invalid Unicode)';
  return null;
}

/** Bytes as UTF-8, or null when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

const NOT_UTF8 = 'Must be valid UTF-8';

/**
 * Percent-decodes a URL component strictly ('+' is a space in queries): bytes that are not UTF-8
 * give null (a '%' that starts no escape is kept as it is). Characters 0x80-0xFF of the raw URL are its raw bytes (Node
 * reads the request line as latin1); characters above are taken as UTF-8.
 */
export function decodeComponent(raw: string, plusIsSpace: boolean): string | null {
  if (!/[%+\u0080-\uffff]/.test(raw)) return raw;
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x25) {
      const hex = raw.slice(i + 1, i + 3);
      // a '%' that starts no escape stays a '%' (as URL parsers and fastify's query parser read it)
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) bytes.push(0x25);
      else {
        bytes.push(parseInt(hex, 16));
        i += 2;
      }
    } else if (c === 0x2b && plusIsSpace) bytes.push(0x20);
    else if (c <= 0xff) bytes.push(c);
    else for (const b of Buffer.from(raw[i]!, 'utf8')) bytes.push(b);
  }
  return decodeUtf8(Uint8Array.from(bytes));
}

export interface InputProblem {
  /** `path`, the query parameter's name, `headers.<name>` or the body field (`cart.items.0.productId`, `body`). */
  field: string;
  /** path | query | headers | body */
  where: 'path' | 'query' | 'headers' | 'body';
  reason: string;
}

/** The first problem of a raw request URL (`/path?query`), or null. */
export function urlProblem(url: string): InputProblem | null {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const decodedPath = decodeComponent(path, false);
  if (decodedPath === null) return { field: 'path', where: 'path', reason: NOT_UTF8 };
  const pathReason = textProblem(decodedPath);
  if (pathReason) return { field: 'path', where: 'path', reason: pathReason };
  if (q === -1) return null;
  for (const pair of url.slice(q + 1).split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawName = eq === -1 ? pair : pair.slice(0, eq);
    const name = decodeComponent(rawName, true);
    const field = name !== null && textProblem(name) === null && name.length <= 100 ? name : 'query';
    if (name === null) return { field, where: 'query', reason: NOT_UTF8 };
    const nameReason = textProblem(name);
    if (nameReason) return { field, where: 'query', reason: nameReason };
    if (eq === -1) continue;
    const value = decodeComponent(pair.slice(eq + 1), true);
    if (value === null) return { field, where: 'query', reason: NOT_UTF8 };
    const valueReason = textProblem(value);
    if (valueReason) return { field, where: 'query', reason: valueReason };
  }
  return null;
}

/** The first problem of the headers the API reads, or null (their values arrive as latin1 text: its bytes must be UTF-8). */
export function headerProblem(headers: Record<string, string | string[] | undefined>): InputProblem | null {
  for (const name of READ_HEADERS) {
    const raw = headers[name];
    if (raw === undefined) continue;
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      const field = `headers.${name}`;
      const reason = textProblem(value);
      if (reason) return { field, where: 'headers', reason };
      // bytes above ASCII must form UTF-8 (a character above 0xFF cannot come from the wire at all)
      if (/[\u0080-\uffff]/.test(value)) {
        if (/[\u0100-\uffff]/.test(value) || decodeUtf8(Buffer.from(value, 'latin1')) === null) return { field, where: 'headers', reason: NOT_UTF8 };
      }
    }
  }
  return null;
}

/** The first problem among the strings and keys of a parsed body, or null. */
export function bodyProblem(body: unknown, path = '', depth = 0): InputProblem | null {
  const field = path || 'body';
  if (typeof body === 'string') {
    const reason = textProblem(body);
    return reason ? { field, where: 'body', reason } : null;
  }
  if (body === null || typeof body !== 'object' || depth > 100 || Buffer.isBuffer(body)) return null;
  if (Array.isArray(body)) {
    for (let i = 0; i < body.length; i++) {
      const problem = bodyProblem(body[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const keyReason = textProblem(key);
    if (keyReason) return { field, where: 'body', reason: `Field name: ${keyReason.replace(/^Must/, 'must')}` };
    const problem = bodyProblem(value, path ? `${path}.${key}` : key, depth + 1);
    if (problem) return problem;
  }
  return null;
}

const WHERE_NAMES = { path: 'path', query: 'query', headers: 'headers', body: 'body' } as const;

/** The project's validation error body, with the field at the top as well. */
export function problemBody(problem: InputProblem) {
  return {
    error: 'ValidationError',
    message: `Invalid ${WHERE_NAMES[problem.where]}: ${problem.field}: ${problem.reason}.`,
    field: problem.field,
    issues: [{ field: problem.field, reason: problem.reason }],
  };
}

/** The error the JSON parser raises for a body that is not UTF-8 (errors.ts answers it). */
export class InputTextError extends Error {
  readonly statusCode = 400;
  constructor(readonly problem: InputProblem) {
    super(`${problem.field}: ${problem.reason}`);
    this.name = 'InputTextError';
  }
}

export function sendProblem(reply: FastifyReply, problem: InputProblem): FastifyReply {
  // a string body skips the route's response serializer (whose 400 schema would drop `field`)
  reply.code(400).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store');
  // the Cognito protocol's clients (aws-amplify) read the error type from this header
  if (reply.request.url.startsWith('/api/cognito')) reply.header('x-amzn-errortype', 'InvalidParameterException:');
  return reply.send(JSON.stringify(problemBody(problem)));
}

/**
 * fastify's `rewriteUrl`: a store page's address whose path has %-escapes that do not decode
 * (`/products/%E0%A4%A`, a link cut short) names no page. A browser asking for it as a page (its
 * Accept names text/html), or a page asking for its route data (`…/_payload.json`), gets that
 * path's `%`s escaped (`%25`), so the request goes on as the page of that literal path, which does
 * not exist: the store's 404 page (server-rendered, with its security headers), not the router's
 * JSON refusal. API paths (`/api/…`) and every other request keep the 400 of the input rules.
 */
const decodes = (path: string): boolean => {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
};

export function rewritePageUrl(req: { url?: string; method?: string; headers: Record<string, string | string[] | undefined> }): string {
  const url = req.url ?? '/';
  if (req.method !== 'GET' && req.method !== 'HEAD') return url;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!path.includes('%') || path === '/api' || path.startsWith('/api/')) return url;
  const accept = req.headers.accept;
  const asPage = (Array.isArray(accept) ? accept.join(',') : (accept ?? '')).includes('text/html') || path.endsWith('/_payload.json');
  if (!asPage || (decodeComponent(path, false) !== null && decodes(path))) return url;
  return path.replace(/%/g, '%25') + (q === -1 ? '' : url.slice(q));
}

/**
 * fastify's `frameworkErrors`: the router refuses a path whose escapes do not decode
 * (FST_ERR_BAD_URL) before any hook runs; it gets the same answer.
 */
export function frameworkErrors(error: Error & { code?: string; statusCode?: number }, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    sendProblem(reply, urlProblem(request.raw.url ?? '/') ?? { field: 'path', where: 'path', reason: NOT_UTF8 });
    return;
  }
  reply.code(error.statusCode ?? 400).send({ error: 'BadRequest', message: error.message });
}

/** Installs the rule on the root instance (before any route or plugin is registered). */
export function installInputRules(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const problem = urlProblem(request.raw.url ?? '/') ?? headerProblem(request.headers);
    if (problem) return sendProblem(reply, problem);
  });
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = decodeUtf8(body as Buffer);
    if (text === null) return done(new InputTextError({ field: 'body', where: 'body', reason: NOT_UTF8 }), undefined);
    defaultJson(request, text, done);
  });
  app.addHook('preValidation', async (request, reply) => {
    const problem = bodyProblem(request.body);
    if (problem) return sendProblem(reply, problem);
  });
}
