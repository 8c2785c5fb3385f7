// Child processes, timing and clean-up for the benchmark.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

/** Things to undo at the end, on error and on SIGINT/SIGTERM (last registered runs first). */
const cleanups = [];
let cleaningUp = null;

export function onCleanup(fn) {
  cleanups.push(fn);
  return () => {
    const i = cleanups.indexOf(fn);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** True once clean-up started (SIGINT, error or the end): start nothing new. */
export const isCleaningUp = () => cleaningUp !== null;

export function cleanupAll() {
  if (!cleaningUp) {
    cleaningUp = (async () => {
      while (cleanups.length) {
        const fn = cleanups.pop();
        try {
          await fn();
        } catch (error) {
          console.error(`[bench] clean-up step failed: ${error?.message ?? error}`);
        }
      }
    })();
  }
  return cleaningUp;
}

const t0 = Date.now();
export function log(message) {
  process.stderr.write(`[bench +${((Date.now() - t0) / 1000).toFixed(1)}s] ${message}\n`);
}

/**
 * Runs a command to completion, output into `logFile` (appended), and returns its exit code and
 * wall-clock seconds. Rejects only when the command cannot be started.
 */
export function runTimed(cmd, args, { cwd, env = process.env, logFile }) {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(logFile, 'a');
    fs.writeSync(out, `\n$ ${cmd} ${args.join(' ')}\n`);
    const started = performance.now();
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', out, out] });
    const forget = onCleanup(() => {
      if (child.exitCode === null) child.kill('SIGTERM');
    });
    child.on('error', (error) => {
      forget();
      fs.closeSync(out);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      forget();
      fs.closeSync(out);
      resolve({ code: code ?? (signal ? 128 : 1), signal, seconds: (performance.now() - started) / 1000 });
    });
  });
}

export function tail(file, lines = 40) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `node <entry>` with `env`, waits until GET <base>/api/health answers 2xx. Returns
 * { baseUrl, stop }. The process is stopped by clean-up as well.
 */
export async function startServer({ cwd, entry, env, port, logFile, timeoutMs = 120_000 }) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [entry], { cwd, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    for (let i = 0; i < 50 && !exited; i += 1) await sleep(100);
    if (!exited) {
      child.kill('SIGKILL');
      for (let i = 0; i < 20 && !exited; i += 1) await sleep(100);
    }
  };
  onCleanup(stop);

  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`the server exited (code ${exited.code}, signal ${exited.signal}) before /api/health answered:\n${tail(logFile)}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: globalThis.AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`/api/health did not answer within ${timeoutMs / 1000} s:\n${tail(logFile)}`);
    await sleep(250);
  }
  return { baseUrl, pid: child.pid, startSeconds: (Date.now() - started) / 1000, stop, isRunning: () => !exited };
}
