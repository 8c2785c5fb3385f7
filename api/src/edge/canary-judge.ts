import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/index.js';
import type { CanaryEntry, RegistryRemote } from './cohort.js';
import { healthOf, pruneHealth, type HealthCounts } from './release-health.js';
import { vitalsOf } from './web-vitals.js';

/**
 * The canary judge (docs/deploying.md "Canary releases"): on an interval, for each remote with a
 * canary, compares the canary's health since its last step with the stable version's (release_health)
 * and steps it up, promotes it, or aborts it, through the release tool (so the registry's locks and
 * history apply). One API process judges at a time: it holds a lease (release_judge) taken by a
 * conditional upsert, and holds no transaction while it reads health or acts.
 *
 * Two rates per version, per server render: render failures (the region falls back to the browser),
 * and browser error reports. The canary regresses when a rate exceeds stable's by more than
 * `margin` with confidence (one-sided test on Poisson rates, z > `z`). It also regresses when its
 * field INP or LCP 75th percentile (table web_vitals) is slower than stable's by more than
 * `vitalsMargin` and at least VITALS_FLOOR_MS, once each side has `minVitals` measurements (fewer:
 * the Web Vitals decide nothing). Nothing is decided below `minRenders` renders of the canary.
 */
export interface JudgeSettings {
  /** The shares a canary goes through; past the last (or at 100) it is promoted. */
  steps: number[];
  /** How long a canary stays at a share, healthy, before the next step. */
  stepMinutes: number;
  /** The fewest canary renders (since its step) a decision needs. */
  minRenders: number;
  /** How much worse than stable a rate may be (absolute, per render) before it counts as a regression. */
  margin: number;
  /** The z score a regression must exceed (3.09: about 0.1% false alarms per test; the judge tests every round). */
  z: number;
  intervalMs: number;
  /** The fewest field measurements of a Web Vital (each of canary and stable, since the step) it is judged on. */
  minVitals: number;
  /** How much slower than stable's a canary's INP or LCP 75th percentile may be (a share: 0.25 = 25%) before it counts as a regression. */
  vitalsMargin: number;
}

/** Below these differences (ms) a slower 75th percentile is never a regression (about one bucket of the aggregate). */
export const VITALS_FLOOR_MS = { INP: 50, LCP: 300 } as const;

export const DEFAULT_JUDGE: JudgeSettings = { steps: [10, 50, 100], stepMinutes: 30, minRenders: 200, margin: 0.01, z: 3.09, intervalMs: 30_000, minVitals: 50, vitalsMargin: 0.25 };

/** The judge's settings from the environment (CANARY_JUDGE=off: no judge; CANARY_STEPS, CANARY_STEP_MINUTES, CANARY_MIN_RENDERS, CANARY_MARGIN, CANARY_JUDGE_INTERVAL_SECONDS, CANARY_MIN_VITALS, CANARY_VITALS_MARGIN). */
export function judgeFromEnv(env: NodeJS.ProcessEnv = process.env): JudgeSettings | null {
  if ((env.CANARY_JUDGE ?? '').trim().toLowerCase() === 'off') return null;
  const settings = { ...DEFAULT_JUDGE };
  const number = (name: string, min: number, max: number): number | undefined => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be a number from ${min} to ${max} (got "${raw}")`);
    return value;
  };
  const steps = env.CANARY_STEPS?.trim();
  if (steps) {
    const list = steps.split(',').map((s) => Number(s.trim()));
    if (list.some((s) => !Number.isInteger(s) || s < 1 || s > 100) || list.some((s, i) => i > 0 && s <= list[i - 1]!)) throw new Error(`CANARY_STEPS must be rising whole percentages from 1 to 100, comma-separated (got "${steps}")`);
    settings.steps = list;
  }
  settings.stepMinutes = number('CANARY_STEP_MINUTES', 0, 10_080) ?? settings.stepMinutes;
  settings.minRenders = number('CANARY_MIN_RENDERS', 1, 1e9) ?? settings.minRenders;
  settings.margin = number('CANARY_MARGIN', 0, 1) ?? settings.margin;
  settings.minVitals = number('CANARY_MIN_VITALS', 1, 1e9) ?? settings.minVitals;
  settings.vitalsMargin = number('CANARY_VITALS_MARGIN', 0, 10) ?? settings.vitalsMargin;
  const interval = number('CANARY_JUDGE_INTERVAL_SECONDS', 1, 3600);
  if (interval !== undefined) settings.intervalMs = interval * 1000;
  return settings;
}

export type Decision = { action: 'wait'; reason: string } | { action: 'step'; share: number; reason: string } | { action: 'promote'; reason: string } | { action: 'abort'; reason: string };

const percent = (rate: number) => `${(rate * 100).toFixed(rate < 0.01 ? 2 : 1)}%`;

/** Whether `canary`'s rate (events per render) is worse than `stable`'s by more than `margin`, with confidence. */
export function regressed(canaryEvents: number, canaryRenders: number, stableEvents: number, stableRenders: number, margin: number, z: number): boolean {
  const rc = canaryEvents / canaryRenders;
  const rs = stableEvents / stableRenders;
  // the pooled rate's standard error of the difference (at least one event's worth, so a clean stable still has one)
  const pooled = Math.max((canaryEvents + stableEvents) / (canaryRenders + stableRenders), 1 / (canaryRenders + stableRenders));
  const se = Math.sqrt(pooled * (1 / canaryRenders + 1 / stableRenders));
  return (rc - rs - margin) / se > z;
}

/** A version's INP and LCP 75th percentiles (ms) and how many measurements each rests on. */
export type VitalsFigures = Record<'INP' | 'LCP', { count: number; p75: number | null }>;

/** The Web Vital (INP, LCP) whose 75th percentile regressed, with both sides, if any (each side needs `minVitals` measurements). */
export function vitalsRegression(canary: VitalsFigures, stable: VitalsFigures, settings: Pick<JudgeSettings, 'minVitals' | 'vitalsMargin'>): string | null {
  for (const metric of ['INP', 'LCP'] as const) {
    const c = canary[metric];
    const s = stable[metric];
    if (c.count < settings.minVitals || s.count < settings.minVitals || c.p75 === null || s.p75 === null) continue;
    if (c.p75 > s.p75 * (1 + settings.vitalsMargin) && c.p75 - s.p75 >= VITALS_FLOOR_MS[metric]) {
      const ms = (v: number) => (Number.isFinite(v) ? `${v} ms` : `over ${30_000} ms`);
      return `${metric} p75 ${ms(c.p75)} of ${c.count} page views against stable's ${ms(s.p75)} of ${s.count}`;
    }
  }
  return null;
}

/** The judgement of one canary (at `share` since `since`) from its health and stable's (and their field Web Vitals, when measured). */
export function decide(canary: { share: number; since: Date }, health: { canary: HealthCounts; stable: HealthCounts; vitals?: { canary: VitalsFigures; stable: VitalsFigures } }, now: Date, settings: JudgeSettings): Decision {
  const { canary: c, stable: s } = health;
  if (c.renders < settings.minRenders) return { action: 'wait', reason: `${c.renders} of ${settings.minRenders} canary renders` };
  const slower = health.vitals ? vitalsRegression(health.vitals.canary, health.vitals.stable, settings) : null;
  if (slower) return { action: 'abort', reason: slower };
  for (const [label, ce, se] of [['render failures', c.renderFailures, s.renderFailures], ['error reports', c.errorReports, s.errorReports]] as const) {
    const stableRenders = Math.max(s.renders, 1);
    if (regressed(ce, c.renders, se, stableRenders, settings.margin, settings.z)) {
      return { action: 'abort', reason: `${label} ${percent(ce / c.renders)} of ${c.renders} renders against stable's ${percent(se / stableRenders)} of ${s.renders}` };
    }
  }
  if (now.getTime() - canary.since.getTime() < settings.stepMinutes * 60_000) return { action: 'wait', reason: 'healthy; not yet at this share for long enough' };
  const healthy = `healthy for ${settings.stepMinutes} min at ${canary.share}%: render failures ${percent(c.renderFailures / c.renders)}, error reports ${percent(c.errorReports / c.renders)} of ${c.renders} renders`;
  const next = settings.steps.find((step) => step > canary.share);
  if (next === undefined || canary.share >= 100) return { action: 'promote', reason: healthy };
  return { action: 'step', share: next, reason: healthy };
}

/** What the judge does with a decision: the release tool's `step`, `promote` or `abort` of that canary (at `share`, as the judge saw it). */
export type JudgeAct = (remote: string, canaryVersion: string, decision: Exclude<Decision, { action: 'wait' }>, share: number) => Promise<void>;

/**
 * Runs tools/release/release.mjs in `repoRoot` with `args` (its registry from `env`); resolves with
 * its output, or `{ conflict: true }` when it exits 3 (the remote changed meanwhile: another process
 * or a person acted first); rejects on any other failure with the tool's output.
 */
export function runReleaseTool(repoRoot: string, env: NodeJS.ProcessEnv, args: string[]): Promise<{ output: string; conflict: boolean }> {
  const cli = path.join(repoRoot, 'tools/release/release.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 || code === 3 ? resolve({ output: output.trim(), conflict: code === 3 }) : reject(new Error(`release tool ${args[0]} ${args[1] ?? ''} exited ${code}: ${output.trim()}`))));
  });
}

/**
 * Acts through tools/release/release.mjs in `repoRoot` (its registry from this process's
 * environment). A step names the share it was judged at: judged on a registry.json from before
 * another step (this edge had not caught up yet), it changes nothing.
 */
export function releaseToolAct(repoRoot: string, env: NodeJS.ProcessEnv = process.env): JudgeAct {
  return async (remote, canaryVersion, decision, share) => {
    const args = decision.action === 'step' ? ['step', remote, String(decision.share), '--expect-share', String(share)] : [decision.action, remote];
    await runReleaseTool(repoRoot, env, [...args, '--expect', canaryVersion, '--reason', decision.reason, '--by', 'canary judge']);
  };
}

/** Stable's health over the canary's step when it has fewer renders than this is taken from the day before the canary too. */
const HEALTH_KEPT_DAYS = 7;

export interface CanaryJudgeOptions {
  db: Database;
  /** The folder of the registry.json the edge serves (the canaries it shows). */
  deployDir: string;
  settings: JudgeSettings;
  act: JudgeAct;
  now?: () => Date;
  log?: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

export class CanaryJudge {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  /** This judge's name in release_judge. */
  readonly holder = `${process.pid}-${randomUUID()}`;

  constructor(private readonly options: CanaryJudgeOptions) {}

  private now(): Date {
    return (this.options.now ?? (() => new Date()))();
  }

  private canaries(): { remote: RegistryRemote; canary: CanaryEntry }[] {
    let registry: { remotes?: RegistryRemote[] };
    try {
      registry = JSON.parse(fs.readFileSync(path.join(this.options.deployDir, 'registry.json'), 'utf8')) as { remotes?: RegistryRemote[] };
    } catch {
      return [];
    }
    return (registry.remotes ?? []).filter((r): r is RegistryRemote & { canary: CanaryEntry } => Boolean(r.canary)).map((remote) => ({ remote, canary: remote.canary }));
  }

  /**
   * Takes or renews the judge's lease (table release_judge) in one conditional upsert: it is
   * taken when free, expired, or already this judge's. No transaction stays open: the judge reads
   * health and acts (the release tool's own short, conditional change) with nothing held.
   */
  async claim(): Promise<boolean> {
    const leaseMs = Math.max(2 * this.options.settings.intervalMs, 60_000);
    const result = await this.options.db.execute(sql`
      insert into release_judge (id, holder, until) values (1, ${this.holder}, now() + make_interval(secs => ${leaseMs / 1000}))
      on conflict (id) do update set holder = excluded.holder, until = excluded.until
      where release_judge.until < now() or release_judge.holder = excluded.holder
      returning holder`);
    const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
    return rows.length > 0;
  }

  /** Gives the lease up (on stop), so another process judges at once. */
  async release(): Promise<void> {
    await this.options.db.execute(sql`delete from release_judge where id = 1 and holder = ${this.holder}`);
  }

  /** Judges every canary once (if no other process holds the judge's lease); returns the decisions acted on. */
  async tick(): Promise<{ remote: string; decision: Decision }[]> {
    const canaries = this.canaries();
    if (canaries.length === 0) return [];
    const { db, settings } = this.options;
    if (!(await this.claim())) return [];
    const now = this.now();
    const done: { remote: string; decision: Decision }[] = [];
    for (const { remote, canary } of canaries) {
      const since = new Date(canary.since ?? now.toISOString());
      const health = { canary: await healthOf(db, remote.name, canary.version, since, now), stable: await healthOf(db, remote.name, remote.version, since, now) };
      let stableSince = since;
      if (health.stable.renders < settings.minRenders) {
        stableSince = new Date(since.getTime() - 86_400_000);
        health.stable = await healthOf(db, remote.name, remote.version, stableSince, now);
      }
      const vitals = { canary: await vitalsOf(db, remote.name, canary.version, since, now), stable: await vitalsOf(db, remote.name, remote.version, stableSince, now) };
      const decision = decide({ share: canary.share, since }, { ...health, vitals }, now, settings);
      if (decision.action === 'wait' || (canary.paused && decision.action !== 'abort')) continue;
      this.options.log?.info({ remote: remote.name, canary: canary.version, decision }, `canary judge: ${decision.action} ${remote.name} ${canary.version}`);
      await this.options.act(remote.name, canary.version, decision, canary.share);
      done.push({ remote: remote.name, decision });
    }
    await pruneHealth(db, new Date(now.getTime() - HEALTH_KEPT_DAYS * 86_400_000));
    return done;
  }

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .catch((error: unknown) => this.options.log?.warn({ err: error }, 'canary judge: a round failed'))
        .finally(() => {
          this.running = null;
        });
    }, this.options.settings.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.release().catch(() => undefined);
  }
}
