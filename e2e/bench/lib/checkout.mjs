// Checkout API load test: runs the API team's api/bench/checkout.mjs (POST /api/checkout/info,
// then POST /api/order/place with the sandbox gateway) against the bench's server and reports
// each figure against its target (checkout/info p99 <= 50 ms, order/place p99 <= 150 ms).
import os from 'node:os';
import path from 'node:path';
import { runScript } from './api.mjs';

export const CHECKOUT_TARGETS = { infoP99Ms: 50, placeP99Ms: 150 };

export async function benchCheckout({ root, baseUrl, connections = 4, infoRequests = 2000, orderRequests = 400 }) {
  const loadBefore = os.loadavg()[0];
  const script = path.join(root, 'api/bench/checkout.mjs');
  const { doc, exitCode } = await runScript({
    root,
    script,
    baseUrl,
    env: { CONNECTIONS: String(connections), INFO_REQUESTS: String(infoRequests), ORDER_REQUESTS: String(orderRequests) },
  });
  if (!doc.checkoutInfo || !doc.orderPlace) throw new Error(`api/bench/checkout.mjs exited ${exitCode} without checkoutInfo and orderPlace in its result`);
  const served = (statuses) => Object.keys(statuses).every((k) => k === '200' || k.startsWith('409'));
  return {
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
    scriptExitCode: exitCode,
  };
}
