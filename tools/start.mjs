#!/usr/bin/env node
// `npm start`: build what is not built yet (nx cache), publish the builds to the local "CDN"
// folder with a runtime registry, then serve shell, remotes and API from one port.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nx = path.join(root, 'node_modules/.bin/nx');
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const started = Date.now();
run(nx, ['run-many', '-t', 'build', '-p', 'api', 'shell', 'mfe-catalog', 'mfe-cart-checkout', 'mfe-account', 'mfe-content', '--outputStyle=static']);
run('node', ['tools/deploy-local.mjs']);
console.log(`[start] built and deployed in ${((Date.now() - started) / 1000).toFixed(1)} s; starting the server`);

const server = spawn('node', ['api/dist/server.js'], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
