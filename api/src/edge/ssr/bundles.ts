// The deployed builds' server bundles: whether a version has one, what the shell's tells, and the
// chrome data (menus, footer) of the live shell per market.
import fs from 'node:fs';
import path from 'node:path';
import type { ServerApi } from '@store/contracts/ssr';
import type { ChromeOf, ShellInfo } from './renderer';
import type { SsrOptions } from './page-types';

export const bundleFile = (deployDir: string, name: string, version: string) => path.join(deployDir, 'cdn', name, version, 'server', 'server.js');

/** Whether a deployed build has a server bundle: deployed versions are immutable, so asked once per version. */
const bundles = new Map<string, boolean>();
export function hasServerBundle(deployDir: string, name: string, version: string): boolean {
  const file = bundleFile(deployDir, name, version);
  let known = bundles.get(file);
  if (known === undefined) {
    known = fs.existsSync(file);
    bundles.set(file, known);
    if (bundles.size > 256) bundles.delete(bundles.keys().next().value as string);
  }
  return known;
}

/** What the shell's server bundle of a version tells (asked of a renderer once per version), or null when the build has none. */
const shells = new Map<string, Promise<ShellInfo>>();
export function shellOf(options: Pick<SsrOptions, 'deployDir' | 'renderers'>, version: string): { file: string; info: Promise<ShellInfo> } | null {
  if (!hasServerBundle(options.deployDir, 'shell', version)) return null;
  const file = bundleFile(options.deployDir, 'shell', version);
  let info = shells.get(file);
  if (info === undefined) {
    info = options.renderers.call<ShellInfo>({ op: 'shell', file }, 2000);
    shells.set(file, info);
    info.catch(() => shells.delete(file));
    if (shells.size > 8) shells.delete(shells.keys().next().value as string);
  }
  return { file, info };
}

const NAV_TTL_MS = 30_000;
/** By market id (a handful: the markets are the contracts' list, not the Host header). */
const chromeData = new Map<string, { at: number; version: string; chrome: ChromeOf }>();

/** The chrome data of the live shell for a market (kept NAV_TTL_MS), or null when no shell server bundle is deployed. */
export async function chromeDataOf(options: Pick<SsrOptions, 'deployDir' | 'renderers'>, shellVersion: string, api: ServerApi, market: string): Promise<Record<string, unknown> | null> {
  const shell = shellOf(options, shellVersion);
  if (!shell) return null;
  await shell.info;
  return (await chromeDataFor(options, shell.file, shellVersion, api, market)).data;
}

/** The chrome data of a shell version for a market and the paths that change its chrome (kept NAV_TTL_MS). */
export async function chromeDataFor(options: Pick<SsrOptions, 'renderers'>, file: string, version: string, api: ServerApi, market: string): Promise<ChromeOf> {
  const now = Date.now();
  const hit = chromeData.get(market);
  if (hit && hit.version === version && now - hit.at < NAV_TTL_MS) return hit.chrome;
  const chrome = await options.renderers.call<ChromeOf>({ op: 'shellData', file }, 2000, api);
  chromeData.set(market, { at: now, version, chrome });
  return chrome;
}

/**
 * What of a page's path its header and footer show: for each chrome path whether the page is at
 * it, under it or neither; the whole path and query when the shell does not say (paths null).
 */
export function chromeVariant(pathname: string, search: string, paths: string[] | null): string {
  if (paths === null) return `${pathname}${search}`;
  return paths.map((p) => (pathname === p ? '=' : pathname.startsWith(`${p}/`) ? '<' : '-')).join('');
}
