// First-load JavaScript and requests before first paint, measured in Chromium with playwright-core.
/* global window, document, performance, requestAnimationFrame -- inside page.evaluate / waitForFunction callbacks */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { onCleanup } from './proc.mjs';
import { packageOf, packagesOf } from './sourcemap.mjs';

const brotli = (bytes) =>
  zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }).length;

/**
 * The npm packages (and workspace packages, as "<folder>/src" the way source maps name them) that
 * make up the shared singletons: the shared names themselves plus their runtime dependencies.
 */
function sharedClosure(root, sharedNames) {
  const labels = new Set();
  const seen = new Set();
  const visit = (name, fromDir) => {
    if (seen.has(`${name}@${fromDir}`)) return;
    seen.add(`${name}@${fromDir}`);
    let pkgFile;
    try {
      pkgFile = createRequire(path.join(fromDir, 'noop.js')).resolve(`${name}/package.json`);
    } catch {
      // packages without an exported package.json: find the folder by walking node_modules
      let dir = fromDir;
      for (;;) {
        const candidate = path.join(dir, 'node_modules', name, 'package.json');
        if (fs.existsSync(candidate)) {
          pkgFile = candidate;
          break;
        }
        const parent = path.dirname(dir);
        if (parent === dir) break;
        dir = parent;
      }
    }
    if (!pkgFile) {
      labels.add(name);
      return;
    }
    const real = fs.realpathSync(pkgFile);
    const pkg = JSON.parse(fs.readFileSync(real, 'utf8'));
    // a workspace package resolves to its folder (symlink): source maps call it "<folder>/src"
    labels.add(real.includes(`${path.sep}node_modules${path.sep}`) ? name : `${path.basename(path.dirname(real))}/src`);
    labels.add(name);
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, path.dirname(real));
  };
  for (const name of sharedNames) visit(name, root);
  return labels;
}

/** Package root of a shared entry name: "react-dom/client" -> "react-dom", "@emotion/react/x" -> "@emotion/react". */
const packageRoot = (name) => {
  const parts = name.replace(/\/$/, '').split('/');
  return name.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

/** Reads a deployed build's manifest: which of its files provide which shared modules. */
function readBuild(deployDir, name, version, cache) {
  const key = `${name}/${version}`;
  if (cache.has(key)) return cache.get(key);
  const dir = path.join(deployDir, 'cdn', name, version);
  const sharedFiles = new Map(); // file -> [shared names]
  const sharedNames = new Set();
  for (const file of ['mf-manifest.json', 'mf-stats.json']) {
    let doc;
    try {
      doc = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    } catch {
      continue;
    }
    for (const entry of doc.shared ?? []) {
      sharedNames.add(entry.name);
      for (const asset of [...(entry.assets?.js?.sync ?? []), ...(entry.assets?.js?.async ?? [])]) {
        const list = sharedFiles.get(asset) ?? [];
        if (!list.includes(entry.name)) list.push(entry.name);
        sharedFiles.set(asset, list);
      }
    }
  }
  const build = { name, version, dir, sharedFiles, sharedNames };
  cache.set(key, build);
  return build;
}

/**
 * Loads `url` in a fresh context, collects every script response until network idle after load,
 * waits for the route's remote to be mounted, and reads the paint and resource timing entries.
 */
async function loadRoute(browser, { url, remote, timeoutMs }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const scripts = [];
  const failures = [];
  const consoleErrors = [];
  page.on('response', (response) => {
    const request = response.request();
    if (response.status() >= 400) failures.push(`${response.status()} ${request.url()}`);
    // scripts, and script files prefetched with <link rel="prefetch"> (downloaded, not run)
    const prefetchedScript = request.resourceType() === 'other' && /\.js$/.test(new URL(request.url()).pathname);
    if (request.resourceType() !== 'script' && !prefetchedScript) return;
    scripts.push(
      response.body().then(
        (body) => ({ url: request.url(), status: response.status(), body, encoding: response.headers()['content-encoding'] ?? null }),
        (error) => ({ url: request.url(), status: response.status(), error: String(error?.message ?? error) }),
      ),
    );
  });
  page.on('requestfailed', (request) => failures.push(`failed ${request.url()}: ${request.failure()?.errorText}`));
  page.on('console', (message) => {
    // failed requests are reported from the network events, with their URL
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text().slice(0, 300));
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${String(error?.message ?? error).slice(0, 300)}`));
  // when the page is hydrated: parsed, and no region still marked server-rendered (data-ssr="rendered")
  await page.addInitScript(() => {
    const check = () => {
      if (document.readyState !== 'loading' && document.getElementById('shell-main') && !document.querySelector('[data-ssr="rendered"]')) {
        window.__benchHydratedAt = performance.now();
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });

  const navigation = await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
  const status = navigation?.status() ?? null;
  await page.waitForLoadState('networkidle', { timeout: timeoutMs });
  let mounted = false;
  try {
    await page.waitForFunction(
      (name) => {
        const apps = window.__SHELL_MOUNTED__?.() ?? [];
        return apps.includes(name) || Boolean(document.querySelector('[data-remote-fallback]'));
      },
      remote,
      { timeout: Math.min(timeoutMs, 20_000) },
    );
    mounted = await page.evaluate((name) => (window.__SHELL_MOUNTED__?.() ?? []).includes(name), remote);
  } catch {
    mounted = false;
  }
  await page.waitForLoadState('networkidle', { timeout: timeoutMs });
  // the remote may fetch data and chunks after mounting: settle once more
  await page.waitForTimeout(300);
  await page.waitForLoadState('networkidle', { timeout: timeoutMs });

  const timing = await page.evaluate(() => {
    const paint = Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
    const resources = performance.getEntriesByType('resource').map((e) => ({
      url: e.name,
      type: e.initiatorType,
      start: e.startTime,
      end: e.responseEnd,
      transferSize: e.transferSize,
    }));
    const nav = performance.getEntriesByType('navigation')[0];
    return {
      paint,
      resources,
      domContentLoaded: nav?.domContentLoadedEventEnd ?? null,
      load: nav?.loadEventEnd ?? null,
      hydratedAt: window.__benchHydratedAt ?? null,
    };
  });
  const fallback = await page.locator('[data-remote-fallback]').count();
  const h1 = await page
    .locator('#shell-main h1')
    .first()
    .textContent({ timeout: 1000 })
    .catch(() => null);
  const bodies = await Promise.all(scripts);
  await context.close();
  return { status, mounted, fallback: fallback > 0, h1, bodies, timing, failures, consoleErrors };
}

/**
 * Measures every route. `routes` is [{ key, path, remote }]. Returns per-route results plus the
 * checks ("shared module bundled twice", "development build shipped") over what was loaded.
 */
export async function measureFirstLoad({ root, baseUrl, deployDir, routes, chromiumPath, chromiumFlags, timeoutMs = 60_000 }) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags.filter((flag) => flag !== '--headless'),
    // run.mjs owns the signals: Playwright's own SIGINT handler would exit the process before the
    // server and temp dirs are cleaned up
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const closeBrowser = onCleanup(() => browser.close());
  const builds = new Map();
  const results = {};
  try {
    for (const route of routes) {
      const load = await loadRoute(browser, { url: `${baseUrl}${route.path}`, remote: route.remote, timeoutMs });
      results[route.key] = analyse({ root, deployDir, route, load, builds });
    }
  } finally {
    closeBrowser();
    await browser.close();
  }
  return results;
}

const DEV_MARKERS = [
  { re: /react(-dom)?[.-][a-z-]*development/, what: 'React development build' },
  { re: /dist\/development\//, what: 'development build of a package (dist/development)' },
  { re: /\/\/# sourceURL=webpack:/, what: 'eval source URLs (webpack development devtool)' },
];

function analyse({ root, deployDir, route, load, builds }) {
  const files = [];
  const problems = [];
  const closures = new Map();
  for (const item of load.bodies) {
    const pathname = new URL(item.url).pathname;
    const m = pathname.match(/^\/cdn\/([^/]+)\/([^/]+)\/(.+)$/);
    if (item.error || !item.body) {
      problems.push(`could not read the body of ${pathname}: ${item.error ?? 'empty'}`);
      continue;
    }
    const raw = item.body.length;
    const br = brotli(item.body);
    const sha = createHash('sha256').update(item.body).digest('hex').slice(0, 16);
    const file = { path: pathname, build: m?.[1] ?? null, file: m?.[3] ?? pathname, raw, brotli: br, sha, group: 'other', shared: [], sharedBy: null, packages: [] };
    if (m) {
      const build = readBuild(deployDir, m[1], m[2], builds);
      if (!closures.has(build.name)) closures.set(build.name, sharedClosure(root, [...new Set([...build.sharedNames].map(packageRoot))]));
      // what is inside: source map attribution
      let packages = [];
      try {
        const map = JSON.parse(fs.readFileSync(path.join(build.dir, `${m[3]}.map`), 'utf8'));
        const code = item.body.toString('utf8');
        const { packages: byPackage, sources } = packagesOf(code, map);
        const scale = raw / Math.max(1, code.length);
        packages = byPackage.map(([name, chars]) => ({ name, raw: Math.round(chars * scale) }));
        file.modules = new Map([...sources.entries()].filter(([s]) => s !== '(unmapped)').map(([s, n]) => [s, Math.round(n * scale)]));
      } catch {
        packages = [];
      }
      file.packages = packages;
      const listed = build.sharedFiles.get(m[3]);
      const closure = closures.get(build.name);
      const mapped = packages.filter((p) => p.name !== '(unmapped)' && p.name !== '(unknown)');
      const mappedBytes = mapped.reduce((a, p) => a + p.raw, 0);
      const sharedBytes = mapped.filter((p) => closure.has(p.name)).reduce((a, p) => a + p.raw, 0);
      const isEntry = /^(remoteEntry|main|__federation_expose_)/.test(m[3]);
      if (listed) {
        file.group = 'shared';
        file.shared = listed;
        file.sharedBy = 'manifest';
      } else if (m[1] === 'shell' && !isEntry && mappedBytes > 0 && sharedBytes / mappedBytes >= 0.95) {
        // dependency chunks of the shell's shared modules (react-router's code behind its facade,
        // the bus's rxjs/zod) are not listed in the manifest's shared assets; their source maps
        // say what they are. Only for the shell, which provides the singletons: a remote's own
        // copy of, say, zod is remote code.
        file.group = 'shared';
        file.shared = [...new Set(mapped.map((p) => p.name))];
        file.sharedBy = 'source map';
      } else if (m[1] === 'shell') {
        file.group = 'shell';
      } else if (m[1] === route.remote) {
        file.group = 'remote';
      } else {
        file.group = 'other';
      }
      if (file.group === 'shared' && m[1] !== 'shell') {
        problems.push(`shared module${file.shared.length > 1 ? 's' : ''} ${file.shared.join(', ')} came from the ${m[1]} build (${m[3]}): the shell does not provide ${file.shared.length > 1 ? 'them' : 'it'}, so every remote brings its own copy`);
      }
    } else {
      problems.push(`script outside /cdn/: ${pathname}`);
    }
    const text = item.body.toString('utf8');
    for (const marker of DEV_MARKERS) if (marker.re.test(text)) problems.push(`${pathname}: ${marker.what}`);
    files.push(file);
  }

  // The same source module twice among the loaded chunks = bundled twice; grouped by package. A
  // module counts as the same when only its format differs (x.cjs and x.js, dist/cjs and dist/esm:
  // the dual-package hazard puts both builds of a package in one bundle).
  const stem = (key) => key.replace(/\/(cjs|esm|es|lib|mjs)\//g, '/').replace(/\.(cjs|mjs|js)$/, '');
  const owners = new Map();
  for (const file of files) {
    for (const [source, bytes] of file.modules ?? []) {
      const nm = source.lastIndexOf('node_modules/');
      const key = nm >= 0 ? source.slice(nm) : source.replace(/^webpack:\/\/[^/]*\//, '');
      if (key.startsWith('webpack/') || key.startsWith('external ') || key.includes('.federation/entry')) continue;
      const list = owners.get(stem(key)) ?? [];
      list.push({ path: file.path, bytes, format: key.match(/\.(cjs|mjs|js)$/)?.[1] ?? null });
      owners.set(stem(key), list);
    }
  }
  const byPackage = new Map();
  for (const [module, list] of owners) {
    if (list.length < 2) continue;
    const pkg = packageOf(module);
    const entry = byPackage.get(pkg) ?? { package: pkg, modules: 0, files: new Set(), formats: new Set(), sameFile: false, extraRaw: 0 };
    entry.modules += 1;
    for (const owner of list) {
      entry.files.add(owner.path);
      if (owner.format) entry.formats.add(owner.format);
    }
    if (new Set(list.map((o) => o.path)).size < list.length) entry.sameFile = true;
    // every copy but the largest is extra
    entry.extraRaw += list.reduce((a, o) => a + o.bytes, 0) - Math.max(...list.map((o) => o.bytes));
    byPackage.set(pkg, entry);
  }
  const duplicates = [...byPackage.values()]
    .map((d) => ({ ...d, files: [...d.files], formats: [...d.formats] }))
    .sort((a, b) => b.extraRaw - a.extraRaw);
  // identical bodies loaded twice under two names
  const byBody = new Map();
  for (const file of files) {
    byBody.set(file.sha, [...(byBody.get(file.sha) ?? []), file.path]);
  }

  // when each script was requested: before the page was hydrated (what rendering and hydrating the
  // page needs: "critical") or after (services started at idle: "deferred"); files of another
  // remote fetched by <link rel="prefetch"> for a visible link are "prefetched" (downloaded, not run)
  const hydratedAt = load.timing.hydratedAt;
  for (const file of files) {
    const started = load.timing.resources.find((r) => new URL(r.url).pathname === file.path)?.start ?? null;
    file.requestedMs = started === null ? null : Math.round(started);
    const timing = load.timing.resources.find((r) => new URL(r.url).pathname === file.path);
    file.phase =
      timing?.type === 'link' ? 'prefetched' : hydratedAt === null || started === null ? 'unknown' : started <= hydratedAt ? 'critical' : 'deferred';
  }
  const sum = (group, key) => files.filter((f) => group === 'total' || f.group === group).reduce((a, f) => a + f[key], 0);
  const groups = {};
  for (const group of ['shell', 'remote', 'shared', 'other', 'total']) {
    groups[group] = { raw: sum(group, 'raw'), brotli: sum(group, 'brotli'), files: files.filter((f) => group === 'total' || f.group === group).length };
  }
  for (const phase of ['critical', 'deferred', 'prefetched']) {
    const inPhase = files.filter((f) => f.phase === phase);
    groups[phase] = { raw: inPhase.reduce((a, f) => a + f.raw, 0), brotli: inPhase.reduce((a, f) => a + f.brotli, 0), files: inPhase.length };
  }

  // requests started before first paint / first contentful paint (the document itself counts)
  const fp = load.timing.paint['first-paint'] ?? null;
  const fcp = load.timing.paint['first-contentful-paint'] ?? null;
  const before = (t) => (t === null ? null : load.timing.resources.filter((r) => r.start < t));
  const beforeFp = before(fp);
  const beforeFcp = before(fcp);

  if (load.status !== 200) problems.push(`the page answered ${load.status}`);
  if (!load.mounted) problems.push(`the ${route.remote} remote was not mounted${load.fallback ? ' (its fallback is shown)' : ''}`);
  for (const failure of load.failures) problems.push(`request: ${failure}`);
  for (const error of load.consoleErrors) problems.push(`console: ${error}`);

  return {
    url: route.path,
    remote: route.remote,
    status: load.status,
    mounted: load.mounted,
    heading: load.h1?.trim() ?? null,
    js: groups,
    files: files
      .map(({ modules: _modules, sha: _sha, ...rest }) => ({ ...rest, packages: rest.packages.slice(0, 8) }))
      .sort((a, b) => b.brotli - a.brotli),
    paint: { firstPaintMs: fp, firstContentfulPaintMs: fcp, domContentLoadedMs: load.timing.domContentLoaded, loadMs: load.timing.load, hydratedMs: hydratedAt },
    requestsBeforeFirstPaint: beforeFp === null ? null : 1 + beforeFp.length,
    requestsBeforeFirstContentfulPaint: beforeFcp === null ? null : 1 + beforeFcp.length,
    requestsBeforeFirstContentfulPaintList: beforeFcp?.map((r) => `${r.type} ${new URL(r.url).pathname}`) ?? null,
    requestsTotal: 1 + load.timing.resources.length,
    duplicateModules: duplicates,
    identicalFiles: [...byBody.values()].filter((list) => list.length > 1),
    problems,
  };
}
