// Lighthouse mobile (default config: Moto G Power emulation, simulated slow 4G and 4x CPU
// slowdown) against Debian chromium launched by chrome-launcher, one fresh browser per route.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { waitForQuietMachine } from './interactive.mjs';
import { isCleaningUp, onCleanup } from './proc.mjs';

const metric = (lhr, id) => {
  const audit = lhr.audits[id];
  return audit && typeof audit.numericValue === 'number' ? audit.numericValue : null;
};

/**
 * One Lighthouse run in a fresh browser; returns its LHR. `categories` defaults to performance
 * only; the interleaved section also asks for 'seo'.
 */
export async function runOnce({ url, chromiumPath, chromiumFlags, categories = ['performance'] }) {
  // handleSIGINT: false -- run.mjs owns the signals (chrome-launcher's handler calls process.exit)
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags, logLevel: 'silent', handleSIGINT: false });
  const forget = onCleanup(() => chrome.kill());
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories });
    if (!result) throw new Error('lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    forget();
    await chrome.kill();
  }
}

const categoryScore = (lhr, id) => {
  const score = lhr.categories[id]?.score;
  return score === null || score === undefined ? null : Math.round(score * 100);
};

/**
 * The figures of a set of runs of one URL: the median run (Lighthouse's own computeMedianRun:
 * the run closest to the median FCP and TTI) reported, every run's score, LCP, FCP, TBT, CLS and
 * SEO score kept.
 */
export function summarise(lhrs) {
  if (!lhrs.length) throw new Error('no Lighthouse run to summarise');
  const lhr = lhrs.length > 1 ? computeMedianRun(lhrs) : lhrs[0];
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const lcpElement = lcpDetails[0]?.items?.[0]?.node;
  const lcpPhases = Object.fromEntries((lcpDetails[1]?.items ?? []).map((p) => [p.phase, Math.round(p.timing)]));
  const shifts = (lhr.audits['layout-shifts']?.details?.items ?? []).slice(0, 3).map((item) => ({ selector: item.node?.selector ?? null, score: Number((item.score ?? 0).toFixed(3)) }));
  const unusedJs = lhr.audits['unused-javascript']?.details;
  const seoFailed = lhr.categories.seo
    ? lhr.categories.seo.auditRefs.filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1).map((ref) => ref.id)
    : null;
  return {
    score: categoryScore(lhr, 'performance'),
    seoScore: categoryScore(lhr, 'seo'),
    seoFailedAudits: seoFailed,
    lcpMs: metric(lhr, 'largest-contentful-paint'),
    fcpMs: metric(lhr, 'first-contentful-paint'),
    tbtMs: metric(lhr, 'total-blocking-time'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    speedIndexMs: metric(lhr, 'speed-index'),
    ttiMs: metric(lhr, 'interactive'),
    serverResponseMs: metric(lhr, 'server-response-time'),
    mainThreadMs: metric(lhr, 'mainthread-work-breakdown'),
    bootupMs: metric(lhr, 'bootup-time'),
    totalByteWeight: metric(lhr, 'total-byte-weight'),
    unusedJsBytes: unusedJs?.overallSavingsBytes ?? null,
    lcpElement: lcpElement ? { selector: lcpElement.selector ?? null, snippet: lcpElement.snippet?.slice(0, 200) ?? null } : null,
    lcpPhases,
    layoutShifts: shifts,
    // Lighthouse's measure of this machine's CPU (simulated throttling scales observed task times,
    // so a busy or slow host inflates TBT and TTI); about 1000+ on a typical desktop.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    emulation: { formFactor: lhr.configSettings.formFactor, throttlingMethod: lhr.configSettings.throttlingMethod, throttling: lhr.configSettings.throttling },
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment?.hostUserAgent ?? null,
    warnings: lhr.runWarnings ?? [],
    runs: lhrs.length,
    runScores: lhrs.map((one) => categoryScore(one, 'performance')),
    // every run's figures, in run order (the median run is one of them)
    longTasks: longTasksOf(lhr),
    scriptTransferBytes: scriptTransfer(lhr),
    perRun: lhrs.map((one) => ({
      loadAverage: one.__loadAverage ?? null,
      gaveUpWaiting: one.__gaveUpWaiting ?? null,
      scriptTransferBytes: scriptTransfer(one),
      score: categoryScore(one, 'performance'),
      seoScore: categoryScore(one, 'seo'),
      lcpMs: metric(one, 'largest-contentful-paint'),
      fcpMs: metric(one, 'first-contentful-paint'),
      tbtMs: metric(one, 'total-blocking-time'),
      cls: metric(one, 'cumulative-layout-shift'),
      ttiMs: metric(one, 'interactive'),
      benchmarkIndex: one.environment?.benchmarkIndex ?? null,
    })),
  };
}

/** Bytes of script on the wire in a run: everything the page fetched until Lighthouse found it quiet. */
function scriptTransfer(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

/**
 * The long tasks of a run (Lighthouse's own long-tasks audit: main-thread tasks over 50 ms, after
 * its simulated 4x CPU), each with the script it is attributed to, longest first.
 */
function longTasksOf(lhr) {
  const items = lhr.audits['long-tasks']?.details?.items ?? [];
  return items
    .map((item) => ({ url: typeof item.url === 'string' ? item.url : null, startMs: Math.round(item.startTime ?? 0), durationMs: Math.round(item.duration ?? 0) }))
    .sort((a, b) => b.durationMs - a.durationMs);
}

/**
 * Lighthouse mobile for one URL: `runs` runs (default 1) in a row, the median one reported, every
 * run's score kept.
 */
export async function lighthouseRoute({ url, chromiumPath, chromiumFlags, runs = 1 }) {
  const lhrs = [];
  for (let i = 0; i < runs; i += 1) lhrs.push(await runOnce({ url, chromiumPath, chromiumFlags }));
  return summarise(lhrs);
}

/**
 * Lighthouse mobile interleaved over several URLs: for run 1..`runs`, each
 * subject in turn, one fresh browser per run, performance and SEO categories; so a slow minute on
 * the machine hits every subject rather than one. A failed run is recorded and the others go on;
 * a subject's median is over its successful runs. Returns { [key]: summary | null } and failures.
 */
export async function lighthouseInterleaved({ subjects, chromiumPath, chromiumFlags, runs = 5, onRun = () => {} }) {
  const lhrs = Object.fromEntries(subjects.map((s) => [s.key, []]));
  const failures = [];
  for (let i = 1; i <= runs; i += 1) {
    for (const subject of subjects) {
      // every run starts on a quiet machine: Lighthouse's simulated throttling multiplies whatever else runs
      const quiet = await waitForQuietMachine({ log: onRun });
      const t0 = Date.now();
      try {
        const lhr = await runOnce({ url: subject.url, chromiumPath, chromiumFlags, categories: ['performance', 'seo'] });
        Object.defineProperty(lhr, '__loadAverage', { value: quiet.load });
        Object.defineProperty(lhr, '__gaveUpWaiting', { value: quiet.gaveUp });
        lhrs[subject.key].push(lhr);
        const m = (id) => Math.round(metric(lhr, id) ?? NaN);
        onRun(
          `run ${i}/${runs} ${subject.key}: score ${categoryScore(lhr, 'performance')}, TBT ${m('total-blocking-time')} ms, TTI ${m('interactive')} ms, LCP ${m('largest-contentful-paint')} ms, ` +
            `CPU index ${Math.round(lhr.environment?.benchmarkIndex ?? NaN)}, load average ${quiet.load}${quiet.gaveUp ? ' (gave up waiting for <= 1.5)' : ''}, ${((Date.now() - t0) / 1000).toFixed(1)} s`,
        );
      } catch (error) {
        if (isCleaningUp()) throw error;
        failures.push(`run ${i} ${subject.key}: ${error?.message ?? error}`);
        onRun(`run ${i}/${runs} ${subject.key}: FAILED ${error?.message ?? error}`);
      }
    }
  }
  const summaries = Object.fromEntries(subjects.map((s) => [s.key, lhrs[s.key].length ? summarise(lhrs[s.key]) : null]));
  return { summaries, failures };
}
