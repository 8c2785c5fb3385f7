/**
 * Whether an error means the database cannot be reached right now (a restart, a failover, a
 * connection lost or refused, the server starting up or out of connections), as opposed to a
 * fault of the query or of the code. Such errors are answered 503 with Retry-After
 * (platform/http/errors.ts): the request may succeed when repeated a moment later.
 */

/** SQLSTATEs of an unreachable or restarting server: class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections). */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of node-postgres while connecting or talking to the server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
/** node-postgres's messages for a lost connection or a pool that could not connect in time. */
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Cannot use a pool after calling end on the pool/,
  /^Query read timeout$/,
];

/** Seconds a client is told to wait (Retry-After) before repeating a request the database could not serve. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps the driver's error (DrizzleQueryError: its cause); AggregateError lists each address tried
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    if (typeof e !== 'object') return false;
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (SQLSTATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
