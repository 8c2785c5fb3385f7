#!/usr/bin/env node
// Load test of the category listing against an already running server (it starts nothing).
//   node api/bench/listing.mjs [baseUrl]      (or BASE_URL=http://127.0.0.1:8080)
// Options via env: DURATION (s, default 10), CONNECTIONS (default 10), BENCH_PATH
// (default /api/catalog/listing?category=bags). Prints one JSON line:
//   {"url":..., "requestsPerSec":..., "p99Ms":..., ...}
import autocannon from 'autocannon';

const base = (process.argv[2] || process.env.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const benchPath = process.env.BENCH_PATH || '/api/catalog/listing?category=bags';
const duration = Number(process.env.DURATION || 10);
const connections = Number(process.env.CONNECTIONS || 10);
const url = `${base}${benchPath}`;

// Fail fast (and warm the cache) when the server is not there or the path is wrong.
const probe = await fetch(url).catch((error) => ({ ok: false, status: String(error.cause?.code || error.message) }));
if (!probe.ok) {
  console.error(`[bench] ${url} answered ${probe.status}; start the server first (node api/dist/server.js)`);
  process.exit(1);
}

const result = await autocannon({ url, duration, connections, pipelining: 1 });
const summary = {
  url,
  durationS: duration,
  connections,
  requests: result.requests.total,
  requestsPerSec: Math.round(result.requests.average),
  p50Ms: result.latency.p50,
  p90Ms: result.latency.p90,
  p99Ms: result.latency.p99,
  maxMs: result.latency.max,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  throughputMBps: Number((result.throughput.average / 1e6).toFixed(2)),
};
console.log(JSON.stringify(summary));
process.exitCode = summary.requestsPerSec >= 1000 && summary.p99Ms <= 25 && summary.non2xx === 0 ? 0 : 2;
