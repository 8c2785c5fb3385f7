// Server-render throughput (targets in docs/performance.md): autocannon against the server-rendered HTML of a
// page, 10 connections, every request the same URL (the listing cache is on, as in production).
//
// autocannon 8's result gives latency percentiles p50, p90, p97_5 and p99 but no p95, so every
// response's latency is taken from its 'response' event (autocannon's own per-request time, ms)
// and the percentiles are computed from all of them (nearest rank). Requests/s is autocannon's
// (completed 2xx-or-not responses per second, averaged over the run's seconds).
import fs from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import { onCleanup } from './proc.mjs';

/** What Chromium sends: the page is measured compressed, as a browser gets it. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
export const SSR_TARGETS = { p95Ms: 50, pagesPerSec: 300 };
const FAILED_RENDER_LOG = 'server render failed';

/** Nearest-rank percentile of sorted numbers. */
export function percentile(sorted, p) {
  if (!sorted.length) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

const round = (n, digits = 1) => (n === null || n === undefined ? null : Number(n.toFixed(digits)));

function countIn(file, needle) {
  try {
    return fs.readFileSync(file, 'utf8').split(needle).length - 1;
  } catch {
    return null;
  }
}

/** The bytes on the wire of a response (fetch would decode them): { status, encoding, bytes }. */
function rawSize(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode, encoding: res.headers['content-encoding'] ?? null, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

function cannon(opts, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on('response', (_client, statusCode, _bytes, responseTime) => onResponse(statusCode, responseTime));
    onCleanup(() => instance.stop?.());
  });
}

/**
 * One page: a plain request first (status, size, server-rendered or not), a 2 s warm-up, then
 * `duration` seconds at `connections`. `serverLog` (the server's output) is read before and after
 * to count server renders that failed or ran over the budget during the run (the edge then sends
 * an empty region for the browser to render: fast, but not a server render).
 */
export async function benchPage({ baseUrl, path, connections = 10, duration = 10, serverLog = null, expectText = null }) {
  const url = `${baseUrl}${path}`;
  const headers = { accept: 'text/html', 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const plain = await fetch(url, { headers: { accept: 'text/html' } });
  const html = await plain.text();
  if (plain.status !== 200) throw new Error(`GET ${path} answered ${plain.status}`);
  const problems = [];
  // the route's remote region as the edge writes it (api/src/ssr/render.ts regionHtml)
  const region = html.match(/<div id="app-[^"]*" data-remote="([^"]*)" data-remote-version="[^"]*" data-ssr="([^"]*)"/);
  const serverRendered = region?.[2] === 'rendered';
  if (!serverRendered) problems.push(`${path}: the remote region is ${region ? `data-ssr="${region[2]}"` : 'missing'} in the plain request's HTML, so this is not a server render`);
  if (expectText && !html.includes(expectText)) problems.push(`${path}: the server HTML does not contain "${expectText}"`);
  // the first response's size; the page as sent once the edge keeps it (its compressed template,
  // built in the background after the second request) is measured again after the run
  const firstEncoded = await rawSize(url, headers);

  await cannon({ url, connections, duration: 2, headers }); // warm-up (JIT, modules, caches)
  const failedBefore = serverLog ? countIn(serverLog, FAILED_RENDER_LOG) : null;
  const latencies = [];
  const statuses = {};
  const result = await cannon({ url, connections, duration, headers }, (status, ms) => {
    latencies.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const failedAfter = serverLog ? countIn(serverLog, FAILED_RENDER_LOG) : null;
  const encodedBytes = await rawSize(url, headers);
  if (result.requests.total === 0) throw new Error(`autocannon completed no request to ${path}`);
  latencies.sort((a, b) => a - b);
  const failedRenders = failedBefore === null || failedAfter === null ? null : failedAfter - failedBefore;
  if (failedRenders) problems.push(`${path}: ${failedRenders} server renders failed or ran over the budget during the run (those responses carry an empty region for the browser)`);
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors) problems.push(`${path}: ${errors} errors/timeouts/non-2xx responses during the run (${JSON.stringify(statuses)})`);
  const p95Ms = round(percentile(latencies, 95));
  const requestsPerSecond = round(result.requests.average, 0);
  return {
    path,
    connections,
    durationSeconds: duration,
    acceptEncoding: BROWSER_ACCEPT_ENCODING,
    htmlBytes: Buffer.byteLength(html),
    encodedBytes: encodedBytes.bytes,
    encoding: encodedBytes.encoding,
    firstEncodedBytes: firstEncoded.bytes,
    firstEncoding: firstEncoded.encoding,
    remote: region?.[1] ?? null,
    serverRendered,
    requests: result.requests.total,
    requestsPerSecond,
    p50Ms: round(percentile(latencies, 50)),
    p95Ms,
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1)),
    autocannonP50Ms: result.latency.p50,
    autocannonP99Ms: result.latency.p99,
    samples: latencies.length,
    statuses,
    errors,
    failedRenders,
    targets: SSR_TARGETS,
    met: { p95: p95Ms !== null && p95Ms <= SSR_TARGETS.p95Ms, pagesPerSec: requestsPerSecond !== null && requestsPerSecond >= SSR_TARGETS.pagesPerSec },
    problems,
  };
}

/** Lighthouse targets of every measured page (median run, same run as the floor). */
export const PAGE_TARGETS = { lcpVsFloor: 1.2, lcpMs: 1500, fcpVsFloor: 1.2, tbtMs: 200, ttiMs: 3000, cls: 0.02, score: 90, seo: 100 };

const ratio = (value, floor) => (value === null || value === undefined || !floor ? null : Number((value / floor).toFixed(2)));

/**
 * Each figure's ratio to the floor's and the verdict per target: true (met), false (NOT MET) or
 * null (not measured: no floor, or no such figure).
 */
export function pageVerdicts(lh, floor) {
  const t = PAGE_TARGETS;
  const check = (value, ok) => (value === null || value === undefined ? null : ok(value));
  const ratios = {
    score: ratio(lh.score, floor?.score),
    lcp: ratio(lh.lcpMs, floor?.lcpMs),
    fcp: ratio(lh.fcpMs, floor?.fcpMs),
    tbt: ratio(lh.tbtMs, floor?.tbtMs),
    cls: ratio(lh.cls, floor?.cls),
    seo: ratio(lh.seoScore, floor?.seoScore),
  };
  return {
    ratios,
    met: {
      lcpVsFloor: check(ratios.lcp, () => lh.lcpMs <= t.lcpVsFloor * floor.lcpMs),
      lcpMs: check(lh.lcpMs, (v) => v <= t.lcpMs),
      fcpVsFloor: check(ratios.fcp, () => lh.fcpMs <= t.fcpVsFloor * floor.fcpMs),
      tbtMs: check(lh.tbtMs, (v) => v <= t.tbtMs),
      ttiMs: check(lh.ttiMs, (v) => v <= t.ttiMs),
      cls: check(lh.cls, (v) => v <= t.cls),
      score: check(lh.score, (v) => v >= t.score),
      // a page that asks not to be indexed (search results) fails Lighthouse's is-crawlable by design: every other SEO audit must pass
      seo: lh.noindexByDesign ? (lh.seoFailedAudits ? lh.seoFailedAudits.every((id) => id === 'is-crawlable') : null) : check(lh.seoScore, (v) => v >= t.seo),
    },
    targets: t,
  };
}
