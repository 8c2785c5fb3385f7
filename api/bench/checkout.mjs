#!/usr/bin/env node
// Load test of POST /api/checkout/info and POST /api/order/place against an already running
// server (sandbox gateway; it starts nothing).
//   node api/bench/checkout.mjs [baseUrl]      (or BASE_URL=http://127.0.0.1:8080)
// Options via env: INFO_REQUESTS (default 2000), ORDER_REQUESTS (default 400), CONNECTIONS (default 8).
// Orders rotate over many in-stock variants (qty 1 each, a new cart id per order); an order that
// finds its variant sold out (409 InsufficientStock) still counts as a served request.
// Prints one JSON line; exit 2 when checkout/info p99 > 50 ms or order/place p99 > 150 ms.
const base = (process.argv[2] || process.env.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const infoRequests = Number(process.env.INFO_REQUESTS || 2000);
const orderRequests = Number(process.env.ORDER_REQUESTS || 400);
const connections = Number(process.env.CONNECTIONS || 8);

const json = async (path, body) => {
  const res = await fetch(`${base}${path}`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
  return { status: res.status, body: await res.json().catch(() => null) };
};

const probe = await fetch(`${base}/api/health`).catch((error) => ({ ok: false, status: String(error.cause?.code || error.message) }));
if (!probe.ok) {
  console.error(`[bench] ${base}/api/health answered ${probe.status}; start the server first (node api/dist/server.js)`);
  process.exit(1);
}

// in-stock variants from a few categories
const variants = [];
for (const category of ['bags', 'travel', 'accessories']) {
  for (let page = 1; page <= 3; page += 1) {
    const listing = await json(`/api/catalog/listing?category=${category}&page=${page}`);
    const ids = (listing.body?.items ?? []).map((i) => i.id);
    if (ids.length === 0) break;
    const objects = await json('/api/search/indexes/nz_products/objects', { objectIds: ids });
    for (const p of objects.body?.data?.results ?? []) {
      if (!p || p.state !== 'current' || p.challengeQuestion) continue;
      for (const v of p.variants) if (v.qty > 0) variants.push({ productId: p.id, variantId: v.id, price: p.price });
    }
  }
}
if (variants.length < 3) {
  console.error('[bench] not enough in-stock variants');
  process.exit(1);
}

const address = { contactName: 'Bench Shopper', country: 'NZ', phone: '021 000 0000', postcode: '1010', street1: '1 Queen Street', suburb: 'Auckland Central' };
const cartFor = (i, n = 3) => ({
  items: Array.from({ length: n }, (_, k) => variants[(i + k * 7) % variants.length]).map(({ productId, variantId }) => ({ productId, variantId, qty: 1 })),
  promoCodes: i % 3 === 0 ? ['WINTER20'] : [],
  email: `bench${i % 50}@example.co.nz`,
  firstName: 'Bench',
  lastName: 'Shopper',
  shippingAddress: address,
  shipping: { type: 'DELIVERY', options: { methodId: 'standard' } },
});

async function run(total, task) {
  const times = [];
  const statuses = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const status = await task(i);
        times.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p) => Number(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1));
  return { requests: total, requestsPerSec: Math.round(total / wall), p50Ms: pct(50), p90Ms: pct(90), p99Ms: pct(99), maxMs: Number(times[times.length - 1].toFixed(1)), statuses };
}

// warm up
for (let i = 0; i < 20; i += 1) await json('/api/checkout/info', { cart: cartFor(i) });

const info = await run(infoRequests, async (i) => (await json('/api/checkout/info', { cart: cartFor(i) })).status);

const runId = Date.now().toString(36);
const placeTimes = [];
const place = await run(orderRequests, async (i) => {
  const cart = cartFor(i, 1);
  const priced = await json('/api/checkout/info', { cart });
  if (priced.status !== 200 || priced.body.result !== 'SUCCESS') return `info-${priced.status}`;
  const t0 = performance.now();
  const res = await json('/api/order/place', {
    cartId: `bench-${runId}-${i}`,
    cart: { ...cart, phone: '021 000 0000', billingAddress: address },
    payment: { methods: [{ methodCode: 'BRAINTREE_CREDIT_CARD', amount: priced.body.amountOutstanding, token: 'fake-valid-nonce' }] },
    expectedPromotions: priced.body.promotions.appliedPromotions.map((p) => ({ promotionId: p.id, versionId: p.versionId })),
  });
  placeTimes.push(performance.now() - t0);
  return res.status === 409 ? `409 ${res.body?.error}` : res.status;
});
placeTimes.sort((a, b) => a - b);
const pp = (p) => Number((placeTimes[Math.min(placeTimes.length - 1, Math.floor((p / 100) * placeTimes.length))] ?? 0).toFixed(1));
const orderPlace = { requests: placeTimes.length, p50Ms: pp(50), p90Ms: pp(90), p99Ms: pp(99), statuses: place.statuses };

const summary = { base, connections, variants: variants.length, checkoutInfo: info, orderPlace };
console.log(JSON.stringify(summary));
const served = (s) => Object.entries(s).every(([k]) => k === '200' || k.startsWith('409'));
process.exitCode = info.p99Ms <= 50 && orderPlace.p99Ms <= 150 && served(info.statuses) && served(place.statuses) ? 0 : 2;
