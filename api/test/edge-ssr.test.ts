import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerEdge } from '../src/edge/edge';
import { clearServerModules } from '../src/edge/ssr/modules';
import { writeDeploy } from './edge-fixtures';
import type { ReactElement } from 'react';

/**
 * The edge's server composition against a deploy folder holding hand-written server
 * bundles (CommonJS, requiring only the shared singletons, as tools/webpack-config builds them).
 */

const SHELL_HTML =
  '<!doctype html><html lang="en-NZ"><head><meta charset="utf-8"><title>Fernleaf | Bags</title><meta name="description" content="Default"><link rel="preload" href="/registry.json" as="fetch" crossorigin="anonymous"></head>' +
  '<body><header id="shell-header"></header><main id="shell-main" tabindex="-1"></main><footer id="shell-footer"></footer><script defer src="/cdn/shell/s1/main.js"></script></body></html>';

const SHELL_SERVER = `
const React = require('react');
const h = React.createElement;
exports.CHROME_DATA_ELEMENT_ID = 'chrome-data';
exports.load = async ({ api }) => { const r = await api('/api/test/nav'); return { nav: r.body.items }; };
exports.renderHeader = ({ url, data }) => h('nav', { 'aria-label': 'Main' }, data.nav.map((item) => h('a', { key: item, href: '/' + item }, item)), h('span', null, new URL(url).pathname));
exports.renderFooter = () => h('p', null, 'Fernleaf Limited');
exports.renderErrorPage = ({ status }) => h('h1', null, String(status));
exports.errorTitle = (status) => (status === 404 ? 'Page Not Found' : 'Something Went Wrong');
`;

const remoteServer = (label: string) => `
const React = require('react');
const h = React.createElement;
exports.load = async ({ url, api }) => {
  const { pathname } = new URL(url);
  if (pathname === '/things/throws') throw new Error('loader failed on purpose');
  if (pathname === '/things/slow') await new Promise((r) => setTimeout(r, 400));
  const key = '/api/test/thing?path=' + encodeURIComponent(pathname);
  const answer = await api(key);
  if (answer.status === 404) return { status: 404, data: {} };
  return { status: 200, data: { [key]: answer.body }, head: { title: answer.body.name, description: 'About ' + answer.body.name, canonical: 'https://example.test' + pathname, jsonLd: [{ '@type': 'Product', name: answer.body.name }] } };
};
exports.render = ({ url, data }) => {
  const key = Object.keys(data)[0];
  if (new URL(url).pathname === '/things/render-throws') throw new Error('render failed on purpose');
  return h('h1', { className: 'thing' }, '${label} ' + data[key].name);
};
`;

function deployDir(): string {
  return writeDeploy('edge-ssr-', {
    'cdn/shell/s1/index.html': SHELL_HTML,
    'cdn/shell/s1/server/server.js': SHELL_SERVER,
    'cdn/things/t1/server/server.js': remoteServer('v1'),
    'cdn/things/t2/server/server.js': remoteServer('v2'),
    'cdn/things/t1/mf-manifest.json': JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.abc.js', path: '' } }, exposes: [{ path: './app', assets: { js: { sync: ['app.123.js'] } } }] }),
    'cdn/bad/b1/server/server.js': "require('node:fs'); exports.load = async () => ({ status: 200, data: {} }); exports.render = () => null;",
  });
}

function registry(dir: string, thingsVersion: string) {
  fs.writeFileSync(
    path.join(dir, 'registry.json'),
    JSON.stringify({
      shell: { version: 's1', html: '/cdn/shell/s1/index.html' },
      remotes: [
        { name: 'things', version: thingsVersion, manifest: `/cdn/things/${thingsVersion}/mf-manifest.json`, routes: ['/things/*'] },
        { name: 'plain', version: 'p1', manifest: '/cdn/plain/p1/mf-manifest.json', routes: ['/plain'] },
        { name: 'bad', version: 'b1', manifest: '/cdn/bad/b1/mf-manifest.json', routes: ['/bad'] },
      ],
    }),
  );
}

describe('edge server rendering', () => {
  let dir: string;
  let app: FastifyInstance;
  const failures: string[] = [];

  beforeAll(async () => {
    dir = deployDir();
    registry(dir, 't1');
    app = Fastify({ logger: { level: 'fatal' } });
    app.get('/api/test/nav', async () => ({ items: ['bags', 'travel'] }));
    app.get('/api/test/thing', async (request, reply) => {
      const { path: thing } = request.query as { path: string };
      if (thing === '/things/missing') return reply.code(404).send({ error: 'NotFound' });
      return { name: `Thing <${thing.split('/').pop()}>` };
    });
    app.addHook('onError', async (_request, _reply, error) => {
      failures.push(error.message);
    });
    await registerEdge(app, { deployDir: dir, ssrBudgetMs: 150 });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    clearServerModules();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('renders the head, the chrome and the route region with its data, and preloads the remote', async () => {
    const res = await get('/things/bag');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Thing &#60;bag&#62; | Fernleaf</title>');
    expect(html).toContain('<meta name="description" content="About Thing &#60;bag&#62;">');
    expect(html).not.toContain('content="Default"');
    expect(html).toContain('<link rel="canonical" href="https://example.test/things/bag" data-page-meta>');
    expect(html).toContain('<script type="application/ld+json" data-page-meta>{"@type":"Product","name":"Thing \\u003cbag\\u003e"}</script>');
    expect(html).toContain('<header id="shell-header" data-ssr="rendered"><nav aria-label="Main"><a href="/bags">bags</a><a href="/travel">travel</a><span>/things/bag</span></nav></header>');
    expect(html).toContain('<div id="app-things" data-remote="things" data-remote-version="t1" data-ssr="rendered"><h1 class="thing">v1 Thing &lt;bag&gt;</h1></div>');
    expect(html).toContain('<footer id="shell-footer" data-ssr="rendered"><p>Fernleaf Limited</p></footer>');
    const data = /<script type="application\/json" id="ssr-data">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(data)).toEqual({ remote: 'things', path: '/things/bag', data: { '/api/test/thing?path=%2Fthings%2Fbag': { name: 'Thing <bag>' } } });
    expect(data).not.toContain('<');
    expect(html).toContain('<script type="application/json" id="chrome-data">{"nav":["bags","travel"]}</script>');
    expect(html).toContain('<script type="application/json" id="shell-registry">');
    // the registry is in the page, not preloaded; the shell's script and the remote's manifest
    // start from the loader on the shopper's first intent or once the page is quiet (scriptsOnIntent), no script preload
    expect(html).not.toContain('href="/registry.json"');
    expect(html).not.toContain('<link rel="preload" href="/cdn/things/t1/mf-manifest.json"');
    expect(html).not.toContain('as="script"');
    expect(html).not.toContain('<script defer');
    expect(html).toMatch(/<\/footer><script>\(function\(d,w,s,p,ev\)\{.*\}\)\(document,window,\["\/cdn\/shell\/s1\/main.js"\],\["\/cdn\/things\/t1\/mf-manifest.json"\],\[[^\]]+\]\)<\/script><\/body><\/html>$/);
  });

  it('answers 404 with the error page for an unknown thing and for a path no remote owns', async () => {
    for (const url of ['/things/missing', '/nowhere']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<title>Page Not Found | Fernleaf</title>');
      expect(res.body).toContain('<meta name="robots" content="noindex" data-page-meta>');
      expect(res.body).toContain('<main id="shell-main" tabindex="-1"><div id="app-error-page" data-ssr="static"><h1>404</h1></div></main>');
      expect(res.body).not.toContain('id="ssr-data"');
    }
  });

  it('leaves the region to the browser when the loader throws, the render throws or the budget runs out; the rest is rendered', async () => {
    for (const url of ['/things/throws', '/things/render-throws', '/things/slow']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="app-things" data-remote="things" data-remote-version="t1" data-ssr="failed" class="remote-loading"></div>');
      expect(res.body).toContain('<header id="shell-header" data-ssr="rendered">');
      expect(res.body).toContain('<title>Fernleaf | Bags</title>');
    }
  });

  it('gives a remote bundle only the shared singletons: requiring anything else fails its render, not the page', async () => {
    const res = await get('/bad');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-remote="bad" data-remote-version="b1" data-ssr="failed"');
  });

  it("declares the site's language: <html lang=\"en-AU\"> on the Australian host, en-NZ on any other", async () => {
    for (const url of ['/things/bag', '/plain', '/nowhere']) {
      const au = await app.inject({ method: 'GET', url, headers: { host: 'au.localhost' } });
      expect(au.body).toMatch(/^<!doctype html><html lang="en-AU"><head>/);
      expect(au.body).not.toContain('en-NZ"');
      const nz = await app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
      expect(nz.body).toMatch(/^<!doctype html><html lang="en-NZ"><head>/);
    }
    // kept pages are kept per market: the AU page after the NZ one is en-AU again
    expect((await app.inject({ method: 'GET', url: '/things/bag', headers: { host: 'au.localhost' } })).body).toMatch(/<html lang="en-AU">/);
  });

  it('withHtmlLang sets or adds the lang of the html element only', async () => {
    const { withHtmlLang } = await import('../src/edge/ssr/page');
    expect(withHtmlLang('<!doctype html><html lang="en-NZ"><head><meta name="x" lang="en-NZ">', 'en-AU')).toBe('<!doctype html><html lang="en-AU"><head><meta name="x" lang="en-NZ">');
    expect(withHtmlLang('<!doctype html><html class="a" lang=en-NZ><head>', 'en-AU')).toBe('<!doctype html><html class="a" lang="en-AU"><head>');
    expect(withHtmlLang('<!doctype html><html><head>', 'en-AU')).toBe('<!doctype html><html><head>');
  });

  it('sets the lang on the browser-rendered shell too (server rendering off)', async () => {
    const plain = Fastify({ logger: { level: 'fatal' } });
    await registerEdge(plain, { deployDir: dir, ssr: false });
    await plain.ready();
    try {
      const au = await plain.inject({ method: 'GET', url: '/things/bag', headers: { host: 'au.localhost' } });
      expect(au.body).toMatch(/^<!doctype html><html lang="en-AU"><head>/);
      expect(au.body).not.toContain('data-ssr="rendered"');
      expect((await plain.inject({ method: 'GET', url: '/things/bag', headers: { host: 'localhost' } })).body).toMatch(/^<!doctype html><html lang="en-NZ"><head>/);
    } finally {
      await plain.close();
    }
  });

  it('renders a frame for a remote without a server bundle', async () => {
    const res = await get('/plain');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="app-plain" data-remote="plain" data-remote-version="p1" data-ssr="frame" class="remote-loading"></div>');
    // nothing to paint first: the shell's script is deferred as the template says, the manifest preloaded
    expect(res.body).toContain('<link rel="preload" href="/cdn/plain/p1/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    expect(res.body).toMatch(/<\/footer><script defer src="\/cdn\/shell\/s1\/main.js"><\/script><\/body><\/html>$/);
  });

  it('serves a route payload for client navigations (_payload.json)', async () => {
    const ok = await get('/things/bag/_payload.json');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 200, data: { '/api/test/thing?path=%2Fthings%2Fbag': { name: 'Thing <bag>' } }, head: { title: 'Thing <bag>' } });
    const missing = await get('/things/missing/_payload.json');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 404, data: {} });
    const none = await get('/plain/_payload.json');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ error: 'NoPayload' });
  });

  it('renders a new release as soon as the registry names it, with no restart; server bundles are not served', async () => {
    registry(dir, 't2');
    const until = Date.now() + 3000;
    let html = '';
    while (Date.now() < until) {
      html = (await get('/things/bag')).body;
      if (html.includes('data-remote-version="t2"')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(html).toContain('<h1 class="thing">v2 Thing &lt;bag&gt;</h1>');
    registry(dir, 't1');
    expect((await get('/cdn/things/t1/server/server.js')).statusCode).toBe(404);
    expect((await get('/cdn/things/t1/mf-manifest.json')).statusCode).toBe(200);
  });
});

describe('the edge singletons', () => {
  it('are exactly the modules server bundles leave to the edge (tools/webpack-config/server-singletons.cjs)', async () => {
    const { SERVER_SINGLETONS } = await import('../src/edge/ssr/singletons');
    const source = fs.readFileSync(path.join(__dirname, '../../tools/webpack-config/server-singletons.cjs'), 'utf8');
    const names = [...source.slice(source.indexOf('[')).matchAll(/'([^']+)'/g)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(5);
    expect(Object.keys(SERVER_SINGLETONS).sort()).toEqual([...names].sort());
    for (const value of Object.values(SERVER_SINGLETONS)) expect(value).toBeTruthy();
  });
});

describe('renderRoot', () => {
  it('writes completed Suspense boundaries in place (no outlined segments, no inline scripts)', async () => {
    const { renderRoot } = await import('../src/edge/ssr/render');
    const { createElement, React } = await import('../src/edge/ssr/singletons');
    const react = ((React as unknown as { default?: typeof import('react') }).default ?? React) as typeof import('react');
    const items = Array.from({ length: 60 }, (_, i) => createElement(react.Suspense, { key: i, fallback: null }, createElement('p', null, `item ${i} `.repeat(400))));
    const { html } = await renderRoot(createElement('div', null, items), 1000);
    expect(html).not.toContain('<template');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<!--$?-->');
    expect(html.match(/<!--\$-->/g)).toHaveLength(60);
  });
});

describe('renderRoot of a tree that suspends or fails', () => {
  async function tools() {
    const render = await import('../src/edge/ssr/render');
    const { createElement, React } = await import('../src/edge/ssr/singletons');
    const react = ((React as unknown as { default?: typeof import('react') }).default ?? React) as typeof import('react');
    return { ...render, createElement, react };
  }

  it('renders a tree whose data is there as the stream would, styles included', async () => {
    const { renderRoot, streamRoot, createElement, react } = await tools();
    const { css } = await import('@emotion/react');
    const { jsx } = await import('@emotion/react');
    const Item = ({ n }: { n: number }) => {
      const id = react.useId();
      return jsx('label', { htmlFor: id, css: css({ color: n % 2 ? 'red' : 'blue' }) }, `item ${n}`, createElement('input', { id }));
    };
    const tree = () => createElement('section', null, createElement(react.Suspense, { fallback: createElement('p', null, 'loading') }, [1, 2, 3].map((n) => createElement(Item, { key: n, n }))), createElement('p', null, 'a & b < c'));
    const fromString = await renderRoot(tree(), 1000);
    const fromStream = await streamRoot(tree(), 1000);
    expect(fromString.html).toBe(fromStream.html);
    expect(fromString.styles).toEqual(fromStream.styles);
    expect(fromString.styles).toHaveLength(2);
    expect(fromString.html).toContain('item 3');
    expect(fromString.html).not.toContain('loading');
  });

  it('waits for what suspends (a lazy component) instead of leaving it to the browser', async () => {
    const { renderRoot, createElement, react } = await tools();
    const Later = react.lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => setTimeout(() => resolve({ default: () => createElement('p', null, 'arrived later') }), 20)));
    const { html } = await renderRoot(createElement('div', null, createElement(react.Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Later))), 1000);
    expect(html).toContain('arrived later');
    expect(html).not.toContain('loading');
    expect(html).not.toContain('<!--$!');
  });

  it('fails with the error of a component that throws, inside a Suspense boundary or not', async () => {
    const { renderRoot, createElement, react } = await tools();
    const Broken = () => {
      throw new Error('broken tile');
    };
    await expect(renderRoot(createElement('div', null, createElement(Broken)), 1000)).rejects.toThrow('broken tile');
    await expect(renderRoot(createElement('div', null, createElement(react.Suspense, { fallback: null }, createElement(Broken))), 1000)).rejects.toThrow('broken tile');
  });
});

describe('scriptsOnIntent', () => {
  it('replaces the deferred scripts by one loader and leaves a template without them unchanged', async () => {
    const { scriptsOnIntent } = await import('../src/edge/ssr/render');
    const out = scriptsOnIntent('<div id="shell-overlays"></div><script defer="defer" src="/cdn/shell/a/main.1.js"></script></body></html>', ['/m.json']);
    expect(out).toMatch(/^<div id="shell-overlays"><\/div><script>\(function.*<\/script><\/body><\/html>$/);
    expect(out).not.toContain('defer');
    expect(out).toContain('(document,window,["/cdn/shell/a/main.1.js"],["/m.json"],');
    expect(scriptsOnIntent('<p>no scripts</p></body>')).toBe('<p>no scripts</p></body>');
  });
});

describe('routeDataScript', () => {
  it('embeds small route data and names the route payload of large data instead', async () => {
    const { routeDataScript } = await import('../src/edge/ssr/render');
    const { ROUTE_DATA_INLINE_MAX_CHARS } = await import('@store/contracts/ssr');
    expect(routeDataScript('things', '/things/a?x=1', '{"/api/a":1}')).toBe('<script type="application/json" id="ssr-data">{"remote":"things","path":"/things/a?x=1","data":{"/api/a":1}}</script>');
    const large = JSON.stringify({ '/api/a': 'x'.repeat(ROUTE_DATA_INLINE_MAX_CHARS) });
    expect(routeDataScript('things', '/things/a?x=1', large)).toBe('<script type="application/json" id="ssr-data">{"remote":"things","path":"/things/a?x=1","src":"/things/a/_payload.json?x=1"}</script>');
    expect(routeDataScript('things', '/', large)).toContain('"src":"/_payload.json"');
  });
});

describe('routeDataJson', () => {
  it('is jsonForScript of the data, reusing each answer object\'s JSON', async () => {
    const { routeDataJson } = await import('../src/edge/ssr/page');
    const { jsonForScript } = await import('@store/contracts/ssr');
    const answer = { items: [{ name: 'Tote </script> & <b>', price: 12900 }], total: 1, note: null };
    const data = { '/api/a?x=<1>': answer, '/api/b': [1, 'two'], '/api/c': null, '/api/d': 'text\u2028' };
    expect(routeDataJson(data)).toBe(jsonForScript(data));
    // the same object again: the same JSON (from the memo)
    expect(routeDataJson({ '/api/a?x=<1>': answer })).toBe(jsonForScript({ '/api/a?x=<1>': answer }));
    expect(routeDataJson({})).toBe('{}');
  });
});

describe('chrome data by URL', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = writeDeploy('edge-chrome-', {
      'cdn/shell/s2/index.html': SHELL_HTML.replace('/cdn/shell/s1/', '/cdn/shell/s2/'),
      'cdn/shell/s2/server/server.js': `${SHELL_SERVER}\nexports.CHROME_DATA_BY_URL = true;\n`,
      'cdn/things/t1/server/server.js': remoteServer('v1'),
      'registry.json': JSON.stringify({
        shell: { version: 's2', html: '/cdn/shell/s2/index.html' },
        remotes: [{ name: 'things', version: 't1', manifest: '/cdn/things/t1/mf-manifest.json', routes: ['/things/*'] }],
      }),
    });
    app = Fastify({ logger: { level: 'fatal' } });
    app.get('/api/test/nav', async () => ({ items: ['bags', 'travel'] }));
    app.get('/api/test/thing', async (request) => ({ name: `Thing <${(request.query as { path: string }).path.split('/').pop()}>` }));
    await registerEdge(app, { deployDir: dir, ssrBudgetMs: 150 });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    clearServerModules();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names the chrome data by URL, preloads it with the scripts, and serves it there', async () => {
    const res = await app.inject({ method: 'GET', url: '/things/bag' });
    expect(res.statusCode).toBe(200);
    // the header is still rendered from the data; the page carries its URL, not the navigation
    expect(res.body).toContain('<nav aria-label="Main"><a href="/bags">bags</a><a href="/travel">travel</a>');
    expect(res.body).toContain('<script type="application/json" id="chrome-data">{"src":"/_chrome.json"}</script>');
    expect(res.body).toMatch(/\["\/cdn\/things\/t1\/mf-manifest.json","\/_chrome.json"\]/);
    const data = await app.inject({ method: 'GET', url: '/_chrome.json' });
    expect(data.statusCode).toBe(200);
    expect(data.headers['cache-control']).toBe('no-cache');
    expect(data.json()).toEqual({ nav: ['bags', 'travel'] });
  });
});
