// What a project's source actually does on the bus and with other remotes' fragments, found by
// reading the source: the test in test/contract.test.mjs compares it with the "storefront"
// declarations in package.json, so the contract the gate checks cannot drift from the code.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { topicDefinitions } = require('../webpack-config/contract.cjs');

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const PUBLISH = /\b(?:publish|usePublish|publishTo)\s*\(\s*(?:topics\.)?(\w+)/g;
const CONSUME = /\b(?:subscribe|subscribeEnvelope|useTopic|latest|useTopicValue)\s*\(\s*(?:topics\.)?(\w+)/g;
const FRAGMENT_JSX = /<RemoteFragment\b[^>]*?remote=["']([a-z_]+)["'][^>]*?module=["'](\.\/[\w-]+)["']/gs;
const FRAGMENT_CALL = /\bloadExposed\s*(?:<[^>]*>)?\s*\(\s*["']([a-z_]+)["']\s*,\s*["'](\.\/[\w-]+)["']/g;
/** A page another remote builds, declared in screens.ts (`builtBy: { orders: { remote: 'cart_checkout', module: './AccountOrders' } }`). */
const FRAGMENT_DECLARED = /\{\s*remote:\s*["']([a-z_]+)["']\s*,\s*module:\s*["'](\.\/[\w-]+)["']\s*\}/g;

/** { publishes, consumes, fragments } used by the sources under `dirs` (sorted, "name@version"). */
export function usageOf(dirs) {
  const byConst = new Map(topicDefinitions().map((t) => [t.constName, `${t.name}@${t.version}`]));
  const publishes = new Set();
  const consumes = new Set();
  const fragments = new Set();
  for (const file of dirs.flatMap(sourceFiles)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const [, name] of text.matchAll(PUBLISH)) if (byConst.has(name)) publishes.add(byConst.get(name));
    for (const [, name] of text.matchAll(CONSUME)) if (byConst.has(name)) consumes.add(byConst.get(name));
    for (const [, remote, module] of text.matchAll(FRAGMENT_JSX)) fragments.add(`${remote}/${module}`);
    for (const [, remote, module] of text.matchAll(FRAGMENT_CALL)) fragments.add(`${remote}/${module}`);
    for (const [, remote, module] of text.matchAll(FRAGMENT_DECLARED)) fragments.add(`${remote}/${module}`);
  }
  return { publishes: [...publishes].sort(), consumes: [...consumes].sort(), fragments: [...fragments].sort() };
}
