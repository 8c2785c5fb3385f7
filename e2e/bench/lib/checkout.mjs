// Checkout API load test: runs the API team's api/bench/checkout.mjs (POST /api/checkout/info,
// then POST /api/order/place with the sandbox gateway) against the bench's server and reports
// each figure against its target (issue 7: checkout/info p99 <= 50 ms, order/place p99 <= 150 ms).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './proc.mjs';

export const CHECKOUT_TARGETS = { infoP99Ms: 50, placeP99Ms: 150 };

export function benchCheckout({ root, baseUrl, connections = 4, infoRequests = 2000, orderRequests = 400 }) {
  const script = path.join(root, 'api/bench/checkout.mjs');
  return new Promise((resolve, reject) => {
    const env = { ...process.env, BASE_URL: baseUrl, CONNECTIONS: String(connections), INFO_REQUESTS: String(infoRequests), ORDER_REQUESTS: String(orderRequests) };
    const loadBefore = os.loadavg()[0];
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
      const line = out.trim().split('\n').reverse().find((l) => l.trimStart().startsWith('{'));
      let doc = null;
      try {
        doc = line ? JSON.parse(line) : null;
      } catch {
        doc = null;
      }
      if (!doc?.checkoutInfo || !doc?.orderPlace) return reject(new Error(`api/bench/checkout.mjs exited ${code} without a result: ${err.slice(-800) || out.slice(-400)}`));
      const served = (statuses) => Object.keys(statuses).every((k) => k === '200' || k.startsWith('409'));
      resolve({
        source: 'api/bench/checkout.mjs',
        connections: doc.connections,
        variants: doc.variants,
        checkoutInfo: doc.checkoutInfo,
        orderPlace: doc.orderPlace,
        infoMet: doc.checkoutInfo.p99Ms <= CHECKOUT_TARGETS.infoP99Ms,
        placeMet: doc.orderPlace.p99Ms <= CHECKOUT_TARGETS.placeP99Ms,
        allServed: served(doc.checkoutInfo.statuses) && served(doc.orderPlace.statuses),
        targets: CHECKOUT_TARGETS,
        loadAverage: [Number(loadBefore.toFixed(2)), Number(os.loadavg()[0].toFixed(2))],
        scriptExitCode: code,
      });
    });
  });
}
