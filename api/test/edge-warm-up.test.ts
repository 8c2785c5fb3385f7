import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerEdge } from '../src/edge/edge';
import { SHELL_HTML, SHELL_SERVER, writeDeploy } from './edge-fixtures';
import { warmUpPages } from '../src/edge/warm-up';
import { pageCacheStats } from '../src/edge/ssr/page';
import { pages } from '../src/edge/ssr/page-memos';
import { PageTemplate } from '../src/edge/ssr/page-cache';

/**
 * The start-up warm-up (api/src/edge/warm-up.ts): before a process is ready it asks for a sample of
 * the store's pages, as a shopper's browser would, following the home page's links, and then keeps
 * none of them.
 */
describe('warming up a new process', () => {
  let app: FastifyInstance;
  const asked: { url: string; encoding: string | undefined }[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    const page = (links: string[]) => `<!doctype html><html><body>${links.map((l) => `<a href="${l}">x</a>`).join('')}<a href="https://elsewhere.example/products/x">y</a></body></html>`;
    app.addHook('onRequest', async (request) => {
      asked.push({ url: request.url, encoding: request.headers['accept-encoding'] });
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
    });
    app.addHook('onResponse', async () => {
      inFlight -= 1;
    });
    app.get('/', async (_request, reply) => reply.type('text/html').send(page(['/categories/bags', '/categories/travel', '/products/tote-p1', '/about', '/products/tote-p1'])));
    app.get('/categories/*', async (_request, reply) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return reply.type('text/html').send(page(['/products/duffle-p2', '/products/wallet-p3', '/products/tote-p1']));
    });
    app.get('/products/*', async (_request, reply) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return reply.type('text/html').send(page([]));
    });
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    asked.length = 0;
    mostAtOnce = 0;
  });

  it("asks for the home page's products and listings (with their sorts), several at a time, compressed as a browser asks", async () => {
    const result = await warmUpPages(app, { pages: 12, concurrency: 3 });
    expect(result.pages).toBe(12);
    const urls = asked.map((a) => a.url);
    // the home page and the first category are read for their links, then 10 more pages
    expect(urls.slice(0, 2)).toEqual(['/', '/categories/bags']);
    expect(urls.length).toBe(13);
    expect(urls.slice(2)).toEqual([
      '/products/tote-p1',
      '/products/duffle-p2',
      '/categories/bags',
      '/products/wallet-p3',
      '/categories/bags?sort=price-asc',
      '/categories/bags?sort=price-desc',
      '/categories/bags?sort=newest',
      '/categories/bags?sort=name-asc',
      '/categories/bags?sort=name-desc',
      '/categories/travel',
      '/categories/travel?sort=price-asc',
    ]);
    expect(asked.slice(2).every((a) => a.encoding?.includes('br'))).toBe(true);
    expect(mostAtOnce).toBe(3);
  });

  it('keeps none of the pages it rendered', async () => {
    const kept = PageTemplate.from('<!doctype html><html><body>a page kept before</body></html>');
    pages.set('s1 catalog@1 NZ http://localhost/categories/bags', { status: 200, dataJson: '', chromeJson: '', headExtra: '' }, kept!);
    expect(pageCacheStats().entries).toBe(1);
    await warmUpPages(app, { pages: 3 });
    expect(pageCacheStats().entries).toBe(0);
  });

  it('asks for nothing when told to warm up no pages, and gives up quietly on a store that has no pages yet', async () => {
    expect(await warmUpPages(app, { pages: 0 })).toEqual({ remotes: 0, pages: 0, ms: 0 });
    expect(asked).toEqual([]);
    const empty = Fastify({ logger: false });
    empty.get('/', async (_request, reply) => reply.code(503).send('not deployed'));
    await empty.ready();
    expect((await warmUpPages(empty, { pages: 50 })).pages).toBe(1);
    await empty.close();
  });
});

/** A remote's own warm-up (its server bundle's `warm`) runs in every renderer before the process is ready. */
describe("a remote's own warm-up in every renderer", () => {
  const WARM_SERVER = `
const React = require('react');
let warmed = [];
exports.warm = async ({ api, market }) => {
  const answer = await api('/api/test/thing?path=warm');
  warmed.push(market.id + ':' + answer.body.name);
};
// a loader that waits for the API: two pages at once are in two renderers
exports.load = async ({ api }) => { await api('/api/test/slow'); return { status: 200, data: {} }; };
exports.render = () => React.createElement('p', null, 'warmed ' + JSON.stringify(warmed) + ' in ' + process.pid);
`;
  const PLAIN_SERVER = `
const React = require('react');
exports.load = async () => ({ status: 200, data: {} });
exports.render = () => React.createElement('p', null, 'plain');
`;
  let dir: string;
  let edge: FastifyInstance;
  /** the region renders the edge reports (render timings, release health) */
  const reported: string[] = [];

  beforeAll(async () => {
    dir = writeDeploy('edge-warm-', {
      'cdn/shell/s1/index.html': SHELL_HTML,
      'cdn/shell/s1/server/server.js': SHELL_SERVER,
      'cdn/warm/w1/server/server.js': WARM_SERVER,
      'cdn/plain/p1/server/server.js': PLAIN_SERVER,
    });
    fs.writeFileSync(
      path.join(dir, 'registry.json'),
      JSON.stringify({
        shell: { version: 's1', html: '/cdn/shell/s1/index.html' },
        remotes: [
          { name: 'warm', version: 'w1', manifest: '/cdn/warm/w1/mf-manifest.json', routes: ['/warm/*'] },
          { name: 'plain', version: 'p1', manifest: '/cdn/plain/p1/mf-manifest.json', routes: ['/plain/*'] },
        ],
      }),
    );
    edge = Fastify({ logger: { level: 'fatal' } });
    edge.get('/api/test/thing', async (request) => ({ name: `thing ${(request.query as { path: string }).path}` }));
    edge.get('/api/test/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return { slow: true };
    });
    await registerEdge(edge, { deployDir: dir, ssrBudgetMs: 2000, ssrRenderers: 2, remoteWarmIntervalMs: 0, onRegionRender: (remote) => void reported.push(remote) });
    await edge.ready();
  });
  afterAll(async () => {
    await edge?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('calls the warm-up of each remote that has one, once in each renderer, with the API and the default market', async () => {
    expect(await edge.warmRemotes!(5000)).toBe(2);
    // two renders at once: one in each renderer
    const [a, b] = await Promise.all([edge.inject({ method: 'GET', url: '/warm/a' }), edge.inject({ method: 'GET', url: '/warm/b' })]);
    const text = (html: string) => /warmed (\[[^\]]*\]) in (\d+)/.exec(html.replace(/&quot;/g, '"'));
    expect(text(a.body)?.[1]).toBe('["NZ:thing warm"]');
    expect(text(b.body)?.[1]).toBe('["NZ:thing warm"]');
    expect(text(a.body)?.[2]).not.toBe(text(b.body)?.[2]);
    expect((await edge.inject({ method: 'GET', url: '/plain/x' })).body).toContain('plain');
  });

  it("renders the warm-up's own pages as any other but reports none of them; a guessed token is an ordinary request", async () => {
    reported.length = 0;
    const own = await edge.inject({ method: 'GET', url: '/plain/own', headers: edge.warmUpHeaders!() });
    expect(own.body).toContain('plain');
    expect(reported).toEqual([]);
    const guessed = await edge.inject({ method: 'GET', url: '/plain/guessed', headers: { 'x-store-warm-up': 'guess' } });
    expect(guessed.body).toContain('plain');
    expect(reported).toEqual(['plain']);
  });

  it('warms a version that goes live afterwards, and a renderer that replaces one that exited, in the background of the first page that sees it', async () => {
    const warmedIn = async (url: string) => {
      const html = (await edge.inject({ method: 'GET', url })).body.replace(/&quot;/g, '"');
      const found = /warmed (\[[^\]]*\]) in (\d+)/.exec(html);
      return { warmed: found?.[1], pid: Number(found?.[2]) };
    };
    const until = async (url: string, check: (page: { warmed?: string; pid: number }) => boolean) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const page = await warmedIn(url);
        if (check(page) || Date.now() > deadline) return page;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    // a release of the remote: its new server bundle (a module of its own) runs its warm-up once it is live
    fs.mkdirSync(path.join(dir, 'cdn/warm/w2/server'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'cdn/warm/w2/server/server.js'), WARM_SERVER);
    const registryFile = path.join(dir, 'registry.json');
    const registry = JSON.parse(fs.readFileSync(registryFile, 'utf8'));
    registry.remotes[0] = { ...registry.remotes[0], version: 'w2', manifest: '/cdn/warm/w2/mf-manifest.json' };
    await new Promise((resolve) => setTimeout(resolve, 600));
    fs.writeFileSync(registryFile, JSON.stringify(registry));
    await new Promise((resolve) => setTimeout(resolve, 600));
    const later = await until('/warm/release-2', (page) => page.warmed !== '[]');
    expect(later.warmed).toBe('["NZ:thing warm"]');

    // a renderer killed: the one started in its place is warmed too
    const pids = new Set<number>();
    for (let i = 0; i < 4; i += 1) pids.add((await warmedIn(`/warm/pid-${i}`)).pid);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const replaced = await until('/warm/replaced', (page) => !pids.has(page.pid) && page.warmed !== '[]');
    expect(pids.has(replaced.pid)).toBe(false);
    expect(replaced.warmed).toBe('["NZ:thing warm"]');
  });

  it('warms at most one version of a remote a minute in the background: in a burst of releases the later ones wait', async () => {
    const edge2 = Fastify({ logger: { level: 'fatal' } });
    edge2.get('/api/test/thing', async (request) => ({ name: `thing ${(request.query as { path: string }).path}` }));
    edge2.get('/api/test/slow', async () => ({ slow: true }));
    await registerEdge(edge2, { deployDir: dir, ssrBudgetMs: 2000, ssrRenderers: 1, remoteWarmIntervalMs: 60_000 });
    await edge2.ready();
    try {
      const warmedIn = async (url: string) => /warmed (\[[^\]]*\])/.exec((await edge2.inject({ method: 'GET', url })).body.replace(/&quot;/g, '"'))?.[1];
      // the first page starts the renderer, the next one warms the live version
      await warmedIn('/warm/burst-0');
      await warmedIn('/warm/burst-1');
      // a release right after: not warmed within the minute
      const version = `w-burst-${process.pid}`;
      fs.mkdirSync(path.join(dir, `cdn/warm/${version}/server`), { recursive: true });
      fs.writeFileSync(path.join(dir, `cdn/warm/${version}/server/server.js`), WARM_SERVER);
      const registryFile = path.join(dir, 'registry.json');
      const registry = JSON.parse(fs.readFileSync(registryFile, 'utf8'));
      registry.remotes[0] = { ...registry.remotes[0], version, manifest: `/cdn/warm/${version}/mf-manifest.json` };
      await new Promise((resolve) => setTimeout(resolve, 600));
      fs.writeFileSync(registryFile, JSON.stringify(registry));
      await new Promise((resolve) => setTimeout(resolve, 600));
      for (let i = 0; i < 5; i += 1) {
        expect(await warmedIn(`/warm/burst-later-${i}`)).toBe('[]');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await edge2.close();
    }
  });
});
