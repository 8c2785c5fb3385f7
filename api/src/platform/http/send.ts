import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedBody } from './cached-body.js';

/** Picks br, then gzip, from Accept-Encoding (ignoring q=0). */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (!value) return null;
  const offered = new Map<string, number>();
  for (const part of value.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)/.exec(p)).find(Boolean);
    offered.set(name.trim(), q ? Number(q[1]) : 1);
  }
  if ((offered.get('br') ?? 0) > 0) return 'br';
  if ((offered.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/** Sends a cached JSON body: ETag / 304, and the precompressed form the client accepts. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody, cacheControl: string) {
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('etag', body.etag)
    .header('vary', 'Accept-Encoding')
    .header('cache-control', cacheControl);
  if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(body.br());
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(body.gz());
  return reply.send(body.json);
}

/** Sends an already serialised JSON string (bypasses the response serializer). */
export function sendJsonString(reply: FastifyReply, json: string, cacheControl?: string) {
  reply.header('content-type', 'application/json; charset=utf-8');
  if (cacheControl) reply.header('cache-control', cacheControl);
  return reply.send(json);
}
