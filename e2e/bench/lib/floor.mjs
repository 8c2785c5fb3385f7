// The floor: a static HTML page of the bags category's first listing page,
// built from the running API and served by a tiny node:http server, with no JavaScript at all.
// Lighthouse measures it beside our pages, so each of their figures has a "what plain HTML of the
// same products does on this machine, now" to be compared with.
//
// Same products as /categories/bags (GET /api/catalog/listing?category=bags&page=1), same names,
// prices formatted as the store formats them (formatNzd: en-NZ, NZD, "$1,234.00"), and the same
// images: absolute URLs to the store's origin, the srcset and sizes the store's ProductTile gives
// its <Image> (contracts/src/images.ts, ui/src/image.tsx), the first 4 eager with fetchpriority
// high, the rest lazy. Minimal inline CSS: a grid matching those sizes. The HTML is sent with
// brotli (precompressed at quality 11) when accepted, as the store's HTML is.
import http from 'node:http';
import zlib from 'node:zlib';
import { onCleanup } from './proc.mjs';

export const FLOOR_LISTING_PATH = '/api/catalog/listing?category=bags&page=1';

// Copies of contracts/src/images.ts (IMAGE_CDN_PREFIX, IMAGE_VARIANT_WIDTHS, imageUrl,
// imageSrcSet) and contracts/src/money.ts (formatNzd): the bench is plain node and the contracts
// are TypeScript source. checkAgainstStore() compares the result with the store's server HTML, so
// a drift shows up as a problem in the bench output.
const IMAGE_CDN_PREFIX = '/cdn-cgi/image';
const IMAGE_VARIANT_WIDTHS = [100, 300, 600];
const MAX_IMAGE_WIDTH = 4000;
/** ProductTile's sizes (mfe-catalog/src/features/listing/ProductTile.tsx). */
export const TILE_SIZES = '(max-width: 767px) 50vw, (max-width: 1023px) 33vw, 300px';
/** ListingPage gives the first 4 tiles priority (mfe-catalog/src/features/listing/ListingPage.tsx). */
export const EAGER_TILES = 4;

const nzd = new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatNzd = (cents) => nzd.format(cents / 100);

export function imageUrl(src, { width, base = '' }) {
  const w = Math.max(1, Math.min(MAX_IMAGE_WIDTH, Math.round(width)));
  return `${base}${IMAGE_CDN_PREFIX}/fit=scale-down,format=auto,width=${w}/${src.replace(/^\/+/, '')}`;
}

export function imageSrcSet(src, { sourceWidth, base = '', widths = IMAGE_VARIANT_WIDTHS }) {
  const seen = new Set();
  const entries = [];
  for (const w of widths) {
    const capped = Math.min(w, sourceWidth);
    if (seen.has(capped)) continue;
    seen.add(capped);
    entries.push(`${imageUrl(src, { width: capped, base })} ${capped}w`);
  }
  return entries.join(', ');
}

/** The <img> attributes the store's Image renders for a tile (with sizes given: src is the largest variant). */
export function tileImage(image, base) {
  const largest = Math.min(Math.max(...IMAGE_VARIANT_WIDTHS), image.width);
  return {
    src: imageUrl(image.src, { width: largest, base }),
    srcset: imageSrcSet(image.src, { sourceWidth: image.width, base }),
    sizes: TILE_SIZES,
  };
}

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The floor page's HTML for a listing body (`items` of ProductTile) and the store's origin. */
export function floorHtml({ items, storeOrigin, title = 'Bags' }) {
  const tiles = items
    .map((item, index) => {
      const eager = index < EAGER_TILES;
      const img = item.image ? tileImage(item.image, storeOrigin) : null;
      const picture = img
        ? `<img src="${escapeHtml(img.src)}" srcset="${escapeHtml(img.srcset)}" sizes="${img.sizes}" width="${item.image.width}" height="${item.image.height}" alt="${escapeHtml(item.image.alt ?? '')}" ${eager ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"'} decoding="async">`
        : '<div class="ph"></div>';
      return `<li><a href="${escapeHtml(`${storeOrigin}/products/${item.path}`)}">${picture}<span class="b">${escapeHtml(item.brand ?? '')}</span><span>${escapeHtml(item.name)}</span><strong>${formatNzd(item.price)}</strong></a></li>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en-NZ">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Fernleaf (floor)</title>
<meta name="description" content="${escapeHtml(`${items.length} ${title.toLowerCase()} from Fernleaf: a static page of the same products, the benchmark's floor.`)}">
<link rel="icon" href="data:,">
<link rel="preconnect" href="${escapeHtml(storeOrigin)}">
<style>
body{margin:0;font:16px/1.4 system-ui,sans-serif;color:#1d1d1b;background:#faf8f3}
h1{font-size:24px;margin:16px}
ul{list-style:none;margin:0;padding:0 16px 32px;display:grid;gap:16px;grid-template-columns:repeat(2,minmax(0,1fr))}
@media (min-width:768px){ul{grid-template-columns:repeat(3,minmax(0,1fr))}}
@media (min-width:1024px){ul{grid-template-columns:repeat(auto-fill,300px)}}
a{display:grid;gap:4px;color:inherit;text-decoration:none}
img,.ph{display:block;width:100%;height:auto;aspect-ratio:0.8;object-fit:cover;background:#ece6da;border-radius:8px}
.b{color:#6b675f;font-size:13px}
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<ul>
${tiles}
</ul>
</body>
</html>
`;
}

/**
 * Compares the floor's first tile with the store's server-rendered category page: the same
 * product first, and the same src, srcset and sizes (the store's are relative, so the floor's
 * absolute origin is removed before comparing). Returns a list of differences (empty when equal).
 */
export function checkAgainstStore({ storeHtml, items, storeOrigin }) {
  const first = items.find((item) => item.image);
  if (!first) return ['the listing has no product with an image'];
  const differences = [];
  const expected = tileImage(first.image, '');
  const escapedSrc = expected.src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const tag = storeHtml.match(new RegExp(`<img[^>]*src="${escapedSrc}"[^>]*>`))?.[0];
  if (!tag) return [`the store's server HTML of /categories/bags has no <img src="${expected.src}"> (is the listing server-rendered, and is it the same first product?)`];
  const attr = (name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, 'i'))?.[1]?.replace(/&amp;/g, '&') ?? null;
  if (attr('srcSet') !== expected.srcset && attr('srcset') !== expected.srcset) differences.push(`srcset differs: store "${attr('srcSet') ?? attr('srcset')}", floor "${expected.srcset}" (origin ${storeOrigin} removed)`);
  if (attr('sizes') !== expected.sizes) differences.push(`sizes differs: store "${attr('sizes')}", floor "${expected.sizes}"`);
  if (attr('fetchPriority') !== 'high' && attr('fetchpriority') !== 'high') differences.push('the store\'s first tile image has no fetchpriority="high"');
  if (!storeHtml.includes(formatNzd(first.price))) differences.push(`the store's server HTML has no price "${formatNzd(first.price)}" of ${first.name}`);
  return differences;
}

/** What Chromium sends for an image (the image endpoint picks the format from it, format=auto). */
const IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/**
 * Fetches every image-CDN URL (src, srcset, imagesrcset) in the HTML of `pages` once, 4 at a
 * time, so no page's Lighthouse run pays for the image endpoint's first resize of a variant (a
 * fresh bench server starts with an empty image cache; a CDN would have them). Returns the count
 * and the failures.
 */
export async function warmImages(pages) {
  const urls = new Set();
  for (const page of pages) {
    const html = await fetch(page).then((r) => r.text(), () => '');
    for (const m of html.matchAll(/\b(?:image)?src(?:set)?="([^"]*)"/gi)) {
      for (const candidate of m[1].replace(/&amp;/g, '&').split(/,\s+/)) {
        const url = candidate.trim().split(/\s+/)[0];
        if (url && url.includes('/cdn-cgi/image/')) urls.add(new URL(url, page).href);
      }
    }
  }
  const queue = [...urls];
  const failed = [];
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      const response = await fetch(url, { headers: { accept: IMAGE_ACCEPT } }).catch((error) => ({ ok: false, status: error.message }));
      if (!response.ok) failed.push(`${url}: ${response.status}`);
      else await response.arrayBuffer();
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { images: urls.size, failed };
}

/**
 * Builds the floor page from the running store and serves it on `port` (127.0.0.1). Returns
 * { url, items, bytes, differences, stop }; the server is also stopped by clean-up.
 */
export async function startFloor({ storeOrigin, port }) {
  const response = await fetch(`${storeOrigin}${FLOOR_LISTING_PATH}`);
  if (!response.ok) throw new Error(`GET ${FLOOR_LISTING_PATH} answered ${response.status}`);
  const listing = await response.json();
  const items = Array.isArray(listing.items) ? listing.items : [];
  if (!items.length) throw new Error(`GET ${FLOOR_LISTING_PATH} returned no products`);
  const title = listing.category?.name ?? listing.title ?? 'Bags';
  const html = floorHtml({ items, storeOrigin, title });
  const body = Buffer.from(html);
  const brotli = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } });

  const storeHtml = await fetch(`${storeOrigin}/categories/bags`).then((r) => r.text(), () => '');
  const differences = checkAgainstStore({ storeHtml, items, storeOrigin });

  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    if (req.url !== '/' && !req.url.startsWith('/?')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    // precompressed, as the edge serves the store's HTML (brotli when the browser accepts it)
    const br = /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
    const sent = br ? brotli : body;
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': sent.length,
      'cache-control': 'no-store',
      vary: 'accept-encoding',
      ...(br ? { 'content-encoding': 'br' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : sent);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const stop = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections?.();
    });
  const forget = onCleanup(stop);
  return {
    url: `http://127.0.0.1:${port}/`,
    items: items.length,
    bytes: body.length,
    brotliBytes: brotli.length,
    eagerImages: items.slice(0, EAGER_TILES).filter((item) => item.image).length,
    differences,
    stop: async () => {
      forget();
      await stop();
    },
  };
}
