import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerEdge } from '../src/edge/edge';
import { SHELL_HTML, SHELL_SERVER, writeDeploy } from './edge-fixtures';

/**
 * The remotes' server bundles run in renderer processes (api/src/edge/ssr/renderers.ts), away from
 * the API's secrets: no environment, no files but the deployed bundles, no child processes. A
 * renderer that crashes or hangs is replaced, and its pages fall back to the browser.
 */

const SECRET = 'planted-secret-7f3a9c';
const DATABASE_URL = 'postgres://store:db-password-51e2@db.internal:5432/store';

// `process.mainModule.require` is the renderer's own require: what a bundle could reach for
const SNOOP_SERVER = `
const React = require('react');
const h = React.createElement;
const nodeRequire = (id) => process.mainModule.require(id);
exports.load = async ({ url }) => {
  const { pathname, searchParams } = new URL(url);
  if (pathname === '/snoop/env') return { status: 200, data: { env: JSON.stringify(process.env) } };
  if (pathname === '/snoop/file') return { status: 200, data: { text: nodeRequire('node:fs').readFileSync(searchParams.get('path'), 'utf8') } };
  if (pathname === '/snoop/spawn') return { status: 200, data: { text: String(nodeRequire('node:child_process').execSync('env')) } };
  if (pathname === '/snoop/worker') { new (nodeRequire('node:worker_threads').Worker)('1', { eval: true }); return { status: 200, data: { text: 'worker started' } }; }
  const port = Number(searchParams.get('port'));
  const reached = (how) => ({ status: 200, data: { text: 'reached by ' + how } });
  if (pathname === '/snoop/fetch') { await fetch('http://127.0.0.1:' + port + '/'); return reached('fetch'); }
  if (pathname === '/snoop/http') {
    await new Promise((resolve, reject) => nodeRequire('node:http').get('http://127.0.0.1:' + port + '/', resolve).on('error', reject));
    return reached('http');
  }
  if (pathname === '/snoop/socket') {
    await new Promise((resolve, reject) => { const socket = new (nodeRequire('node:net').Socket)(); socket.on('error', reject); socket.connect(port, '127.0.0.1', resolve); });
    return reached('socket');
  }
  if (pathname === '/snoop/builtin') {
    await new Promise((resolve, reject) => process.getBuiltinModule('node:net').connect(port, '127.0.0.1', resolve).on('error', reject));
    return reached('getBuiltinModule');
  }
  if (pathname === '/snoop/udp') { nodeRequire('node:dgram').createSocket('udp4').send('x', port, '127.0.0.1'); return reached('udp'); }
  if (pathname === '/snoop/dns') { await nodeRequire('node:dns').promises.lookup('example.com'); return reached('dns'); }
  if (pathname === '/snoop/binding') { process.binding('tcp_wrap'); return reached('binding'); }
  return { status: 200, data: { text: 'nothing' } };
};
exports.render = ({ data }) => h('pre', null, data.env ?? data.text);
`;

const CRASH_SERVER = `
const React = require('react');
const h = React.createElement;
exports.load = async ({ url, api }) => {
  const answer = await api('/api/test/thing?path=' + new URL(url).pathname);
  return { status: 200, data: { thing: answer.body } };
};
exports.render = ({ url }) => {
  const { pathname } = new URL(url);
  if (pathname === '/crash/exit') process.exit(1);
  if (pathname === '/crash/hang') for (;;) {}
  return h('p', null, 'rendered ' + pathname);
};
`;

describe('server bundles in renderer processes', () => {
  let dir: string;
  let app: FastifyInstance;
  const saved = { SECRET: process.env.SECRET, DATABASE_URL: process.env.DATABASE_URL };

  beforeAll(async () => {
    process.env.SECRET = SECRET;
    process.env.DATABASE_URL = DATABASE_URL;
    dir = writeDeploy('edge-isolation-', {
      'cdn/shell/s1/index.html': SHELL_HTML,
      'cdn/shell/s1/server/server.js': SHELL_SERVER,
      'cdn/snoop/n1/server/server.js': SNOOP_SERVER,
      'cdn/crash/c1/server/server.js': CRASH_SERVER,
      // the API's own settings file, next to the deployed builds
      '.env': `SECRET=${SECRET}\nDATABASE_URL=${DATABASE_URL}\n`,
    });
    fs.writeFileSync(
      path.join(dir, 'registry.json'),
      JSON.stringify({
        shell: { version: 's1', html: '/cdn/shell/s1/index.html' },
        remotes: [
          { name: 'snoop', version: 'n1', manifest: '/cdn/snoop/n1/mf-manifest.json', routes: ['/snoop/*'] },
          { name: 'crash', version: 'c1', manifest: '/cdn/crash/c1/mf-manifest.json', routes: ['/crash/*'] },
        ],
      }),
    );
    app = Fastify({ logger: { level: 'fatal' } });
    app.get('/api/test/thing', async (request) => ({ name: (request.query as { path: string }).path }));
    await registerEdge(app, { deployDir: dir, ssrBudgetMs: 300, ssrRenderers: 1, ssrHangMs: 1500 });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });
  const region = (html: string, remote: string) => new RegExp(`<div id="app-${remote}"[^>]*data-ssr="(\\w+)"[^>]*>([\\s\\S]*?)</div>`).exec(html);

  it('gives a bundle an environment without the API process secrets', async () => {
    const res = await get('/snoop/env');
    expect(res.statusCode).toBe(200);
    expect(region(res.body, 'snoop')?.[1]).toBe('rendered');
    expect(region(res.body, 'snoop')?.[2]).toContain('NODE_ENV');
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('db-password');
    expect(res.body).not.toContain('DATABASE_URL');
  });

  it('lets a bundle read no file outside the deployed bundles, start no process and no worker; the browser renders those pages', async () => {
    for (const url of [`/snoop/file?path=${encodeURIComponent(path.join(dir, '.env'))}`, '/snoop/file?path=/etc/hostname', '/snoop/file?path=/proc/self/environ', '/snoop/spawn', '/snoop/worker']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      // the page is served, its region left to the browser
      expect(region(res.body, 'snoop')?.slice(1)).toEqual(['failed', '']);
      expect(res.body).toContain('<footer id="shell-footer" data-ssr="rendered">');
      expect(res.body).not.toContain(SECRET);
    }
    // what it may read: the deployed bundles
    const own = await get(`/snoop/file?path=${encodeURIComponent(path.join(dir, 'cdn/snoop/n1/server/server.js'))}`);
    expect(region(own.body, 'snoop')?.[1]).toBe('rendered');
    expect(own.body).toContain('process.mainModule.require');
  });

  it('lets a bundle reach no network (fetch, http, sockets, UDP, DNS, bindings): the browser renders those pages', async () => {
    const connections: string[] = [];
    const server = net.createServer((socket) => {
      connections.push('tcp');
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const udp = dgram.createSocket('udp4');
    udp.on('message', () => connections.push('udp'));
    await new Promise<void>((resolve) => udp.bind((server.address() as net.AddressInfo).port, '127.0.0.1', resolve));
    try {
      const port = (server.address() as net.AddressInfo).port;
      for (const how of ['fetch', 'http', 'socket', 'builtin', 'udp', 'dns', 'binding']) {
        const res = await get(`/snoop/${how}?port=${port}`);
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('reached by');
        expect({ how, region: region(res.body, 'snoop')?.slice(1) }).toEqual({ how, region: ['failed', ''] });
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(connections).toEqual([]);
    } finally {
      server.close();
      udp.close();
    }
  });

  it('falls back to the browser when a render exits the renderer, and renders the next page in a new one', async () => {
    const before = await get('/crash/a');
    expect(region(before.body, 'crash')?.slice(1)).toEqual(['rendered', '<p>rendered /crash/a</p>']);
    const crashed = await get('/crash/exit');
    expect(crashed.statusCode).toBe(200);
    expect(region(crashed.body, 'crash')?.slice(1)).toEqual(['failed', '']);
    const after = await get('/crash/b');
    expect(region(after.body, 'crash')?.slice(1)).toEqual(['rendered', '<p>rendered /crash/b</p>']);
  });

  it('serves the page for the browser to render when a render hangs, and renders again once the hung renderer is replaced', async () => {
    const started = Date.now();
    const hung = await get('/crash/hang');
    // the edge stops waiting for the region; the chrome cannot be rendered by the busy renderer either: the
    // browser-rendered shell is served, without waiting for the renderer to be replaced
    expect(hung.statusCode).toBe(200);
    expect(hung.body).toContain('<main id="shell-main"');
    expect(hung.body).not.toContain('rendered /crash/hang');
    expect(Date.now() - started).toBeLessThan(2500);
    // until the hung renderer is killed (ssrHangMs after the render started), pages fall back too
    let attempt = 0;
    let html = '';
    const deadline = Date.now() + 8000;
    while (Date.now() < deadline) {
      attempt += 1;
      html = (await get(`/crash/next-${attempt}`)).body;
      if (region(html, 'crash')?.[1] === 'rendered') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(region(html, 'crash')?.slice(1)).toEqual(['rendered', `<p>rendered /crash/next-${attempt}</p>`]);
  });
});
