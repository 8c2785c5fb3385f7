// The readable tables printed to stdout.

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
  if (routes.length) {
    out.push('First-load JavaScript: every script until network idle after load; KB = 1,000 bytes; brotli quality 11');
    out.push(
      table(
        ['route', 'path', 'shell raw', 'shell br', 'remote raw', 'remote br', 'shared raw', 'shared br', 'other br', 'TOTAL raw', 'TOTAL br', 'files'],
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
          ['file', 'group', 'raw KB', 'br KB', 'what is inside (source map, raw KB)'],
          r.firstLoad.files.map((f) => [
            `${f.build}/${f.file}`,
            f.group,
            kb(f.raw),
            kb(f.brotli),
            f.packages
              .filter((p) => p.raw >= 200)
              .slice(0, 5)
              .map((p) => `${p.name} ${kb(p.raw)}`)
              .join(', '),
          ]),
          ['l', 'l', 'r', 'r', 'l'],
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

    const lhRuns = routes.map(([, r]) => r.lighthouse?.runs).find(Boolean) ?? 1;
    out.push(`Lighthouse mobile (default emulation and simulated throttling), ${lhRuns === 1 ? 'one run per route' : `median of ${lhRuns} runs per route`}`);
    out.push(
      table(
        ['route', lhRuns > 1 ? 'score (runs)' : 'score', 'LCP ms', 'FCP ms', 'TBT ms', 'CLS', 'SI ms', 'TTI ms', 'unused JS KB', 'CPU index', 'LCP element'],
        routes.map(([key, r]) => {
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
  } // (no routes: a --only-release run)

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
