#!/usr/bin/env node
// `npm test`: every check, in order of speed: typecheck, lint, unit and API integration tests
// (jest, every project), then the end-to-end suite in Chromium against the production build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nx = path.join(root, 'node_modules/.bin/nx');
const steps = [
  // codebase rules over every project's files at once (not cached by nx: they read the whole tree)
  [process.execPath, ['--test', 'tools/test/']],
  [nx, ['run-many', '-t', 'typecheck', 'lint', '--outputStyle=static']],
  [nx, ['run-many', '-t', 'test', '--outputStyle=static', '--exclude', 'e2e']],
  [nx, ['run', 'e2e:e2e', '--outputStyle=static']],
];
const started = Date.now();
for (const [cmd, args] of steps) {
  console.log(`\n[test] ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`[test] failed: ${cmd} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n[test] all checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
