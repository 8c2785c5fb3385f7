// API throughput of the category listing. Uses the API team's `api/bench/listing.mjs` when it
// exists (so there is one definition of the API benchmark); otherwise runs autocannon directly
// with the same parameters.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { onCleanup } from './proc.mjs';

export const LISTING_PATH = '/api/catalog/listing?category=bags';

/** Finds the last top-level JSON object in a text (the script may log lines before it). */
function lastJson(text) {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    // fall through: search from the last line that opens an object
  }
  const lines = trimmed.split('\n');
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    if (!lines[i].trimStart().startsWith('{')) continue;
    try {
      return JSON.parse(lines.slice(i).join('\n'));
    } catch {
      // keep looking further up
    }
  }
  return null;
}

/** Picks requests/s and p99 out of whatever shape the API's script prints. */
function normalise(doc) {
  const find = (obj, names, depth = 0) => {
    if (!obj || typeof obj !== 'object' || depth > 3) return undefined;
    for (const name of names) if (typeof obj[name] === 'number') return obj[name];
    for (const value of Object.values(obj)) {
      const found = find(value, names, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const rps =
    find(doc, ['requestsPerSecond', 'requestsPerSec', 'rps', 'reqPerSec']) ??
    (typeof doc?.requests?.average === 'number' ? doc.requests.average : undefined);
  const p99 =
    find(doc, ['p99Ms', 'latencyP99Ms', 'p99', 'latencyP99']) ??
    (typeof doc?.latency?.p99 === 'number' ? doc.latency.p99 : undefined);
  return { requestsPerSecond: rps ?? null, p99Ms: p99 ?? null };
}

/** Runs one of the API's bench scripts against `baseUrl` (env: BASE_URL plus `env`) and reads the last JSON line it prints. */
export function runScript({ root, script, baseUrl, env: extra = {} }) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, BASE_URL: baseUrl, ...extra };
    const child = spawn(process.execPath, [script, baseUrl], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const forget = onCleanup(() => {
      if (child.exitCode === null) child.kill('SIGTERM');
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      forget();
      // The script's exit code also says whether its own thresholds were met (2 = missed); the
      // benchmark never asserts thresholds, so any printed result counts as a measurement.
      const doc = lastJson(out);
      if (!doc) return reject(new Error(`${path.relative(root, script)} exited ${code} without a JSON result: ${err.slice(-800) || out.slice(-400)}`));
      resolve({ doc, exitCode: code });
    });
  });
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)));
    onCleanup(() => instance.stop?.());
  });
}

export async function benchListing({ root, baseUrl, connections = 10, duration = 10 }) {
  // sanity check: the listing answers 200 with a full page of products
  const response = await fetch(`${baseUrl}${LISTING_PATH}`);
  if (!response.ok) throw new Error(`GET ${LISTING_PATH} answered ${response.status}`);
  const text = await response.text();
  const body = JSON.parse(text);
  const items = Array.isArray(body.items) ? body.items.length : null;
  const bytes = Buffer.byteLength(text);
  const encoding = response.headers.get('content-encoding');
  const encodedBytes = encoding ? Number(response.headers.get('content-length')) || null : bytes;

  const script = path.join(root, 'api/bench/listing.mjs');
  if (fs.existsSync(script)) {
    const { doc, exitCode } = await runScript({ root, script, baseUrl, env: { CONNECTIONS: String(connections), DURATION: String(duration) } });
    const { requestsPerSecond, p99Ms } = normalise(doc);
    if (requestsPerSecond === null || p99Ms === null) throw new Error(`api/bench/listing.mjs printed no requests/s or p99: ${JSON.stringify(doc).slice(0, 400)}`);
    const num = (v) => (typeof v === 'number' ? v : null);
    const errors = [doc.errors, doc.timeouts, doc.non2xx].every((v) => v === undefined) ? null : (num(doc.errors) ?? 0) + (num(doc.timeouts) ?? 0) + (num(doc.non2xx) ?? 0);
    return {
      source: 'api/bench/listing.mjs',
      path: LISTING_PATH,
      items,
      responseBytes: bytes,
      responseEncodedBytes: encodedBytes,
      responseEncoding: encoding,
      connections: num(doc.connections) ?? connections,
      durationSeconds: num(doc.durationS) ?? duration,
      requestsPerSecond,
      p50Ms: num(doc.p50Ms),
      p90Ms: num(doc.p90Ms),
      p99Ms,
      maxMs: num(doc.maxMs),
      requests: num(doc.requests),
      errors,
      scriptExitCode: exitCode,
      raw: doc,
    };
  }

  const url = `${baseUrl}${LISTING_PATH}`;
  await cannon({ url, connections, duration: 2 }); // warm-up (JIT, query plans, caches)
  const result = await cannon({ url, connections, duration });
  const errors = result.errors + result.timeouts + result.non2xx;
  if (result.requests.total === 0) throw new Error('autocannon completed no request');
  return {
    source: 'autocannon (e2e/bench)',
    path: LISTING_PATH,
    items,
    responseBytes: bytes,
    responseEncodedBytes: encodedBytes,
    responseEncoding: encoding,
    connections,
    durationSeconds: duration,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    errors,
  };
}
