import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CanaryJudge, decide, DEFAULT_JUDGE, judgeFromEnv, type Decision, type JudgeAct } from '../src/edge/canary-judge';
import { addHealth, healthOf, RenderHealthRecorder } from '../src/edge/release-health';
import { WebVitalsRecorder } from '../src/edge/web-vitals';
import type { Database } from '../src/platform/db/index';
import { sql } from 'drizzle-orm';
import { BACKENDS, createTestDatabase } from './helpers';

/**
 * The canary judge: its statistics on simulated traffic (seeded), and its rounds against the
 * release_health table with a stepped clock.
 */

/** A seeded pseudo-random generator (mulberry32). */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `renders` renders, each failing with probability `failure` and raising a report with probability `reports`. */
function simulate(random: () => number, renders: number, failure: number, reports: number) {
  let renderFailures = 0;
  let errorReports = 0;
  for (let i = 0; i < renders; i += 1) {
    if (random() < failure) renderFailures += 1;
    if (random() < reports) errorReports += 1;
  }
  return { renders, renderFailures, errorReports };
}

const settings = { ...DEFAULT_JUDGE, minRenders: 200, stepMinutes: 30, margin: 0.01 };
const since = new Date('2026-11-27T00:00:00Z');
const later = (minutes: number) => new Date(since.getTime() + minutes * 60_000);

describe('the judgement', () => {
  it('decides nothing below the minimum sample, even when every canary render failed', () => {
    const decision = decide({ share: 10, since }, { canary: { renders: 199, renderFailures: 199, errorReports: 0 }, stable: { renders: 5000, renderFailures: 0, errorReports: 0 } }, later(120), settings);
    expect(decision).toEqual({ action: 'wait', reason: '199 of 200 canary renders' });
  });

  it('catches a true regression (render failures or error reports) in nearly every seeded run', () => {
    for (const [failure, reports] of [[0.06, 0.01], [0.01, 0.07]] as const) {
      let caught = 0;
      for (let seed = 1; seed <= 200; seed += 1) {
        const random = seeded(seed);
        const canary = simulate(random, 800, failure, reports);
        const stable = simulate(random, 3600, 0.01, 0.01);
        if (decide({ share: 10, since }, { canary, stable }, later(5), settings).action === 'abort') caught += 1;
      }
      expect(caught).toBeGreaterThanOrEqual(196);
    }
  });

  it('does not roll back a canary as healthy as stable, whatever the noise (seeded)', () => {
    const actions = new Map<string, number>();
    for (let seed = 1; seed <= 500; seed += 1) {
      const random = seeded(seed);
      const canary = simulate(random, 300 + Math.floor(random() * 700), 0.02, 0.03);
      const stable = simulate(random, 3000, 0.02, 0.03);
      const { action } = decide({ share: 10, since }, { canary, stable }, later(31), settings);
      actions.set(action, (actions.get(action) ?? 0) + 1);
    }
    expect(actions.get('abort') ?? 0).toBe(0);
    expect(actions.get('step')).toBe(500);
  });

  it('steps through the configured shares after each step has lasted, then promotes', () => {
    const health = { canary: { renders: 1000, renderFailures: 5, errorReports: 3 }, stable: { renders: 9000, renderFailures: 50, errorReports: 30 } };
    expect(decide({ share: 10, since }, health, later(29), settings).action).toBe('wait');
    expect(decide({ share: 10, since }, health, later(30), settings)).toMatchObject({ action: 'step', share: 50 });
    expect(decide({ share: 50, since }, health, later(30), settings)).toMatchObject({ action: 'step', share: 100 });
    const last: Decision = decide({ share: 100, since }, health, later(30), settings);
    expect(last.action).toBe('promote');
    expect(last.reason).toMatch(/^healthy for 30 min at 100%: render failures 0\.50%, error reports 0\.30% of 1000 renders$/);
  });

  it('rolls back a canary whose field INP or LCP 75th percentile is clearly slower than stable\'s, once both have the minimum sample', () => {
    const health = { canary: { renders: 1000, renderFailures: 5, errorReports: 3 }, stable: { renders: 9000, renderFailures: 45, errorReports: 27 } };
    const fine = { INP: { count: 400, p75: 200 }, LCP: { count: 400, p75: 2000 } };
    const slowInp = { ...fine, INP: { count: 60, p75: 350 } };
    expect(decide({ share: 10, since }, { ...health, vitals: { canary: slowInp, stable: fine } }, later(5), settings)).toEqual({ action: 'abort', reason: "INP p75 350 ms of 60 page views against stable's 200 ms of 400" });
    // too few measurements: the Web Vitals decide nothing
    expect(decide({ share: 10, since }, { ...health, vitals: { canary: { ...slowInp, INP: { count: 49, p75: 2000 } }, stable: fine } }, later(5), settings).action).toBe('wait');
    // slower, but within the margin (25%) or the floor (LCP: 300 ms)
    expect(decide({ share: 10, since }, { ...health, vitals: { canary: { ...fine, INP: { count: 400, p75: 250 } }, stable: fine } }, later(5), settings).action).toBe('wait');
    expect(decide({ share: 10, since }, { ...health, vitals: { canary: { ...fine, LCP: { count: 400, p75: 800 } }, stable: { ...fine, LCP: { count: 400, p75: 600 } } } }, later(5), settings).action).toBe('wait');
    expect(decide({ share: 10, since }, { ...health, vitals: { canary: { ...fine, LCP: { count: 400, p75: 3000 } }, stable: fine } }, later(5), settings).reason).toBe("LCP p75 3000 ms of 400 page views against stable's 2000 ms of 400");
  });

  it('reads its settings from the environment, refusing unusable ones', () => {
    expect(judgeFromEnv({ CANARY_JUDGE: 'off' })).toBeNull();
    expect(judgeFromEnv({ CANARY_STEPS: '5, 25,100', CANARY_STEP_MINUTES: '10', CANARY_MIN_RENDERS: '50', CANARY_MARGIN: '0.02', CANARY_MIN_VITALS: '20', CANARY_VITALS_MARGIN: '0.5' })).toMatchObject({ steps: [5, 25, 100], stepMinutes: 10, minRenders: 50, margin: 0.02, minVitals: 20, vitalsMargin: 0.5 });
    expect(() => judgeFromEnv({ CANARY_STEPS: '50,10' })).toThrow(/CANARY_STEPS must be rising whole percentages/);
    expect(() => judgeFromEnv({ CANARY_MARGIN: 'lots' })).toThrow(/CANARY_MARGIN must be a number from 0 to 1 \(got "lots"\)/);
  });
});

describe('the judge against the database', () => {
  let db: Database;
  let close: () => Promise<void>;
  let dir: string;

  beforeAll(async () => {
    ({ db, close } = await createTestDatabase());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canary-judge-'));
  });
  afterAll(async () => {
    await close?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const writeRegistry = (share: number) =>
    fs.writeFileSync(
      path.join(dir, 'registry.json'),
      JSON.stringify({ shell: null, remotes: [{ name: 'catalog', version: 'c1', routes: ['/products/*'], canary: { name: 'catalog', version: 'c2', routes: ['/products/*'], share, since: since.toISOString() } }] }),
    );

  it('counts renders from several recorders and reports in one row per version and minute', async () => {
    let clock = since;
    const a = new RenderHealthRecorder(db, { now: () => clock });
    const b = new RenderHealthRecorder(db, { now: () => clock });
    for (let i = 0; i < 3; i += 1) a.metrics().render('things', 'x1', i === 0 ? 'failed' : 'rendered', 0.01);
    b.metrics().render('things', 'x1', 'not_found', 0.01);
    clock = later(1);
    b.count('things', 'x1', true);
    await a.flush();
    await b.flush();
    await addHealth(db, 'things', 'x1', { errorReports: 2 }, later(1));
    expect(await healthOf(db, 'things', 'x1', since, later(2))).toEqual({ renders: 5, renderFailures: 2, errorReports: 2 });
    expect(await healthOf(db, 'things', 'x1', later(1), later(2))).toEqual({ renders: 1, renderFailures: 1, errorReports: 2 });
  });

  it('steps a healthy canary once its step has lasted and rolls back a regressed one, recording why', async () => {
    const acted: { remote: string; version: string; decision: Decision; share: number }[] = [];
    const act: JudgeAct = async (remote, version, decision, share) => {
      acted.push({ remote, version, decision, share });
    };
    let clock = later(10);
    const judge = new CanaryJudge({ db, deployDir: dir, settings, act, now: () => clock });
    writeRegistry(10);
    await addHealth(db, 'catalog', 'c1', { renders: 4000, renderFailures: 20, errorReports: 10 }, later(2));
    await addHealth(db, 'catalog', 'c2', { renders: 100, renderFailures: 1 }, later(2));
    expect(await judge.tick()).toEqual([]); // below the minimum sample
    await addHealth(db, 'catalog', 'c2', { renders: 300, renderFailures: 1, errorReports: 1 }, later(5));
    expect(await judge.tick()).toEqual([]); // healthy, but not yet 30 minutes at 10%
    clock = later(31);
    expect(await judge.tick()).toEqual([{ remote: 'catalog', decision: expect.objectContaining({ action: 'step', share: 50 }) }]);
    // the share it judged goes with the step (the release tool changes nothing if it is no longer so)
    expect(acted[0]).toMatchObject({ remote: 'catalog', version: 'c2', share: 10 });

    await addHealth(db, 'catalog', 'c2', { renders: 400, renderFailures: 60 }, later(31));
    clock = later(32);
    const [rolledBack] = await judge.tick();
    expect(rolledBack!.decision.action).toBe('abort');
    expect(rolledBack!.decision.reason).toBe("render failures 7.8% of 800 renders against stable's 0.50% of 4000");
    await judge.stop(); // gives the lease up
  });

  it('holds a paused canary at its share (no step, no promotion) but still rolls it back on a regression', async () => {
    const pausedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canary-judge-paused-'));
    fs.writeFileSync(
      path.join(pausedDir, 'registry.json'),
      JSON.stringify({ shell: null, remotes: [{ name: 'content', version: 'p1', routes: ['/'], canary: { name: 'content', version: 'p2', routes: ['/'], share: 50, since: since.toISOString(), paused: true } }] }),
    );
    await addHealth(db, 'content', 'p1', { renders: 4000, renderFailures: 4 }, later(1));
    await addHealth(db, 'content', 'p2', { renders: 400 }, later(1));
    let clock = later(120);
    const judge = new CanaryJudge({ db, deployDir: pausedDir, settings, act: async () => undefined, now: () => clock });
    expect(await judge.tick()).toEqual([]); // healthy for two hours: a canary that is not paused would be stepped
    await addHealth(db, 'content', 'p2', { renders: 400, renderFailures: 100 }, later(121));
    clock = later(122);
    expect((await judge.tick()).map((d) => d.decision.action)).toEqual(['abort']);
    await judge.stop();
    fs.rmSync(pausedDir, { recursive: true, force: true });
  });

  it('rolls back a canary slower in the field (web_vitals), with the figures as the reason', async () => {
    const acted: Decision[] = [];
    const vitalsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canary-judge-vitals-'));
    fs.writeFileSync(
      path.join(vitalsDir, 'registry.json'),
      JSON.stringify({ shell: null, remotes: [{ name: 'account', version: 'a1', routes: ['/account/*'], canary: { name: 'account', version: 'a2', routes: ['/account/*'], share: 10, since: since.toISOString() } }] }),
    );
    const clock = later(3);
    const vitals = new WebVitalsRecorder(db, undefined, { now: () => later(1) });
    for (let i = 0; i < 100; i += 1) {
      vitals.record('account', 'a1', 'INP', 120);
      vitals.record('account', 'a2', 'INP', i < 70 ? 120 : 600);
      vitals.record('account', 'a1', 'LCP', 1800);
      vitals.record('account', 'a2', 'LCP', 1800);
    }
    await vitals.flush();
    await addHealth(db, 'account', 'a1', { renders: 3000 }, later(1));
    await addHealth(db, 'account', 'a2', { renders: 300 }, later(1));
    const judge = new CanaryJudge({ db, deployDir: vitalsDir, settings, act: async (_r, _v, d) => void acted.push(d), now: () => clock });
    expect(await judge.tick()).toEqual([{ remote: 'account', decision: { action: 'abort', reason: "INP p75 600 ms of 100 page views against stable's 150 ms of 100" } }]);
    await judge.stop();
    fs.rmSync(vitalsDir, { recursive: true, force: true });
  });
});

describe.each(BACKENDS)('the judge acts with nothing held (%s)', (backend) => {
  let db: Database;
  let close: () => Promise<void>;
  let dir: string;

  beforeAll(async () => {
    ({ db, close } = await createTestDatabase(backend));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canary-judge-held-'));
    fs.writeFileSync(
      path.join(dir, 'registry.json'),
      JSON.stringify({ shell: null, remotes: [{ name: 'catalog', version: 's1', routes: ['/products/*'], canary: { name: 'catalog', version: 'k2', routes: ['/products/*'], share: 10, since: since.toISOString() } }] }),
    );
    await addHealth(db, 'catalog', 's1', { renders: 4000, renderFailures: 4 }, later(1));
    await addHealth(db, 'catalog', 'k2', { renders: 500, renderFailures: 200 }, later(1));
  });
  afterAll(async () => {
    await close?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const within = async <T>(ms: number, work: Promise<T>) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms: the judge holds the database while it acts`)), ms)))]);
    } finally {
      clearTimeout(timer);
    }
  };

  it('lets the database serve other work while it rolls a canary back (the release tool\'s switch runs outside any transaction of the judge)', async () => {
    const seen: string[] = [];
    // the act reads and writes the same database, as the rest of the API does meanwhile
    const act: JudgeAct = async (remote, version, decision) => {
      await addHealth(db, remote, version, { errorReports: 1 }, later(2));
      const rows = await db.execute(sql`select count(*)::int as n from release_health where version = ${version}`);
      seen.push(`${decision.action} ${remote} ${version} ${JSON.stringify(((rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]))[0])}`);
    };
    const judge = new CanaryJudge({ db, deployDir: dir, settings, act, now: () => later(3) });
    const decisions = await within(5000, judge.tick());
    expect(decisions.map((d) => d.decision.action)).toEqual(['abort']);
    expect(seen).toEqual(['abort catalog k2 {"n":2}']);
    await judge.stop();
  });

  it('one judge acts per round across processes; another takes over once the first stops', async () => {
    const acts: string[] = [];
    const actAs = (who: string): JudgeAct => async () => {
      acts.push(who);
    };
    const first = new CanaryJudge({ db, deployDir: dir, settings, act: actAs('first'), now: () => later(3) });
    const second = new CanaryJudge({ db, deployDir: dir, settings, act: actAs('second'), now: () => later(3) });
    await Promise.all([first.tick(), second.tick()]);
    expect(acts).toEqual(['first']);
    await second.tick();
    expect(acts).toEqual(['first']);
    await first.stop();
    await second.tick();
    expect(acts).toEqual(['first', 'second']);
    await second.stop();
  });
});
