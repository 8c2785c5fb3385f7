import {
  discountPercent,
  exclusiveOfGst,
  formatNzd,
  gstOfInclusive,
  imageSrcSet,
  imagePathFromUrl,
  imageUrl,
  parseImageOptions,
  placeholderWidth,
  formatImageOptions,
} from './index';
import { ObjectsRequest, Product } from './catalog';

describe('formatNzd', () => {
  it('formats cents as en-NZ dollars', () => {
    expect(formatNzd(12900)).toBe('$129.00');
    expect(formatNzd(3999)).toBe('$39.99');
    expect(formatNzd(0)).toBe('$0.00');
    expect(formatNzd(123456789)).toBe('$1,234,567.89');
    expect(formatNzd(-550)).toBe('-$5.50');
  });

  it('prints what Intl.NumberFormat en-NZ NZD prints, for every magnitude and sign', () => {
    const intl = new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const cases = [1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 100001, 12345678, 999999999, 100000000000];
    let seed = 17;
    for (let i = 0; i < 2000; i += 1) {
      seed = (seed * 48271) % 2147483647;
      cases.push(1 + (seed % 10 ** (1 + (i % 12)))); // (not 0: Intl prints -0 as "-$0.00", formatNzd as "$0.00")
    }
    for (const cents of cases) {
      expect(formatNzd(cents)).toBe(intl.format(cents / 100));
      expect(formatNzd(-cents)).toBe(intl.format(-cents / 100));
    }
  });
});

describe('discountPercent', () => {
  it('floors the saving over the original price', () => {
    expect(discountPercent(7000, 10000)).toBe(30);
    expect(discountPercent(8999, 12999)).toBe(30); // 30.77 -> 30
    expect(discountPercent(9999, 10000)).toBe(0); // 0.01 -> 0
    expect(discountPercent(100, 300)).toBe(66);
  });
  it('is 0 when not discounted or the original is not positive', () => {
    expect(discountPercent(10000, 10000)).toBe(0);
    expect(discountPercent(12000, 10000)).toBe(0);
    expect(discountPercent(100, 0)).toBe(0);
  });
});

describe('GST', () => {
  it('takes 3/23 of an inclusive price and adds up', () => {
    expect(gstOfInclusive(11500)).toBe(1500);
    expect(exclusiveOfGst(11500)).toBe(10000);
    for (const cents of [1, 99, 3999, 12900, 89900]) {
      expect(gstOfInclusive(cents) + exclusiveOfGst(cents)).toBe(cents);
      expect(Math.abs(gstOfInclusive(cents) - (cents * 3) / 23)).toBeLessThanOrEqual(0.5);
    }
  });
});

describe('imagePathFromUrl', () => {
  it('is the inverse of imageUrl, and null for other URLs', () => {
    expect(imagePathFromUrl(imageUrl('images/site/category-bags.jpg', { width: 600 }))).toBe('images/site/category-bags.jpg');
    expect(imagePathFromUrl(imageUrl('images/x.jpg', { width: 16, placeholder: true, base: 'https://shop.example' }))).toBe('images/x.jpg');
    expect(imagePathFromUrl('https://elsewhere.example/photo.jpg')).toBeNull();
    expect(imagePathFromUrl('/cdn-cgi/image/bogus=1/images/x.jpg')).toBeNull();
    expect(imagePathFromUrl('/cdn-cgi/image/width=300/')).toBeNull();
    expect(imagePathFromUrl('/images/cdn-cgi/image/width=300/x.jpg')).toBeNull();
  });
});

describe('imageUrl', () => {
  it('builds the CDN transform path', () => {
    expect(imageUrl('images/products/12/a-1.jpg', { width: 600 })).toBe('/cdn-cgi/image/fit=scale-down,format=auto,width=600/images/products/12/a-1.jpg');
    expect(imageUrl('/images/site/404.jpg', { width: 300 })).toBe('/cdn-cgi/image/fit=scale-down,format=auto,width=300/images/site/404.jpg');
  });
  it('builds the blurred placeholder variant', () => {
    expect(imageUrl('images/x.jpg', { width: 16, placeholder: true })).toBe('/cdn-cgi/image/fit=scale-down,format=auto,width=16,anim=false,blur=250/images/x.jpg');
  });
  it('accepts a base origin and rounds the width', () => {
    expect(imageUrl('images/x.jpg', { width: 299.6, base: 'https://shop.example' })).toBe('https://shop.example/cdn-cgi/image/fit=scale-down,format=auto,width=300/images/x.jpg');
  });
  it('round-trips through parseImageOptions', () => {
    const segment = imageUrl('x.jpg', { width: 16, placeholder: true }).split('/')[3] ?? '';
    const parsed = parseImageOptions(segment);
    expect(parsed).toEqual({ ok: true, options: { fit: 'scale-down', format: 'auto', width: 16, anim: false, blur: 250 } });
    if (parsed.ok) expect(formatImageOptions(parsed.options)).toBe(segment);
  });
});

describe('parseImageOptions', () => {
  it.each(['', 'width=0', 'width=abc', 'width=600,width=300', 'format=gif,width=10', 'fit=stretch,width=10', 'blur=999,width=10', 'colour=red,width=10', 'fit=scale-down', 'width'])(
    'rejects %p',
    (segment) => {
      expect(parseImageOptions(segment).ok).toBe(false);
    },
  );
});

describe('placeholderWidth and srcset', () => {
  it('keeps the smaller side at 16 px', () => {
    expect(placeholderWidth(0.8)).toBe(16);
    expect(placeholderWidth(1.5)).toBe(24);
  });
  it('caps srcset widths at the source width', () => {
    expect(imageSrcSet('a.jpg', { sourceWidth: 250 })).toBe(
      '/cdn-cgi/image/fit=scale-down,format=auto,width=100/a.jpg 100w, /cdn-cgi/image/fit=scale-down,format=auto,width=250/a.jpg 250w',
    );
  });
});

describe('schemas', () => {
  it('rejects a non-string object id with its path', () => {
    const result = ObjectsRequest.safeParse({ objectIds: [1] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['objectIds', 0]);
  });
  it('describes a product', () => {
    expect(Object.keys(Product.shape)).toEqual(expect.arrayContaining(['id', 'price', 'erpOriginalPrice', 'variants', 'productGallery', 'overlayIds']));
  });
});

describe('createObjectsClient (batched, cached objects calls)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createObjectsClient } = require('./catalog') as typeof import('./catalog');
  it('batches calls made within the window into one request, in order, with nulls, and caches', async () => {
    const bodies: string[][] = [];
    const fetchImpl = (async (_url: string, init?: RequestInit) => {
      const ids = (JSON.parse(String(init?.body)) as { objectIds: string[] }).objectIds;
      bodies.push(ids);
      return new Response(JSON.stringify({ data: { results: ids.map((id) => (id === '404' ? null : { id })) } }), { status: 200 });
    }) as unknown as typeof fetch;
    const client = createObjectsClient({ fetch: fetchImpl, delayMs: 5 });
    const [a, b, c] = await Promise.all([client.get('1'), client.get('404'), client.get('2')]);
    expect(bodies).toEqual([['1', '404', '2']]);
    expect([a?.id, b, c?.id]).toEqual(['1', null, '2']);
    expect((await client.get('1'))?.id).toBe('1');
    expect(bodies).toHaveLength(1);
  });
});
