#!/usr/bin/env node
// Runs drizzle-kit (hoisted to the root node_modules) so that it finds drizzle-orm, which npm
// installed under api/node_modules: a symlink api/node_modules/drizzle-kit plus
// --preserve-symlinks makes Node resolve drizzle-kit's imports from api/ first, then the root.
// Usage: npm run db:generate -w api  (= node scripts/drizzle-kit.mjs generate)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(apiDir, 'package.json'));
// drizzle-kit's exports do not list package.json: find its folder from the api entry point.
const kitDir = path.dirname(require.resolve('drizzle-kit'));
const link = path.join(apiDir, 'node_modules', 'drizzle-kit');
if (path.resolve(kitDir) !== link && !fs.existsSync(link)) {
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.symlinkSync(path.relative(path.dirname(link), kitDir), link, 'dir');
}
const result = spawnSync(process.execPath, ['--preserve-symlinks', '--preserve-symlinks-main', path.join(link, 'bin.cjs'), ...process.argv.slice(2)], {
  cwd: apiDir,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
