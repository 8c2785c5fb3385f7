/**
 * Request ids: each request's id is an incoming `x-request-id` when it is a plausible id (1-128
 * letters, digits and `-_.:`; a proxy's or a caller's, so one id follows a request across hops),
 * else a new UUID. Fastify puts it on every log line of the request (`reqId`); buildApp sends it
 * back in `x-request-id`.
 */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const VALID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  const value = Array.isArray(given) ? given[0] : given;
  return value && VALID.test(value) ? value : crypto.randomUUID();
}
