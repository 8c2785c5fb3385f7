// The readable tables printed to stdout.
import { TAP_TARGETS } from './interactive.mjs';

const kb = (bytes) => (bytes === null || bytes === undefined ? '-' : (bytes / 1000).toFixed(1));
const ms = (value) => (value === null || value === undefined ? '-' : `${Math.round(value)}`);
const secs = (value) => (value === null || value === undefined ? '-' : value.toFixed(1));

export function table(headers, rows, align = []) {
  const cells = [headers, ...rows].map((row) => row.map((c) => (c === null || c === undefined ? '-' : String(c))));
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (row) =>
    row
      .map((c, i) => ((align[i] ?? (i === 0 ? 'l' : 'r')) === 'l' ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export function render(result) {
  const out = [];
  const { meta } = result;
  out.push(`Fernleaf benchmark  ${meta.startedAt}  commit ${meta.commit ?? '?'}${meta.dirty ? ' (uncommitted changes)' : ''}`);
  out.push(`Node ${meta.node}, ${meta.browser ?? 'chromium'}, ${meta.cpus} CPUs, ${meta.platform}, load average ${meta.loadAverageAtStart?.[0]} at start, ${meta.loadAverageAtEnd?.[0] ?? '?'} at end`);
  out.push('');

  const routes = Object.entries(result.routes);
  if (routes.some(([, r]) => r.firstLoad)) {
    out.push('First-load JavaScript: every script until network idle after load; KB = 1,000 bytes; brotli quality 11;');
    out.push('critical = requested before the page was hydrated, deferred = after (services at idle), prefetched = another remote\'s files for a visible link (<link rel=prefetch>: downloaded, not run)');
    out.push(
      table(
        ['route', 'path', 'shell raw', 'shell br', 'remote raw', 'remote br', 'shared raw', 'shared br', 'other br', 'TOTAL raw', 'TOTAL br', 'files', 'critical br', 'deferred br', 'prefetched br'],
        routes.map(([key, r]) => {
          const js = r.firstLoad?.js;
          return [
            key,
            r.path,
            kb(js?.shell.raw),
            kb(js?.shell.brotli),
            kb(js?.remote.raw),
            kb(js?.remote.brotli),
            kb(js?.shared.raw),
            kb(js?.shared.brotli),
            kb(js?.other.brotli),
            kb(js?.total.raw),
            kb(js?.total.brotli),
            js?.total.files,
            kb(js?.critical?.brotli),
            kb(js?.deferred?.brotli),
            kb(js?.prefetched?.brotli),
          ];
        }),
        ['l', 'l'],
      ),
    );
    out.push('');

    for (const [key, r] of routes) {
      if (!r.firstLoad?.files) continue;
      out.push(`Scripts loaded on ${key} (${r.path}), largest first`);
      out.push(
        table(
          ['file', 'group', 'phase', 'raw KB', 'br KB', 'what is inside (source map, raw KB)'],
          r.firstLoad.files.map((f) => [
            `${f.build}/${f.file}`,
            f.group,
            f.phase ?? '',
            kb(f.raw),
            kb(f.brotli),
            f.packages
              .filter((p) => p.raw >= 200)
              .slice(0, 5)
              .map((p) => `${p.name} ${kb(p.raw)}`)
              .join(', '),
          ]),
          ['l', 'l', 'l', 'r', 'r', 'l'],
        ),
      );
      out.push('');
    }

    out.push('Requests before first paint (document included; paint entries of an unthrottled load)');
    out.push(
      table(
        ['route', 'FP ms', 'requests before FP', 'FCP ms', 'requests before FCP', 'requests until idle'],
        routes.map(([key, r]) => [
          key,
          ms(r.firstLoad?.paint.firstPaintMs),
          r.firstLoad?.requestsBeforeFirstPaint,
          ms(r.firstLoad?.paint.firstContentfulPaintMs),
          r.firstLoad?.requestsBeforeFirstContentfulPaint,
          r.firstLoad?.requestsTotal,
        ]),
      ),
    );
    out.push('');
  } // (no first load: a --only-release, --only-ssr or --only-search run)

  const lighthoused = [...(result.floor?.lighthouse ? [['floor', { lighthouse: result.floor.lighthouse }]] : []), ...routes.filter(([, r]) => r.lighthouse)];
  if (lighthoused.length) {
    out.push(...lighthouseVsFloor(result));
    const lhRuns = lighthoused.map(([, r]) => r.lighthouse?.runs).find(Boolean) ?? 1;
    out.push(`Lighthouse details (the same runs; ${lhRuns === 1 ? 'one run per page' : `the median run of ${lhRuns} per page`})`);
    out.push(
      table(
        ['page', lhRuns > 1 ? 'score (runs)' : 'score', 'LCP ms', 'FCP ms', 'TBT ms', 'CLS', 'SI ms', 'TTI ms', 'unused JS KB', 'CPU index', 'LCP element'],
        lighthoused.map(([key, r]) => {
          const lh = r.lighthouse;
          return [
            key,
            lhRuns > 1 && lh ? `${lh.score} (${lh.runScores.join('/')})` : lh?.score,
            ms(lh?.lcpMs),
            ms(lh?.fcpMs),
            ms(lh?.tbtMs),
            lh?.cls === null || lh?.cls === undefined ? '-' : lh.cls.toFixed(3),
            ms(lh?.speedIndexMs),
            ms(lh?.ttiMs),
            kb(lh?.unusedJsBytes),
            lh?.benchmarkIndex === null || lh?.benchmarkIndex === undefined ? '-' : Math.round(lh.benchmarkIndex),
            lh?.lcpElement?.selector?.split(' > ').slice(-2).join(' > ') ?? '-',
          ];
        }),
        ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
      ),
    );
    out.push('');
  }

  if (lighthoused.length) out.push(...lighthouseRuns(result, lighthoused));
  if (result.taps || result.quietScripts) out.push(...tapsReport(result));

  if (result.ssr) out.push(...serverRender(result.ssr));

  if (result.api) {
    const a = result.api;
    out.push(`API ${a.path} on PGlite (${a.items ?? '?'} products, ${kb(a.responseBytes)} KB JSON${a.responseEncoding ? `, ${kb(a.responseEncodedBytes)} KB ${a.responseEncoding}` : ''}; autocannon sends no Accept-Encoding), ${a.source}`);
    out.push(
      table(
        ['requests/s', 'p99 ms', 'p90 ms', 'p50 ms', 'max ms', 'requests', 'connections', 'seconds', 'errors'],
        [[a.requestsPerSecond === null ? '-' : Math.round(a.requestsPerSecond), a.p99Ms, a.p90Ms, a.p50Ms, a.maxMs, a.requests, a.connections, a.durationSeconds, a.errors]],
      ),
    );
    out.push('');
  }

  if (result.search) {
    const s = result.search;
    const met = (ok) => (ok ? 'met' : 'NOT met');
    out.push(`Catalog listing at ${s.products.toLocaleString('en')} products on PGlite (api/bench/search.ts): text + colour + feature + price range + sort + page, facet counts; load average ${s.loadAverage.start[0]} at start, ${s.loadAverage.end[0]} at end`);
    const row = (name, m, ok) => [name, m.p50Ms, m.p95Ms, m.p99Ms, m.maxMs, m.queries, `p95 <= ${s.targets.inProcessP95Ms} ms: ${met(ok)}`];
    out.push(
      table(
        ['in-process (answer cache off)', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'queries', 'target'],
        [
          row('first-seen text', s.inProcessFirstSeenText, s.met.inProcessFirstSeenTextP95),
          row('first-seen word', s.inProcessFirstSeenWord, s.met.inProcessFirstSeenWordP95),
          row('repeated text', s.inProcessRepeatedText, s.met.inProcessRepeatedTextP95),
        ],
        ['l'],
      ),
    );
    const h = s.httpAllDistinct;
    const r = s.httpReplay50AnswerCache;
    out.push(
      table(
        ['HTTP, 10 connections', 'requests/s', 'p50 ms', 'p99 ms', 'requests', 'CPU ms/request', 'errors', 'target'],
        [
          ['every request distinct', h.requestsPerSec, h.p50Ms, h.p99Ms, h.requests, h.cpuMsPerRequest ?? '-', h.non2xx + h.errors, `>= ${s.targets.httpRequestsPerSec}/s: ${met(s.met.httpAllDistinct)}`],
          ['50 requests replayed (answer cache)', r.requestsPerSec, r.p50Ms, r.p99Ms, r.requests, r.cpuMsPerRequest ?? '-', r.non2xx + r.errors, '(reference only)'],
        ],
        ['l'],
      ),
    );
    out.push('');
  }

  if (result.checkout) {
    const c = result.checkout;
    const verdict = (met) => (met ? 'met' : 'NOT MET');
    out.push(`Checkout API on PGlite, sandbox gateway (${c.source}, ${c.connections} connections, ${c.variants} in-stock variants; load average ${c.loadAverage.join(' -> ')})`);
    out.push(
      table(
        ['endpoint', 'requests', 'requests/s', 'p50 ms', 'p90 ms', 'p99 ms', 'target p99', 'result', 'statuses'],
        [
          ['POST /api/checkout/info', c.checkoutInfo.requests, c.checkoutInfo.requestsPerSec, c.checkoutInfo.p50Ms, c.checkoutInfo.p90Ms, c.checkoutInfo.p99Ms, `<= ${c.targets.infoP99Ms}`, verdict(c.infoMet), JSON.stringify(c.checkoutInfo.statuses)],
          ['POST /api/order/place', c.orderPlace.requests, '-', c.orderPlace.p50Ms, c.orderPlace.p90Ms, c.orderPlace.p99Ms, `<= ${c.targets.placeP99Ms}`, verdict(c.placeMet), JSON.stringify(c.orderPlace.statuses)],
        ],
        ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'l'],
      ),
    );
    out.push('');
  }

  if (result.release) {
    const r = result.release;
    out.push('Release of one remote (catalog: build without cache, gate, publish, registry) and rollback (tools/release)');
    out.push(
      table(
        ['step', 'seconds', 'target'],
        [
          ['release end to end', secs(r.releaseSeconds), `<= ${r.targetReleaseSeconds}`],
          ['rollback', r.rollbackSeconds === null ? '- (nothing earlier)' : secs(r.rollbackSeconds), `<= ${r.targetRollbackSeconds}`],
        ],
        ['l'],
      ),
    );
    out.push('');
  }

  if (result.build && (result.build.cold || result.build.cacheHit)) {
    const b = result.build;
    out.push(`Builds: nx run-many -t build -p ${b.projects.join(' ')}`);
    out.push(
      table(
        ['build', 'seconds', 'tasks', 'from cache'],
        [
          ['cold (--skip-nx-cache)', secs(b.coldSeconds), b.cold?.tasks ?? '-', b.cold?.fromCache ?? '-'],
          ['cache hit', secs(b.cacheHitSeconds), b.cacheHit?.tasks ?? '-', b.cacheHit?.fromCache ?? '-'],
        ],
        ['l'],
      ),
    );
    const slowest = b.cold?.perTask?.slice(0, 7);
    if (slowest?.length) out.push(`cold build per task (seconds; nx runs up to ${b.parallel ?? '?'} tasks at once): ${slowest.map((t) => `${t.task} ${t.seconds.toFixed(1)}`).join(', ')}`);
    out.push('');
  }

  const targets = result.targets?.length ? result.targets : targetsOf(result);
  if (targets.length) {
    out.push('Targets (met / NOT MET; "-" = not measured in this run)');
    out.push(table(['target', 'measured', 'result'], targets.map((t) => [t.name, t.measured ?? '-', t.met === null ? '-' : t.met ? 'met' : 'NOT MET']), ['l', 'r', 'l']));
    out.push('');
  }

  const notes = [...result.problems];
  if (notes.length) {
    out.push('Noticed:');
    for (const note of notes) out.push(`  - ${note}`);
    out.push('');
  }
  if (result.errors.length) {
    out.push('NOT MEASURED:');
    for (const error of result.errors) out.push(`  - ${error}`);
    out.push('');
  }
  out.push(`Total run time ${secs(meta.seconds)} s. JSON: ${meta.jsonFile}`);
  return out.join('\n');
}

const cls = (value) => (value === null || value === undefined ? '-' : value.toFixed(3));
const times = (r) => (r === null || r === undefined ? '' : ` (${r.toFixed(2)}x)`);
const verdict = (ok) => (ok === null || ok === undefined ? '-' : ok ? 'met' : 'NOT MET');

/** Every Lighthouse run: TBT, score, TTI, LCP with the CPU index and the load average it started at; the median run's long tasks. */
function lighthouseRuns(result, lighthoused) {
  const out = ['Lighthouse per run (in the order measured per page; CPU index = Lighthouse\'s benchmarkIndex of the host; load = 1-minute load average when the run started)'];
  const rows = [];
  for (const [key, r] of lighthoused) {
    (r.lighthouse.perRun ?? []).forEach((run, i) =>
      rows.push([key, i + 1, run.score ?? '-', ms(run.tbtMs), ms(run.ttiMs), ms(run.lcpMs), ms(run.fcpMs), run.benchmarkIndex === null ? '-' : Math.round(run.benchmarkIndex), run.loadAverage === null || run.loadAverage === undefined ? '-' : `${run.loadAverage}${run.gaveUpWaiting ? ' (not quiet)' : ''}`, kb(run.scriptTransferBytes)]),
    );
  }
  out.push(table(['page', 'run', 'score', 'TBT ms', 'TTI ms', 'LCP ms', 'FCP ms', 'CPU index', 'load', 'script KB'], rows));
  const named = lighthoused.filter(([key, r]) => key !== 'floor' && r.lighthouse.longTasks?.length);
  if (named.length) {
    out.push('Long tasks of the median run (Lighthouse long-tasks audit, simulated 4x CPU; the script and the packages that make up most of it):');
    for (const [key, r] of named) {
      for (const task of r.lighthouse.longTasks.slice(0, 6)) out.push(`  ${key}: ${task.durationMs} ms at ${task.startMs} ms  ${task.script}${task.packages.length ? `  (${task.packages.join(', ')})` : ''}`);
    }
  }
  const clean = lighthoused.filter(([key, r]) => key !== 'floor' && r.lighthouse.longTasks && !r.lighthouse.longTasks.length).map(([key]) => key);
  if (clean.length) out.push(`No long task in the median run of: ${clean.join(', ')}`);
  out.push('');
  return out;
}

/** Taps at 4x CPU and the scripts a quiet page fetches. */
function tapsReport(result) {
  const out = [];
  const t = result.taps;
  if (t) {
    out.push(`Taps at 4x CPU on a 412x823 touch screen, median of ${t.runs} runs (Event Timing: the longest event of the tap's interaction; shown = tap to the frame where its result is on screen); each run on a page that started its scripts by itself`);
    out.push(
      table(
        ['tap', 'interaction ms', 'shown ms', 'per run (interaction/shown)'],
        Object.values(t.taps).map((tap) => [tap.label, tap.interactionMs ?? '-', tap.shownMs ?? '-', tap.runs.map((r) => (r ? `${r.interactionMs ?? '-'}/${r.shownMs ?? '-'}` : '-')).join(' ')]),
        ['l'],
      ),
    );
    out.push(`load average at the start of each run: ${t.perRun.map((r) => `${r.loadAverage}${r.gaveUpWaiting ? ' (not quiet)' : ''}`).join(', ')}`);
  }
  const q = result.quietScripts;
  if (q) {
    for (const [key, page] of Object.entries(q)) out.push(`untouched ${key} page (${page.path}), first ${page.seconds} s: ${page.scripts} scripts, ${kb(page.bytes)} KB on the wire`);
  }
  for (const run of result.beacon?.runs ?? []) {
    out.push(`Web Vitals reporter on ${result.beacon.path} (load ${run.loadAverage}${run.gaveUpWaiting ? ', not quiet' : ''}): interactive at ${run.interactiveMs ?? '-'} ms, reporter loaded at ${run.reporterMs ?? '-'} ms, its long frames before interactive ${run.longFramesBeforeInteractive}, after ${run.longFramesAfter} (longest ${run.longestMs} ms)`);
  }
  out.push('');
  return out;
}

/** The floor and our pages side by side, ratios to the floor, and each page's targets. */
function lighthouseVsFloor(result) {
  const out = [];
  const l = result.lighthouse;
  const floor = result.floor?.lighthouse ?? null;
  const pages = Object.entries(result.routes).filter(([, r]) => r.lighthouse);
  const load = l ? `; load average ${l.loadAverageBefore?.[0]} before, ${l.loadAverageAfter?.[0]} after (1 min)` : '';
  out.push(
    `Lighthouse mobile against the floor: ${l?.runs ?? '?'} interleaved run${l?.runs === 1 ? '' : 's'} (${l?.order?.join(', ') ?? '?'} in turn, a fresh browser each), the median run per page (computeMedianRun)${load}`,
  );
  if (result.floor) out.push(`floor: ${result.floor.url}, static HTML of ${result.floor.items} products (${kb(result.floor.bytes)} KB, ${kb(result.floor.brotliBytes)} KB brotli, no JavaScript, ${result.floor.eagerImages} eager images, images from the store's origin${result.floor.warmedImages ? `; ${result.floor.warmedImages} image URLs of all pages fetched once before the runs` : ''})`);
  const rows = [];
  if (floor) rows.push(['floor', floor.score, ms(floor.lcpMs), ms(floor.fcpMs), ms(floor.tbtMs), cls(floor.cls), floor.seoScore ?? '-']);
  for (const [key, r] of pages) {
    const lh = r.lighthouse;
    const x = lh.vsFloor?.ratios ?? {};
    rows.push([key, `${lh.score ?? '-'}${times(x.score)}`, `${ms(lh.lcpMs)}${times(x.lcp)}`, `${ms(lh.fcpMs)}${times(x.fcp)}`, `${ms(lh.tbtMs)}${times(x.tbt)}`, `${cls(lh.cls)}${times(x.cls)}`, `${lh.seoScore ?? '-'}${times(x.seo)}`]);
  }
  out.push(table(['page', 'score', 'LCP ms', 'FCP ms', 'TBT ms', 'CLS', 'SEO'], rows));
  const t = pages[0]?.[1].lighthouse.vsFloor?.targets;
  if (t) {
    out.push(
      table(
        ['page', `LCP <= ${t.lcpVsFloor}x floor`, `LCP <= ${t.lcpMs} ms`, `FCP <= ${t.fcpVsFloor}x floor`, `TBT <= ${t.tbtMs} ms`, `CLS <= ${t.cls}`, `score >= ${t.score}`, `SEO = ${t.seo}`],
        pages.map(([key, r]) => {
          const met = r.lighthouse.vsFloor.met;
          return [key, verdict(met.lcpVsFloor), verdict(met.lcpMs), verdict(met.fcpVsFloor), verdict(met.tbtMs), verdict(met.cls), verdict(met.score), verdict(met.seo)];
        }),
        ['l', 'l', 'l', 'l', 'l', 'l', 'l', 'l'],
      ),
    );
    const seoMisses = pages.filter(([, r]) => r.lighthouse.seoFailedAudits?.length).map(([key, r]) => `${key}: ${r.lighthouse.seoFailedAudits.join(', ')}`);
    if (seoMisses.length) out.push(`SEO audits failed: ${seoMisses.join('; ')}`);
  }
  out.push('');
  return out;
}

/** Requests/s and latency of the server-rendered pages. */
function serverRender(ssr) {
  const pages = Object.entries(ssr.pages);
  const first = pages[0]?.[1];
  if (!first) return [];
  return [
    `Server render (the edge's HTML, autocannon, ${first.connections} connections, ${first.durationSeconds} s per page, every request the same URL, Accept-Encoding "${first.acceptEncoding}"; p50/p95/p99 from every response's latency)`,
    table(
      ['page', 'path', 'requests/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'requests', 'HTML KB', 'sent KB after run', 'errors', 'failed renders', `p95 <= ${first.targets.p95Ms} ms`, `>= ${first.targets.pagesPerSec} pages/s`],
      pages.map(([key, p]) => [
        key,
        p.path.length > 40 ? `${p.path.slice(0, 37)}...` : p.path,
        p.requestsPerSecond,
        p.p50Ms,
        p.p95Ms,
        p.p99Ms,
        p.maxMs,
        p.requests,
        kb(p.htmlBytes),
        `${kb(p.encodedBytes)}${p.encoding ? ` ${p.encoding}` : ''}`,
        p.errors,
        p.failedRenders ?? '-',
        verdict(p.met.p95),
        verdict(p.met.pagesPerSec),
      ]),
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'l'],
    ),
    '',
  ];
}

/**
 * Every target this run measured, as { name, measured, met } (met: true, false or null when not
 * measured): the server-rendered pages against the floor, server-render throughput,
 * the checkout API, the release and the catalog listing at 100,000 products.
 */
export function targetsOf(result) {
  const targets = [];
  const add = (name, measured, met) => targets.push({ name, measured, met: met === undefined ? null : met });
  const x = (r) => (r === null || r === undefined ? '-' : `${r.toFixed(2)}x`);
  for (const [key, r] of Object.entries(result.routes ?? {})) {
    const lh = r.lighthouse;
    const v = lh?.vsFloor;
    if (!v) continue;
    const t = v.targets;
    add(`${key}: LCP <= ${t.lcpVsFloor}x the floor's`, x(v.ratios.lcp), v.met.lcpVsFloor);
    add(`${key}: LCP <= ${t.lcpMs} ms`, `${ms(lh.lcpMs)} ms`, v.met.lcpMs);
    add(`${key}: FCP <= ${t.fcpVsFloor}x the floor's`, x(v.ratios.fcp), v.met.fcpVsFloor);
    add(`${key}: TBT <= ${t.tbtMs} ms`, `${ms(lh.tbtMs)} ms`, v.met.tbtMs);
    if (t.ttiMs) add(`${key}: TTI <= ${t.ttiMs} ms`, `${ms(lh.ttiMs)} ms`, v.met.ttiMs);
    if ((key === 'category' || key === 'product') && typeof lh.scriptTransferBytes === 'number') {
      add(`${key}: script transfer before the page is quiet (Lighthouse median run) <= ${TAP_TARGETS.scriptsBeforeInteractiveKb} KB`, `${kb(lh.scriptTransferBytes)} KB`, lh.scriptTransferBytes <= TAP_TARGETS.scriptsBeforeInteractiveKb * 1000);
    }
    add(`${key}: CLS <= ${t.cls}`, cls(lh.cls), v.met.cls);
    add(`${key}: performance score >= ${t.score}`, lh.score, v.met.score);
    add(lh.noindexByDesign ? `${key}: SEO = ${t.seo} but is-crawlable (noindex by design)` : `${key}: SEO = ${t.seo}`, lh.noindexByDesign && lh.seoFailedAudits?.length ? `${lh.seoScore} (${lh.seoFailedAudits.join(', ')})` : lh.seoScore, v.met.seo);
  }
  // First-load JS of a product page at most 130 KB brotli, React and the federation
  // runtime included; every script until idle counts (the critical part is shown beside it)
  const product = result.routes?.product?.firstLoad?.js;
  if (product?.total) {
    add('product: first-load JS <= 130 KB brotli (every script until network idle)', `${kb(product.total.brotli)} KB`, product.total.brotli <= 130_000);
    if (product.critical) add('product: of which requested before the page was hydrated', `${kb(product.critical.brotli)} KB`);
    if (product.prefetched) add('product: of which prefetched for visible links (downloaded, not run)', `${kb(product.prefetched.brotli)} KB`);
  }
  for (const [key, page] of Object.entries(result.quietScripts ?? {})) {
    add(`${key}: scripts of an untouched page in its first ${page.seconds} s <= ${TAP_TARGETS.quietScriptsKb} KB`, `${kb(page.bytes)} KB`, page.bytes <= TAP_TARGETS.quietScriptsKb * 1000);
  }
  if (result.taps) {
    for (const [key, tap] of Object.entries(result.taps.taps)) {
      if (key === 'coldAddToCart') {
        add(`tap: ${tap.label}`, tap.shownMs === null ? null : `${tap.shownMs} ms`);
        continue;
      }
      add(`tap: ${tap.label}: interaction <= ${TAP_TARGETS.interactionMs} ms`, tap.interactionMs === null ? null : `${tap.interactionMs} ms`, tap.interactionMs === null ? undefined : tap.interactionMs <= TAP_TARGETS.interactionMs);
      const shownTarget = { addToCart: TAP_TARGETS.addToCartDrawerMs, cartToContact: TAP_TARGETS.cartToContactMs, listingToProduct: TAP_TARGETS.listingToProductMs }[key];
      if (shownTarget) add(`tap: ${tap.label}: shown <= ${shownTarget} ms`, tap.shownMs === null ? null : `${tap.shownMs} ms`, tap.shownMs === null ? undefined : tap.shownMs <= shownTarget);
    }
  }
  if (result.beacon) {
    const n = result.beacon.longFramesBeforeInteractive;
    add('Web Vitals reporter: long frames (>= 50 ms) before the page is interactive = 0', n === null ? null : String(n), n === null ? undefined : n === 0);
  }
  for (const [key, p] of Object.entries(result.ssr?.pages ?? {})) {
    add(`server render ${key}: p95 <= ${p.targets.p95Ms} ms`, `${p.p95Ms} ms`, p.met.p95);
    add(`server render ${key}: >= ${p.targets.pagesPerSec} pages/s`, `${p.requestsPerSecond}/s`, p.met.pagesPerSec);
  }
  const c = result.checkout;
  if (c) {
    add(`POST /api/checkout/info p99 <= ${c.targets.infoP99Ms} ms`, `${c.checkoutInfo.p99Ms} ms`, c.infoMet);
    add(`POST /api/order/place p99 <= ${c.targets.placeP99Ms} ms`, `${c.orderPlace.p99Ms} ms`, c.placeMet);
  }
  const rel = result.release;
  if (rel) {
    add(`release end to end <= ${rel.targetReleaseSeconds} s`, `${secs(rel.releaseSeconds)} s`, rel.releaseSeconds <= rel.targetReleaseSeconds);
    add(`rollback <= ${rel.targetRollbackSeconds} s`, rel.rollbackSeconds === null ? '-' : `${secs(rel.rollbackSeconds)} s`, rel.rollbackSeconds === null ? null : rel.rollbackSeconds <= rel.targetRollbackSeconds);
  }
  if (result.search?.met) for (const [name, ok] of Object.entries(result.search.met)) add(`catalog listing at ${result.search.products?.toLocaleString('en') ?? '?'} products: ${name}`, null, ok);
  return targets;
}
