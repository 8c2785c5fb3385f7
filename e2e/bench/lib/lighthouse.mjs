// Lighthouse mobile (default config: Moto G Power emulation, simulated slow 4G and 4x CPU
// slowdown) against Debian chromium launched by chrome-launcher, one fresh browser per route.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { onCleanup } from './proc.mjs';

const metric = (lhr, id) => {
  const audit = lhr.audits[id];
  return audit && typeof audit.numericValue === 'number' ? audit.numericValue : null;
};

/** One Lighthouse run in a fresh browser; returns its LHR. */
async function runOnce({ url, chromiumPath, chromiumFlags }) {
  // handleSIGINT: false -- run.mjs owns the signals (chrome-launcher's handler calls process.exit)
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags, logLevel: 'silent', handleSIGINT: false });
  const forget = onCleanup(() => chrome.kill());
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error('lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    forget();
    await chrome.kill();
  }
}

/**
 * Lighthouse mobile for one URL: `runs` runs (default 1), the median one reported (Lighthouse's own
 * computeMedianRun: closest to the median FCP and TTI), every run's score kept.
 */
export async function lighthouseRoute({ url, chromiumPath, chromiumFlags, runs = 1 }) {
  const lhrs = [];
  for (let i = 0; i < runs; i += 1) lhrs.push(await runOnce({ url, chromiumPath, chromiumFlags }));
  const lhr = lhrs.length > 1 ? computeMedianRun(lhrs) : lhrs[0];
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const lcpElement = lcpDetails[0]?.items?.[0]?.node;
  const lcpPhases = Object.fromEntries((lcpDetails[1]?.items ?? []).map((p) => [p.phase, Math.round(p.timing)]));
  const shifts = (lhr.audits['layout-shifts']?.details?.items ?? []).slice(0, 3).map((item) => ({ selector: item.node?.selector ?? null, score: Number((item.score ?? 0).toFixed(3)) }));
  const unusedJs = lhr.audits['unused-javascript']?.details;
  return {
    score: lhr.categories.performance.score === null ? null : Math.round(lhr.categories.performance.score * 100),
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
    runScores: lhrs.map((one) => (one.categories.performance.score === null ? null : Math.round(one.categories.performance.score * 100))),
  };
}
