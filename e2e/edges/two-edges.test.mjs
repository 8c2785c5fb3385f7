// Two edges (two `node api/dist/server.js` processes, each with its own deploy, edge-cache, data and
// image folders) on one PostgreSQL database (REGISTRY=postgres), behind a round-robin proxy written
// here (node:http: every request goes to the next edge, with X-Forwarded-For/-Host/-Proto set and
// the edge's own address as Host; the edges trust it with TRUST_PROXY). Through the proxy:
// - a release made by the release command from a third directory (neither edge's folder) is named
//   by the page (`<script id="shell-registry">`; the catalog region is server-rendered by it) and its
//   browser files answer 200 on both edges within 1 s of the switch; the old version's files stay
//   for open tabs; a rollback likewise;
// - releases of two remotes started at the same moment both go live on both edges within 1 s;
// - the site named by X-Forwarded-Host (Australian or New Zealand) is the market both edges render,
//   the stores their in-process API calls fetch included;
// - a browser (Chromium) browses, adds to the cart, signs up and signs in through the proxy, answered
//   by both edges, with no console error;
// - a shopper signs up and signs in with the real aws-amplify client (SRP: the challenge is asked
//   of one edge and answered at the other), and places an order: its retry at the other edge gets
//   the same order, and both edges read it back;
// - the canary judge runs in both edges (every second, on 20 renders, 3 s per share): a canary whose
//   product pages throw on the server (but the one the release gate renders) is aborted once, with
//   the rates as the reason, and both edges serve stable to its cohort within 3 s; a healthy canary
//   is stepped 10 -> 50 -> 100 and promoted, one history entry per step.
//
// Needs a PostgreSQL server (DATABASE_URL: a throw-away database is created in it) and the builds
// of the api, the shell and the remotes: tools/test-postgres.sh runs it after building them.
// EDGES_TEST_PORT (optional) is the first of three consecutive ports to use; else the OS picks.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { versionOf } from '../../tools/deploy-local.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const catalogLayout = JSON.parse(fs.readFileSync(path.join(repo, 'tools/remotes.json'), 'utf8')).remotes.find((r) => r.name === 'catalog');
const releaseCli = path.join(repo, 'tools/release/release.mjs');
const PROJECT = { catalog: 'mfe-catalog', content: 'mfe-content' };
const AU_HOST = 'au.fernleaf.test';
const NZ_HOST = 'fernleaf.test';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let nextPort = Number(process.env.EDGES_TEST_PORT) || 0;
/** The next of the EDGES_TEST_PORT range, else one the OS has free now. */
function freePort() {
  if (nextPort) return Promise.resolve(nextPort++);
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs `node <args>` in `cwd`; resolves with its exit status and output. */
function run(args, { cwd, env }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (status) => resolve({ status, out }));
  });
}

/** One API server process (an edge) on `port`, started from the built api/dist/server.js. */
async function startEdge(label, port, env) {
  const child = spawn(process.execPath, [path.join(repo, 'api/dist/server.js')], {
    cwd: env.WORK_DIR,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`edge ${label} exited:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`edge ${label} not ready after 120 s:\n${output}`);
    }
    await sleep(200);
  }
  return {
    label,
    port,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A round-robin reverse proxy: each request goes to the next edge, which sees its own address as
 * Host and the caller's in X-Forwarded-*. Every answer says which edge gave it (X-Test-Edge), and
 * `served` lists them in order.
 */
function roundRobinProxy(edges) {
  let next = 0;
  const served = [];
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const edge = edges[next++ % edges.length];
    served.push({ edge: edge.label, method: req.method, url: req.url, target: req.headers['x-amz-target'] });
    const { connection: _connection, ...headers } = req.headers;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: edge.port,
        method: req.method,
        path: req.url,
        agent,
        headers: {
          ...headers,
          host: `127.0.0.1:${edge.port}`,
          'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
          'x-forwarded-host': req.headers.host,
          'x-forwarded-proto': 'http',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-test-edge': edge.label });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return {
    served,
    listen: (port) => new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server.address().port))),
    close: () => {
      agent.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The registry a page embeds for the shell (`<script id="shell-registry">`). */
function embeddedRegistry(html) {
  const m = /<script type="application\/json" id="shell-registry">([^<]*)<\/script>/.exec(html);
  assert.ok(m, 'the page embeds the registry');
  return JSON.parse(m[1]);
}

/**
 * A copy of a remote's build whose every script (browser and server) ends with a comment naming
 * `note`: the same code as a new version whose script files the edges have not seen yet.
 */
function nextBuild(dir, name, note, { serverTail = '' } = {}) {
  const dist = path.join(dir, `${name}-${note}`);
  fs.cpSync(path.join(repo, PROJECT[name], 'dist'), dist, { recursive: true });
  for (const file of fs.readdirSync(dist, { recursive: true })) {
    if (/\.(js|cjs|mjs)$/.test(file)) fs.appendFileSync(path.join(dist, file), `\n/* ${name} ${note} */\n`);
  }
  if (serverTail) fs.appendFileSync(path.join(dist, 'server/server.js'), serverTail);
  return { dist, version: versionOf(dist) };
}

/**
 * The end of a catalog server bundle whose product pages throw as they render, but for the product
 * the release gate renders (its sample URL): a regression the gate lets through and shoppers meet.
 */
const failingProductPages = (sample) => `
;(() => {
  const built = module.exports;
  module.exports = { ...built, render(props) {
    const { pathname } = new URL(props.url, 'http://localhost');
    if (pathname.startsWith('/products/') && pathname !== ${JSON.stringify(sample)}) throw new TypeError("Cannot read properties of undefined (reading 'price')");
    return built.render(props);
  } };
})();
`;

describe('two edges on one PostgreSQL behind a round-robin proxy', { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL (a PostgreSQL server)' }, () => {
  let tmp;
  let url;
  let admin;
  let dbName;
  let pool;
  const edges = [];
  let proxy;
  let base;
  let releaseEnv;
  let third;

  before(async () => {
    for (const file of ['api/dist/server.js', 'shell/dist/index.html', ...Object.values(PROJECT).map((p) => `${p}/dist/mf-manifest.json`)]) {
      assert.ok(fs.existsSync(path.join(repo, file)), `${file} is missing: build the api, the shell and the remotes first`);
    }
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'two-edges-'));
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    dbName = `two_edges_${process.pid}_${Date.now().toString(36)}`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${dbName}`;
    url = u.href;
    pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => {});

    // the release machine: its own working directory, no deploy folder of its own
    third = path.join(tmp, 'release-machine');
    fs.mkdirSync(third);
    releaseEnv = { ...process.env, REGISTRY: 'postgres', DATABASE_URL: url, DEPLOY_DIR: path.join(third, 'no-deploy-here') };
    delete releaseEnv.REGISTRY_DATABASE_URL;
    const deployed = await run([path.join(repo, 'tools/deploy-local.mjs')], { cwd: third, env: releaseEnv });
    assert.equal(deployed.status, 0, deployed.out);

    const proxyPort = await freePort();
    const ports = [await freePort(), await freePort()];
    const edgeEnv = (label) => {
      const dir = path.join(tmp, `edge-${label}`);
      fs.mkdirSync(dir);
      const env = {
        ...process.env,
        NODE_OPTIONS: '',
        WORK_DIR: dir,
        DATABASE_URL: url,
        REGISTRY: 'postgres',
        DEPLOY_DIR: path.join(dir, 'deploy'),
        EDGE_CACHE_DIR: path.join(dir, 'edge-cache'),
        DATA_DIR: path.join(dir, 'pgdata'),
        IMAGE_CACHE_DIR: path.join(dir, 'images'),
        TRUST_PROXY: '127.0.0.1',
        SITE_HOSTS: `${NZ_HOST}=NZ,${AU_HOST}=AU`,
        SEED_PRODUCTS: '150',
        SSR_RENDERERS: '1',
        PAYMENT_FIELDS_PORT: 'off',
        LOG_LEVEL: 'warn',
        // the canary judge in both processes, quick: every second, on 20 renders, 3 s per share
        CANARY_JUDGE_INTERVAL_SECONDS: '1',
        CANARY_MIN_RENDERS: '20',
        CANARY_STEP_MINUTES: '0.05',
        CANARY_STEPS: '10,50,100',
      };
      delete env.REGISTRY_DATABASE_URL;
      return env;
    };
    // the first edge migrates and seeds the empty database, then the second starts
    edges.push(await startEdge('a', ports[0], edgeEnv('a')));
    edges.push(await startEdge('b', ports[1], edgeEnv('b')));
    proxy = roundRobinProxy(edges);
    base = `http://127.0.0.1:${await proxy.listen(proxyPort)}`;
  }, { timeout: 240_000 });

  after(async () => {
    await proxy?.close();
    await Promise.all(edges.map((e) => e.stop()));
    await pool?.end();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** The same request twice through the proxy (consecutive, so one to each edge): the answers by edge. */
  async function eachEdge(pathname, init = {}) {
    const answers = new Map();
    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(`${base}${pathname}`, init);
      answers.set(res.headers.get('x-test-edge'), res);
    }
    assert.deepEqual([...answers.keys()].sort(), ['a', 'b'], 'two requests in a row are answered by the two edges');
    return answers;
  }

  /**
   * Polls pages through the proxy until, on both edges, the versions each page's embedded registry
   * names satisfy `wanted` and the page's remote region was server-rendered by the version named
   * (`pages`: remote -> a page of it). Returns when each edge first did so for every page.
   */
  async function waitUntilBothServe(wanted, { pages = { catalog: '/categories/bags' }, timeoutMs = 60_000 } = {}) {
    const firstSeen = { a: {}, b: {} };
    const last = {};
    const done = (edge) => Object.keys(pages).every((remote) => remote in firstSeen[edge]);
    const started = Date.now();
    const poll = async (remote, page) => {
      const res = await fetch(`${base}${page}`, { headers: { accept: 'text/html' } });
      const edge = res.headers.get('x-test-edge');
      const html = await res.text();
      assert.equal(res.status, 200, `edge ${edge}: ${html.slice(0, 300)}`);
      const versions = Object.fromEntries(embeddedRegistry(html).remotes.map((r) => [r.name, r.version]));
      // the remote's region was rendered on the server by the version the page names
      const region = new RegExp(`<div id="app-${remote}" data-remote="${remote}" data-remote-version="([^"]*)" data-ssr="([^"]*)"`).exec(html);
      const rendered = region?.[2] === 'rendered' ? region[1] : `not rendered (${region?.[2]})`;
      last[`${edge} ${page}`] = { ...versions, [`rendered ${remote}`]: rendered };
      if (!(remote in firstSeen[edge]) && wanted(versions) && rendered === versions[remote]) firstSeen[edge][remote] = Date.now();
      return edge;
    };
    while (!(done('a') && done('b')) && Date.now() - started < timeoutMs) {
      for (const [remote, page] of Object.entries(pages)) {
        if (remote in firstSeen.a && remote in firstSeen.b) continue;
        // two requests at once: the proxy sends one to each edge, and neither waits for the other's render
        const served = await Promise.all([poll(remote, page), poll(remote, page)]);
        assert.deepEqual(served.sort(), ['a', 'b']);
      }
      await sleep(20);
    }
    assert.ok(done('a') && done('b'), `not served by both edges within ${timeoutMs} ms: ${JSON.stringify(last)}`);
    return Object.fromEntries(Object.entries(firstSeen).map(([edge, times]) => [edge, Math.max(...Object.values(times))]));
  }

  /** When the registry switched `name` to `version` (the switch's transaction, on this machine's database). */
  async function switchedAt(name, version, action) {
    const { rows } = await pool.query('SELECT at FROM release_history WHERE name = $1 AND to_version = $2 AND action = $3 ORDER BY id DESC LIMIT 1', [name, version, action]);
    assert.equal(rows.length, 1, `${action} of ${name} to ${version} recorded`);
    return new Date(rows[0].at).getTime();
  }

  const live = async (name) => (await pool.query('SELECT version FROM release_live WHERE name = $1', [name])).rows[0]?.version;

  /** Both edges answer 200 for the build's manifest (no-cache) and its remote entry (hashed, immutable). */
  async function assertFilesServed(name, version) {
    for (const [edge, res] of await eachEdge(`/cdn/${name}/${version}/mf-manifest.json`)) {
      assert.equal(res.status, 200, `edge ${edge}: /cdn/${name}/${version}/mf-manifest.json`);
      const entry = (await res.json()).metaData?.remoteEntry?.name;
      assert.ok(entry, `edge ${edge}: a federation manifest naming its remote entry`);
      for (const [other, file] of await eachEdge(`/cdn/${name}/${version}/${entry}`)) {
        assert.equal(file.status, 200, `edge ${other}: /cdn/${name}/${version}/${entry}`);
        assert.match(file.headers.get('cache-control') ?? '', /immutable/);
        assert.match(await file.text(), /\S/);
      }
    }
  }

  it('a release made from a third directory is served by both edges within 1 s; the old files stay; a rollback likewise', { timeout: 120_000 }, async (t) => {
    const before = await live('catalog');
    await waitUntilBothServe((v) => v.catalog === before);
    const next = nextBuild(third, 'catalog', 'next');
    assert.notEqual(next.version, before);

    // poll while the command runs: the edges may switch before it exits (it prunes after the switch)
    const command = run([releaseCli, 'release', 'catalog', '--dist', next.dist], { cwd: third, env: releaseEnv });
    const seen = await waitUntilBothServe((v) => v.catalog === next.version);
    const released = await command;
    assert.equal(released.status, 0, released.out);
    assert.match(released.out, new RegExp(`catalog: ${before} -> ${next.version}`));
    assert.equal(fs.existsSync(releaseEnv.DEPLOY_DIR), false, 'the command wrote no deploy folder of its own');
    const at = await switchedAt('catalog', next.version, 'release');
    t.diagnostic(`release served by edge a ${seen.a - at} ms, edge b ${seen.b - at} ms after the switch`);
    for (const edge of ['a', 'b']) assert.ok(seen[edge] - at <= 1000, `edge ${edge} served the release ${seen[edge] - at} ms after the switch`);
    await assertFilesServed('catalog', next.version);
    // a tab opened before the release still loads the old version's files, from either edge
    await assertFilesServed('catalog', before);
    for (const [edge, res] of await eachEdge('/registry.json')) {
      assert.equal((await res.json()).remotes.find((r) => r.name === 'catalog').version, next.version, `edge ${edge}: /registry.json`);
    }

    const rollingBack = run([releaseCli, 'rollback', 'catalog'], { cwd: third, env: releaseEnv });
    const back = await waitUntilBothServe((v) => v.catalog === before);
    const rollback = await rollingBack;
    assert.equal(rollback.status, 0, rollback.out);
    const rolledBack = await switchedAt('catalog', before, 'rollback');
    t.diagnostic(`rollback served by edge a ${back.a - rolledBack} ms, edge b ${back.b - rolledBack} ms after the switch`);
    for (const edge of ['a', 'b']) assert.ok(back[edge] - rolledBack <= 1000, `edge ${edge} served the rollback ${back[edge] - rolledBack} ms after the switch`);
    await assertFilesServed('catalog', before);
    await assertFilesServed('catalog', next.version);
  });

  it('releases of two remotes started at the same moment both go live on both edges', { timeout: 120_000 }, async (t) => {
    const builds = { catalog: nextBuild(third, 'catalog', 'together'), content: nextBuild(third, 'content', 'together') };
    const commands = Promise.all(Object.entries(builds).map(([name, b]) => run([releaseCli, 'release', name, '--dist', b.dist], { cwd: third, env: releaseEnv })));
    const both = (v) => v.catalog === builds.catalog.version && v.content === builds.content.version;
    const seen = await waitUntilBothServe(both, { pages: { catalog: '/categories/bags', content: '/stores' } });
    for (const r of await commands) assert.equal(r.status, 0, r.out);
    assert.equal(await live('catalog'), builds.catalog.version);
    assert.equal(await live('content'), builds.content.version);
    const at = Math.max(await switchedAt('catalog', builds.catalog.version, 'release'), await switchedAt('content', builds.content.version, 'release'));
    t.diagnostic(`both releases served by edge a ${seen.a - at} ms, edge b ${seen.b - at} ms after the later switch`);
    for (const edge of ['a', 'b']) assert.ok(seen[edge] - at <= 1000, `edge ${edge} served both releases ${seen[edge] - at} ms after the later switch`);
    for (const [name, b] of Object.entries(builds)) await assertFilesServed(name, b.version);
  });

  it('the site named by X-Forwarded-Host is the market both edges render, their in-process API calls included', { timeout: 30_000 }, async () => {
    const cities = { AU: /Sydney|Melbourne|Brisbane/, NZ: /Auckland|Wellington|Christchurch/ };
    for (const [host, market, other] of [[AU_HOST, 'AU', 'NZ'], [NZ_HOST, 'NZ', 'AU']]) {
      const answers = new Map();
      for (let i = 0; i < 2; i += 1) {
        // the shopper's Host reaches the edge only as X-Forwarded-Host (the proxy sends its own)
        const res = await new Promise((resolve, reject) => {
          const { port } = new URL(base);
          http.get({ host: '127.0.0.1', port, path: '/stores', headers: { host, accept: 'text/html' } }, (r) => {
            let body = '';
            r.setEncoding('utf8');
            r.on('data', (d) => (body += d));
            r.on('end', () => resolve({ edge: r.headers['x-test-edge'], status: r.statusCode, body }));
          }).on('error', reject);
        });
        answers.set(res.edge, res);
      }
      assert.deepEqual([...answers.keys()].sort(), ['a', 'b']);
      for (const [edge, res] of answers) {
        assert.equal(res.status, 200, `edge ${edge}`);
        assert.equal(/<html[^>]* lang="([^"]+)"/.exec(res.body)?.[1], market === 'AU' ? 'en-AU' : 'en-NZ', `edge ${edge} renders the ${market} site for ${host}`);
        // the store list the page was rendered with comes from the edge's in-process API call
        assert.match(res.body, cities[market], `edge ${edge}: ${market} stores for ${host}`);
        assert.doesNotMatch(res.body, cities[other], `edge ${edge}: no ${other} stores for ${host}`);
      }
    }
  });

  it('a shopper signs up and signs in with SRP across the edges, and places an order: a retry at the other edge gets it, both read it', { timeout: 60_000 }, async () => {
    const config = await (await fetch(`${base}/api/account/config`)).json();
    assert.equal(config.localPool, true);
    const { Amplify } = await import('aws-amplify');
    const { confirmSignUp, fetchAuthSession, signIn, signUp } = await import('aws-amplify/auth');
    Amplify.configure({
      Auth: { Cognito: { userPoolId: config.userPoolId, userPoolClientId: config.userPoolClientId, userPoolEndpoint: new URL(config.userPoolEndpoint, base).href, loginWith: { email: true } } },
    });
    const email = `two.edges.${Date.now().toString(36)}@example.co.nz`;
    const password = 'Kauri-Trail-42';
    await signUp({ username: email, password, options: { userAttributes: { email } } });
    const outbox = await (await fetch(`${base}/api/cognito/outbox?email=${encodeURIComponent(email)}`)).json();
    const code = outbox.messages.find((m) => m.purpose === 'SIGN_UP')?.code;
    assert.ok(code, 'the sign-up code is in the outbox (whichever edge sent it)');
    await confirmSignUp({ username: email, confirmationCode: code });

    const from = proxy.served.length;
    const signedIn = await signIn({ username: email, password });
    assert.equal(signedIn.isSignedIn, true, JSON.stringify(signedIn.nextStep));
    const calls = proxy.served.slice(from).filter((s) => s.target);
    const initiate = calls.find((s) => s.target.endsWith('.InitiateAuth'));
    const respond = calls.find((s) => s.target.endsWith('.RespondToAuthChallenge'));
    assert.ok(initiate && respond, JSON.stringify(calls));
    assert.notEqual(initiate.edge, respond.edge, 'the SRP challenge was asked of one edge and answered at the other');
    const idToken = (await fetchAuthSession()).tokens?.idToken?.toString();
    assert.ok(idToken);
    const auth = { authorization: `Bearer ${idToken}` };
    for (const [edge, res] of await eachEdge('/api/account', { headers: auth })) assert.equal(res.status, 200, `edge ${edge}: /api/account`);

    // a signed-in order: a stocked product of the listing, priced and placed through the proxy
    const listing = await (await fetch(`${base}/api/catalog/listing?category=bags`)).json();
    let item;
    for (const tile of listing.items.filter((t) => !t.soldOut)) {
      const product = await (await fetch(`${base}/api/products/by-path?path=${encodeURIComponent(tile.path)}`)).json();
      const variant = product.variants?.find((v) => v.qty >= 1);
      if (variant) {
        item = { productId: String(tile.id), variantId: String(variant.id), qty: 1 };
        break;
      }
    }
    assert.ok(item, 'a stocked product');
    const address = { contactName: 'Aroha Ngata', country: 'NZ', phone: '021 555 0101', postcode: '1010', street1: '12 Queen Street', suburb: 'Auckland Central' };
    const cart = { items: [item], promoCodes: [], email, firstName: 'Aroha', lastName: 'Ngata', shippingAddress: address, shipping: { type: 'DELIVERY', options: { methodId: 'standard' } } };
    const json = { 'content-type': 'application/json', ...auth };
    const priced = await (await fetch(`${base}/api/checkout/info`, { method: 'POST', headers: json, body: JSON.stringify({ cart }) })).json();
    assert.ok(priced.amountOutstanding > 0, JSON.stringify(priced));
    const order = {
      cartId: `two-edges-${Date.now().toString(36)}`,
      cart: { ...cart, phone: '021 555 0101', billingAddress: address },
      payment: { methods: [{ methodCode: 'BRAINTREE_CREDIT_CARD', amount: priced.amountOutstanding, token: 'fake-valid-nonce' }] },
      expectedPromotions: priced.promotions.appliedPromotions.map((p) => ({ promotionId: p.id, versionId: p.versionId })),
    };
    const place = () => fetch(`${base}/api/order/place`, { method: 'POST', headers: { ...json, 'idempotency-key': order.cartId }, body: JSON.stringify(order) });
    const placing = await place();
    const placed = await placing.json();
    assert.equal(placing.status, 200, JSON.stringify(placed));
    const placedBy = placing.headers.get('x-test-edge');
    const number = placed.orderNumber;
    assert.equal(placed.status, 'complete', JSON.stringify(placed));
    // the same request again (a retry after a lost answer) reaches the other edge: the same order
    const retry = await place();
    assert.notEqual(retry.headers.get('x-test-edge'), placedBy);
    assert.equal(retry.status, 200);
    assert.equal((await retry.json()).orderNumber, number);
    for (const [edge, res] of await eachEdge(`/api/account/orders/${encodeURIComponent(number)}`, { headers: auth })) {
      assert.equal(res.status, 200, `edge ${edge}: the shopper's order`);
    }
  });

  it('a browser through the proxy browses, adds to the cart, signs up and signs in, with both edges answering it, and logs no error', { timeout: 180_000 }, async () => {
    const { chromium } = await import('@playwright/test');
    const settings = JSON.parse(fs.readFileSync(path.join(repo, 'e2e/support/chromium.json'), 'utf8'));
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || settings.executablePath, args: settings.args.filter((a) => a !== '--headless') });
    const errors = [];
    try {
      const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
      page.setDefaultTimeout(20_000);
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      const from = proxy.served.length;
      const waitFor = async (what, check) => {
        const deadline = Date.now() + 20_000;
        while (!(await check())) {
          if (Date.now() > deadline) throw new Error(`${what}: not after 20 s`);
          await sleep(200);
        }
      };

      // a listing, then a product by its tile's link, added to the cart
      await page.goto(`${base}/categories/bags`);
      const tile = page.locator('[data-remote="catalog"] a[href^="/products/"]').first();
      const href = await tile.getAttribute('href');
      await tile.click();
      await page.waitForURL((u) => u.pathname === href);
      const catalog = page.locator('[data-remote="catalog"]');
      const name = (await catalog.getByRole('heading', { level: 1 }).textContent())?.trim();
      assert.ok(name, 'the product page has its name');
      await catalog.getByRole('button', { name: 'Add to cart' }).click();
      const cartButton = page.locator('#shell-header').getByRole('button', { name: /Cart/ });
      await waitFor('the cart badge says 1', async () => /\b1\b/.test((await cartButton.textContent()) ?? ''));

      // sign up in the account remote's form, with the code from the user pool's outbox (either edge)
      const email = `two.edges.browser.${Date.now().toString(36)}@example.co.nz`;
      const password = 'Kauri-Trail-42';
      await page.goto(`${base}/account/signup`);
      const account = page.locator('[data-remote="account"]');
      await account.getByLabel('First name').fill('Mere');
      await account.getByLabel('Last name', { exact: true }).fill('Tautahi');
      await account.getByLabel('Email').fill(email);
      await account.getByLabel('Password', { exact: true }).fill(password);
      await account.getByLabel('Repeat password').fill(password);
      await account.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/account\/verify\?user=/);
      let code = '';
      await waitFor('the sign-up code', async () => {
        const outbox = await (await fetch(`${base}/api/cognito/outbox?email=${encodeURIComponent(email)}`)).json();
        code = outbox.messages.find((m) => m.purpose === 'SIGN_UP')?.code ?? '';
        return /^\d{6}$/.test(code);
      });
      await account.getByLabel('Verification code').fill(code);
      await account.getByRole('button', { name: 'Verify email' }).click();
      await account.getByRole('heading', { level: 1, name: 'Email verified' }).waitFor();

      // sign in (SRP in the browser: the challenge and its answer go through the proxy)
      const signInFrom = proxy.served.length;
      await page.goto(`${base}/account/signin`);
      await account.getByLabel('Email').fill(email);
      await account.getByLabel('Password').fill(password);
      await account.getByRole('button', { name: 'Sign in' }).click();
      await account.getByRole('heading', { level: 1, name: 'Kia ora, Mere' }).waitFor();
      const srp = proxy.served.slice(signInFrom).filter((s) => s.target);
      assert.ok(srp.some((s) => s.target.endsWith('.InitiateAuth')) && srp.some((s) => s.target.endsWith('.RespondToAuthChallenge')), JSON.stringify(srp));
      // the guest's cart line is the customer's now, on whichever edge the next page comes from
      await page.goto(`${base}/cart`);
      const lines = page.locator('[data-remote="cart_checkout"] [data-testid="cart-line"]');
      await waitFor('the cart page lists the product', async () => (await lines.count()) === 1 && ((await lines.first().textContent()) ?? '').includes(name));

      const edgesSeen = new Set(proxy.served.slice(from).map((s) => s.edge));
      assert.deepEqual([...edgesSeen].sort(), ['a', 'b'], 'both edges answered the browser');
      assert.deepEqual(errors, [], 'no console errors');
    } finally {
      await browser.close();
    }
  });

  /** Two requests for `page` at once through the proxy (one to each edge) from a shopper in cohort bucket `bucket`: what each edge served. */
  async function asShopper(page, bucket) {
    const answers = await Promise.all([0, 1].map(async () => {
      const res = await fetch(`${base}${page}`, { headers: { accept: 'text/html', cookie: `store_cohort=${bucket}` } });
      const html = await res.text();
      const edge = res.headers.get('x-test-edge');
      assert.equal(res.status, 200, `edge ${edge} ${page}: ${html.slice(0, 300)}`);
      const region = /<div id="app-catalog" data-remote="catalog" data-remote-version="([^"]*)" data-ssr="([^"]*)"/.exec(html);
      assert.ok(region, `edge ${edge} ${page}: the catalog region`);
      const named = embeddedRegistry(html).remotes.find((r) => r.name === 'catalog').version;
      return { edge, at: Date.now(), page, bucket, named, rendered: region[1], ssr: region[2] };
    }));
    assert.deepEqual(answers.map((a) => a.edge).sort(), ['a', 'b'], 'two requests at once are answered by the two edges');
    return answers;
  }

  /** Product pages of the seeded catalogue (their paths), but the one the release gate renders. */
  async function productPages(count) {
    const listing = await (await fetch(`${base}/api/catalog/listing?category=bags`)).json();
    const pages = listing.items.map((t) => (t.path.startsWith('/') ? t.path : `/products/${t.path}`)).filter((p) => p !== catalogLayout.samples['/products/*']);
    assert.ok(pages.length >= count, `${count} product pages in the listing`);
    return pages.slice(0, count);
  }

  /** catalog's history since `fromId`: action, share, who and why. */
  async function historySince(fromId) {
    const { rows } = await pool.query("SELECT id, at, action, to_version, by, detail FROM release_history WHERE name = 'catalog' AND id > $1 ORDER BY id", [fromId]);
    return rows.map((r) => ({ id: Number(r.id), at: new Date(r.at).getTime(), action: r.action, to: r.to_version, share: r.detail?.share ?? null, by: r.by, reason: r.detail?.reason ?? null }));
  }
  const lastHistoryId = async () => Number((await pool.query('SELECT coalesce(max(id), 0) AS id FROM release_history')).rows[0].id);

  it('a canary whose product pages fail to render is rolled back once, by one of the two judges; both edges serve stable to its shoppers at once', { timeout: 120_000 }, async (t) => {
    const stable = await live('catalog');
    const pages = await productPages(4);
    // stable's renders in the canary's minute, from both edges, before the canary starts
    for (let round = 0; round < 3; round += 1) for (const page of pages) await asShopper(page, 90);

    const broken = nextBuild(third, 'catalog', 'broken', { serverTail: failingProductPages(catalogLayout.samples['/products/*']) });
    const fromId = await lastHistoryId();
    const released = await run([releaseCli, 'release', 'catalog', '--dist', broken.dist, '--canary', '50'], { cwd: third, env: releaseEnv });
    assert.equal(released.status, 0, `the gate's sample product renders, so the canary goes out: ${released.out}`);

    // shoppers of both cohorts on both edges, until the judge has acted
    const canaryServed = new Set();
    const afterAbort = [];
    let aborted;
    const started = Date.now();
    while (Date.now() - started < 60_000) {
      for (const page of pages) {
        for (const answer of [...(await asShopper(page, 10)), ...(await asShopper(page, 90))]) {
          if (answer.bucket === 90) assert.equal(answer.named, stable, `edge ${answer.edge}: the stable cohort stays on stable`);
          if (answer.bucket === 10 && answer.named === broken.version) {
            canaryServed.add(answer.edge);
            assert.equal(answer.ssr, 'failed', `edge ${answer.edge} ${page}: the canary's product page fails on the server`);
          }
          if (aborted && answer.bucket === 10) afterAbort.push(answer);
        }
      }
      aborted ??= (await historySince(fromId)).find((h) => h.action === 'abort');
      const servedStable = (edge) => afterAbort.some((a) => a.edge === edge && a.named === stable);
      if (aborted && servedStable('a') && servedStable('b')) break;
    }
    assert.deepEqual([...canaryServed].sort(), ['a', 'b'], 'both edges served the canary to its cohort');
    assert.ok(aborted, `the canary was rolled back within 60 s: ${JSON.stringify(await historySince(fromId))}`);

    // each edge's first answer to the canary's cohort with stable, and none with the canary after it
    for (const edge of ['a', 'b']) {
      const answers = afterAbort.filter((a) => a.edge === edge);
      const first = answers.findIndex((a) => a.named === stable);
      assert.ok(first >= 0, `edge ${edge} served stable to the canary's cohort after the rollback`);
      t.diagnostic(`edge ${edge} served stable to the canary's cohort ${answers[first].at - aborted.at} ms after the rollback`);
      assert.ok(answers[first].at - aborted.at <= 3000, `edge ${edge} served stable ${answers[first].at - aborted.at} ms after the rollback`);
      for (const a of answers.slice(first)) {
        assert.equal(a.named, stable, `edge ${edge} ${a.page}: stable, not the canary again`);
        assert.equal(a.rendered, stable);
        assert.equal(a.ssr, 'rendered', `edge ${edge} ${a.page}: stable renders on the server`);
      }
    }

    // a few more rounds of both judges: still one rollback, and it says why
    await sleep(3000);
    const history = await historySince(fromId);
    assert.deepEqual(history.map((h) => h.action), ['canary', 'abort'], JSON.stringify(history));
    const [, abort] = history;
    assert.equal(abort.to, stable);
    assert.equal(abort.by, 'canary judge');
    assert.equal(abort.share, 50);
    assert.match(abort.reason, /^render failures \d+(\.\d+)?% of \d+ renders against stable's \d+(\.\d+)?% of \d+$/);
    t.diagnostic(`abort: ${abort.reason}`);
    assert.equal(await live('catalog'), stable);
    const entry = (await pool.query("SELECT entry FROM release_live WHERE name = 'catalog'")).rows[0].entry;
    assert.equal(entry.canary, undefined);
    assert.ok(entry.withdrawn?.includes(broken.version), 'the aborted version is withdrawn');
  });

  it('a healthy canary is stepped up and promoted by the judges of both edges, one step per step', { timeout: 120_000 }, async (t) => {
    const stable = await live('catalog');
    const pages = await productPages(3);
    const healthy = nextBuild(third, 'catalog', 'healthy');
    const fromId = await lastHistoryId();
    const released = await run([releaseCli, 'release', 'catalog', '--dist', healthy.dist, '--canary', '10'], { cwd: third, env: releaseEnv });
    assert.equal(released.status, 0, released.out);

    let promoted;
    const started = Date.now();
    while (!promoted && Date.now() - started < 60_000) {
      for (const page of pages) {
        for (const answer of await asShopper(page, 5)) {
          assert.equal(answer.ssr, 'rendered', `edge ${answer.edge} ${page}`);
          assert.ok([stable, healthy.version].includes(answer.named), `edge ${answer.edge}: ${answer.named}`);
        }
        await asShopper(page, 95);
      }
      promoted = (await historySince(fromId)).find((h) => h.action === 'promote');
    }
    assert.ok(promoted, `the canary was promoted within 60 s: ${JSON.stringify(await historySince(fromId))}`);
    await sleep(3000);
    const history = await historySince(fromId);
    t.diagnostic(`promoted ${promoted.at - history[0].at} ms after the canary started`);
    assert.deepEqual(history.map((h) => [h.action, h.share]), [['canary', 10], ['canary-step', 50], ['canary-step', 100], ['promote', null]], JSON.stringify(history));
    for (const h of history.slice(1)) {
      assert.equal(h.by, 'canary judge');
      assert.match(h.reason, /^healthy for 0\.05 min at \d+%/);
    }
    assert.equal(await live('catalog'), healthy.version);
    // every shopper (no cohort cookie: any bucket) gets the promoted version on both edges
    await waitUntilBothServe((v) => v.catalog === healthy.version, { timeoutMs: 5000 });
  });
});
