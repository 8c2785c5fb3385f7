// Reading one setting from the environment: the value's rule, and a ConfigError naming the setting.
import fs from 'node:fs';
import path from 'node:path';

/** A setting with a value the server cannot use: the message names it (server.ts prints it on one line). */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T, name: string): T {
  const v = (value ?? '').trim();
  if (v === '') return fallback;
  if (!(allowed as readonly string[]).includes(v)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${v}"`);
  return v as T;
}

export function numberFrom(value: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) throw new ConfigError(`${name} must be a number between ${min} and ${max}, got "${value}"`);
  return n;
}

/** `1`/`true` on, `0`/`false` off, unset the fallback; anything else is an error naming the setting. */
export function flagFrom(value: string | undefined, fallback: boolean, name: string): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return fallback;
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${value}"`);
}

/** Walks up from `startDir` to the folder whose package.json declares workspaces. */
export function findRepoRoot(startDir: string): string {
  let dir = path.resolve(startDir);
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate)) {
      try {
        const pkg = JSON.parse(fs.readFileSync(candidate, 'utf8')) as { workspaces?: unknown };
        if (pkg.workspaces) return dir;
      } catch {
        // unreadable package.json: keep walking
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No workspace root (package.json with "workspaces") above ${startDir}`);
    dir = parent;
  }
}

export function intFrom(value: string | undefined, fallback: number, name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${value}"`);
  return n;
}

/** An integer setting read outside loadConfig (server.ts): the same rule and message. */
export function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  return intFrom(env[name], fallback, name, min, max);
}

/** TRUST_PROXY: unset/false = none; true = any; a number = that many hops; else comma-separated addresses, CIDRs or loopback/linklocal/uniquelocal. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}
export const isOn = (value: string | undefined) => value === '1' || value?.toLowerCase() === 'true';

export function resolveFrom(root: string, value: string | undefined, fallback: string): string {
  if (!value) return path.join(root, fallback);
  if (value.startsWith('memory://')) return value;
  return path.resolve(value);
}

/** Runs a settings reader; its error (which names the setting) becomes a ConfigError. */
export function configured<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}
