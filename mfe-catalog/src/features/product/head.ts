/** A product page's head: title, description, canonical, Open Graph, Product and BreadcrumbList JSON-LD. */
import { pageMarket } from '@store/contracts/market';
import type { Product } from '@store/contracts';
import { imageUrl } from '@store/contracts';
import type { PageHead } from '@store/contracts/ssr';
import { abs, breadcrumbList, shortDescription } from '../../lib/head';

/** Product JSON-LD (schema.org Product with an Offer in the market's currency: NZD, AUD). */
export function productJsonLd(product: Product, origin: string, currency: string = pageMarket().currency) {
  const inStock = product.variants.some((v) => v.qty > 0);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.erpProductCompositeCode,
    brand: { '@type': 'Brand', name: product.brand.name },
    color: product.colourName,
    category: product.canonicalCategory.name,
    image: product.productGallery.map((image) => abs(imageUrl(image.src, { width: 600 }), origin)),
    offers: {
      '@type': 'Offer',
      url: abs(`/products/${product.path}`, origin),
      priceCurrency: currency,
      price: (product.price / 100).toFixed(2),
      availability:
        product.state === 'coming' ? 'https://schema.org/PreOrder' : inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      ...(product.state === 'coming' && product.availableFrom ? { availabilityStarts: product.availableFrom } : {}),
    },
  };
}

export function productHead(product: Product, origin: string, currency: string = pageMarket().currency): PageHead {
  const cover = product.productGallery.find((image) => image.type === 'IMAGE') ?? product.productGallery[0];
  return {
    title: product.pageTitle || product.name,
    description: shortDescription(product.description),
    canonical: abs(`/products/${product.path}`, origin),
    ogType: 'product',
    ...(cover ? { ogImage: abs(imageUrl(cover.src, { width: 1200 }), origin) } : {}),
    jsonLd: [
      productJsonLd(product, origin, currency),
      breadcrumbList([
        { name: 'Home', url: abs('/', origin) },
        { name: product.canonicalCategory.name, url: abs(`/categories/${product.canonicalCategory.path}`, origin) },
        { name: product.name, url: abs(`/products/${product.path}`, origin) },
      ]),
    ],
  };
}
