import fs from 'node:fs';
import path from 'node:path';
import { imageUrl, placeholderWidth, PRODUCT_IMAGE_ASPECT_RATIO } from '@store/contracts';
import sharp, { type Stats } from 'sharp';
import { BACKENDS, createTestContext, type TestContext } from './helpers';

const AVIF = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
const WEBP = 'image/webp,image/*,*/*;q=0.8';

describe.each(BACKENDS)('image endpoint on %s', (backend) => {
  let ctx: TestContext;
  let src: string;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 24 });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/catalog/listing?category=bags' });
    src = res.json().items[0].image.src;
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const get = (url: string, accept?: string) => ctx.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });

  it('renders the width asked, keeping the 0.8 aspect ratio, with immutable caching', async () => {
    const res = await get(imageUrl(src, { width: 300 }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('Accept');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(300);
    expect(meta.height).toBe(300 / PRODUCT_IMAGE_ASPECT_RATIO);
  });

  it('clamps the width to the source', async () => {
    const res = await get(imageUrl(src, { width: 3000 }));
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBe(1200);
    expect(meta.height).toBe(1500);
  });

  it('negotiates AVIF, WebP and JPEG from Accept', async () => {
    const avif = await get(imageUrl(src, { width: 200 }), AVIF);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect((await sharp(avif.rawPayload).metadata()).format).toBe('heif');
    const webp = await get(imageUrl(src, { width: 200 }), WEBP);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp');
    const jpeg = await get(imageUrl(src, { width: 200 }), 'image/*,*/*;q=0.8');
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    const refused = await get(imageUrl(src, { width: 200 }), 'image/avif;q=0,image/webp;q=0,*/*');
    expect(refused.headers['content-type']).toBe('image/jpeg');
    const png = await get(`/cdn-cgi/image/fit=scale-down,format=png,width=120/${src}`, AVIF);
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).width).toBe(120);
  });

  it('blurs the placeholder', async () => {
    const width = placeholderWidth(PRODUCT_IMAGE_ASPECT_RATIO);
    const sharpRes = await get(`/cdn-cgi/image/fit=scale-down,format=png,width=${width}/${src}`);
    const blurredRes = await get(imageUrl(src, { width, placeholder: true }).replace('format=auto', 'format=png'));
    expect(blurredRes.statusCode).toBe(200);
    const [a, b] = await Promise.all([sharp(sharpRes.rawPayload).stats(), sharp(blurredRes.rawPayload).stats()]);
    const meta = await sharp(blurredRes.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([16, 20]);
    const spread = (s: Stats) => s.channels.slice(0, 3).reduce((sum, c) => sum + c.stdev, 0);
    expect(spread(b)).toBeLessThan(spread(a) * 0.8);
    // The real placeholder URL (format=auto) works too and is tiny.
    const auto = await get(imageUrl(src, { width, placeholder: true }), WEBP);
    expect(auto.statusCode).toBe(200);
    expect(auto.rawPayload.length).toBeLessThan(1500);
  });

  it('caches renders on disk and serves the same bytes again', async () => {
    const url = imageUrl(src, { width: 240 });
    const first = await get(url, WEBP);
    const outDir = path.join(ctx.config.imageCacheDir, 'out');
    const files = fs.readdirSync(outDir, { recursive: true }).filter((f) => String(f).endsWith('.webp'));
    expect(files.length).toBeGreaterThan(0);
    const second = await get(url, WEBP);
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
  });

  it('draws every gallery image of a product', async () => {
    const listing = (await ctx.app.inject({ method: 'GET', url: '/api/catalog/listing?category=bags' })).json();
    const product = (await ctx.app.inject({ method: 'GET', url: `/api/products/by-path?path=${encodeURIComponent(listing.items[0].path)}` })).json();
    expect(product.productGallery.length).toBeGreaterThanOrEqual(2);
    for (const image of product.productGallery) {
      const res = await get(imageUrl(image.src, { width: 100 }));
      expect(res.statusCode).toBe(200);
    }
  });

  it('serves the site images at their source sizes', async () => {
    const notFound = await get(imageUrl('images/site/404.jpg', { width: 4000 }));
    expect(notFound.statusCode).toBe(200);
    expect(await sharp(notFound.rawPayload).metadata()).toMatchObject({ width: 1200, height: 1500 });
    const hero = await get(imageUrl('images/site/hero-1.jpg', { width: 1800 }));
    expect(await sharp(hero.rawPayload).metadata()).toMatchObject({ width: 1800, height: 1200 });
    const heroSmall = await get(imageUrl('images/site/hero-2.jpg', { width: 600 }));
    expect(await sharp(heroSmall.rawPayload).metadata()).toMatchObject({ width: 600, height: 400 });
  });

  it.each([
    'fit=scale-down,format=auto,width=abc',
    'fit=scale-down,format=auto',
    'fit=scale-down,format=gif,width=100',
    'fit=stretch,width=100',
    'width=100,colour=red',
    'width=100,blur=900',
    'width=0',
  ])('answers 400 for options %p', async (options) => {
    const res = await get(`/cdn-cgi/image/${options}/${src}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'InvalidImageOptions' });
  });

  it('answers 404 for an unknown image', async () => {
    for (const imagePath of ['images/products/999999/nope-1.jpg', 'images/products/1/not-this-one-9.jpg', 'images/site/nope.jpg', 'etc/passwd', 'images/../../secret.jpg']) {
      const res = await get(imageUrl(imagePath, { width: 100 }));
      expect(res.statusCode).toBe(404);
    }
  });
});
