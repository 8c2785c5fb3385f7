import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The "edge": serves the shell, the runtime registry and the deployed remote builds from the same
 * origin as the API (what a CDN in front of the API does in production).
 *
 * - /registry.json: the runtime registry, no-cache (a release changes it atomically).
 * - /cdn/<name>/<version>/...: immutable deployed builds; manifests no-cache; precompressed br/gz.
 * - every other GET: the shell's index.html, 200 when a remote owns the path, else 404 (the shell
 *   then renders its "Page Not Found" page).
 */
export interface EdgeOptions {
  /** Folder holding registry.json and cdn/ (written by tools/deploy-local.mjs). */
  deployDir: string;
  /** Origins developer overrides may use; replaces the registry's list when set (env OVERRIDE_ORIGINS). */
  overrideOrigins?: string[];
}

interface RegistryFile {
  shell: { version: string; html: string } | null;
  remotes: { name: string; routes: string[] }[];
  overrideOrigins?: string[];
}

/** Same rule as the shell's router: "/x" exact, "/x/*" any deeper path. */
export function matchRoute(pattern: string, pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (pattern.endsWith('/*')) {
    const base = pattern.slice(0, -2);
    return p.startsWith(`${base}/`) && p.length > base.length + 1;
  }
  return p === pattern;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

export async function registerEdge(app: FastifyInstance, opts: EdgeOptions): Promise<void> {
  const registryFile = path.join(opts.deployDir, 'registry.json');
  let cached: { mtimeMs: number; checkedAt: number; registry: RegistryFile; body: string; html: string | null } | null = null;

  function load() {
    const now = Date.now();
    if (cached && now - cached.checkedAt < 500) return cached;
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(registryFile).mtimeMs;
    } catch {
      cached = null;
      return null;
    }
    if (cached && cached.mtimeMs === mtimeMs) {
      cached.checkedAt = now;
      return cached;
    }
    const registry = JSON.parse(fs.readFileSync(registryFile, 'utf8')) as RegistryFile;
    if (opts.overrideOrigins) registry.overrideOrigins = opts.overrideOrigins;
    let html: string | null = null;
    if (registry.shell) {
      try {
        html = fs.readFileSync(path.join(opts.deployDir, registry.shell.html.replace(/^\//, '')), 'utf8');
      } catch {
        html = null;
      }
    }
    cached = { mtimeMs, checkedAt: now, registry, body: JSON.stringify(registry), html };
    return cached;
  }

  await app.register(fastifyStatic, {
    root: path.join(opts.deployDir, 'cdn'),
    prefix: '/cdn/',
    preCompressed: true,
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const name = path.basename(filePath);
      reply.header('Cache-Control', name.startsWith('mf-manifest') || name.endsWith('.html') ? NO_CACHE : IMMUTABLE);
      reply.header('Access-Control-Allow-Origin', '*');
    },
  });

  app.get('/registry.json', async (_request, reply) => {
    const current = load();
    if (!current) return reply.code(503).header('Cache-Control', NO_CACHE).send({ error: 'NotDeployed', message: 'No registry has been deployed yet.' });
    return reply.header('Cache-Control', NO_CACHE).type('application/json').send(current.body);
  });

  const page = async (pathname: string, reply: FastifyReply) => {
    const current = load();
    if (!current?.html) {
      return reply.code(503).type('text/plain').send('The storefront has not been deployed yet: run `npm start`.');
    }
    const owned = current.registry.remotes.some((remote) => remote.routes.some((pattern) => matchRoute(pattern, pathname)));
    return reply
      .code(owned ? 200 : 404)
      .header('Cache-Control', NO_CACHE)
      .type('text/html; charset=utf-8')
      .send(current.html);
  };

  app.get('/*', async (request, reply) => {
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.code(404).send({ error: 'NotFound', message: `Page not found: ${pathname}` });
    }
    return page(pathname, reply);
  });
}
