import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerEdge } from '../src/edge/edge';
import { clearServerModules } from '../src/edge/ssr/modules';
import { SHELL_HTML, writeDeploy } from './edge-fixtures';

/**
 * The header and footer are rendered once per market and per set of the shell's chrome paths a
 * page is at or under, not once per URL: the fixture's header carries a stamp new at every render,
 * so a page whose header was reused shows the stamp of the page it was rendered for.
 */
const SHELL_SERVER = `
const React = require('react');
const h = React.createElement;
exports.CHROME_DATA_ELEMENT_ID = 'chrome-data';
exports.load = async () => ({ nav: ['/bags', '/travel'] });
exports.chromePaths = (data) => data.nav;
exports.renderHeader = ({ url, data }) => {
  const { pathname } = new URL(url);
  return h('nav', { 'aria-label': 'Main' }, data.nav.map((href) => h('a', { key: href, href, 'aria-current': pathname === href ? 'page' : undefined, className: pathname.startsWith(href + '/') ? 'active' : undefined }, href)), h('i', null, Math.random().toString(36).slice(2)));
};
exports.renderFooter = () => h('p', null, 'Fernleaf Limited ', h('i', null, Math.random().toString(36).slice(2)));
exports.renderErrorPage = ({ status }) => h('h1', null, String(status));
exports.errorTitle = () => 'Page Not Found';
`;

const REMOTE_SERVER = `
const React = require('react');
exports.load = async ({ url }) => ({ status: 200, data: { '/api/x': { path: new URL(url).pathname } } });
exports.render = ({ data }) => React.createElement('h1', null, data['/api/x'].path);
`;

describe('the chrome of server-rendered pages', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = writeDeploy('edge-chrome-', {
      'cdn/shell/s1/index.html': SHELL_HTML,
      'cdn/shell/s1/server/server.js': SHELL_SERVER,
      'cdn/shop/p1/server/server.js': REMOTE_SERVER,
    });
    fs.writeFileSync(
      path.join(dir, 'registry.json'),
      JSON.stringify({ shell: { version: 's1', html: '/cdn/shell/s1/index.html' }, remotes: [{ name: 'shop', version: 'p1', manifest: '/cdn/shop/p1/mf-manifest.json', routes: ['/products/*', '/bags', '/bags/*', '/travel'] }] }),
    );
    app = Fastify({ logger: { level: 'fatal' } });
    await registerEdge(app, { deployDir: dir, ssrBudgetMs: 500 });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    clearServerModules();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const chromeOf = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const header = /<header id="shell-header"[^>]*>(.*?)<\/header>/.exec(res.body)?.[1];
    const footer = /<footer id="shell-footer"[^>]*>(.*?)<\/footer>/.exec(res.body)?.[1];
    expect(res.body).toContain(`<h1>${new URL(url, 'http://x').pathname}</h1>`);
    return { header, footer };
  };

  it('reuses the header and footer of a page at or under the same chrome paths', async () => {
    const first = await chromeOf('/products/summit-duffle-p31');
    expect(await chromeOf('/products/pebble-clutch-p243')).toEqual(first);
    expect(await chromeOf('/products/pebble-clutch-p243?colour=black')).toEqual(first);
    const underBags = await chromeOf('/bags/backpacks');
    expect(underBags.header).toContain('<a href="/bags" class="active">');
    expect(underBags.header).not.toBe(first.header);
    expect(await chromeOf('/bags/totes')).toEqual(underBags);
  });

  it('renders them afresh for a page at another chrome path', async () => {
    const bags = await chromeOf('/bags');
    expect(bags.header).toContain('<a href="/bags" aria-current="page">');
    const travel = await chromeOf('/travel');
    expect(travel.header).toContain('<a href="/travel" aria-current="page">');
    expect(travel.header).not.toBe(bags.header);
    expect(travel.footer).not.toBe(bags.footer);
  });
});
