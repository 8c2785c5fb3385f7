/**
 * The page head of each catalog page as data (title, description, canonical, Open Graph, JSON-LD),
 * computed the same way on the server (the edge writes it into the HTML) and in the browser
 * (each page renders it with @store/ui/page-head, which takes over from the server's head).
 */
import { pageMarket } from '@store/contracts/market';
import type { ListingResponse, Product, ProductTile } from '@store/contracts';
import { imageUrl } from '@store/contracts';
import type { PageHead } from '@store/contracts/ssr';
import { documentTitle } from '@store/contracts/ssr';
import type { PageHeadProps } from '@store/ui/page-head';
import { catalogConfig } from './config';
import type { ListingScope } from '../features/listing/scope';
import type { ListingUrlState } from '../features/listing/url';

const abs = (path: string, origin: string) => new URL(path, origin).toString();

/** The catalog's rules for <PageHead>: " | Fernleaf" after the title (the rule the edge uses), og:site_name, and twitter:card on pages with an image. */
export const pageHeadOptions = {
  documentTitle: (title: string) => documentTitle(title, catalogConfig.siteName),
  // as the edge writes them (api/src/edge/ssr/render.ts), so the head is the same after hydration
  siteName: catalogConfig.siteName,
  twitterCard: true,
} satisfies Omit<PageHeadProps, 'head'>;

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

function breadcrumbList(crumbs: { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

export function shortDescription(text: string): string {
  return text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, '')}…` : text;
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

/** The heading of a listing page (empty until its first answer is known). */
export function listingTitle(scope: ListingScope, state: ListingUrlState, first: ListingResponse | undefined): string {
  if (scope.kind === 'search') return state.q ? `Search results for “${state.q}”` : 'Search';
  if (scope.kind === 'brand') {
    if (!first?.brand) return '';
    return first.category ? `${first.brand.name} ${first.category.name}` : first.brand.name;
  }
  return first?.category?.name ?? '';
}

export function listingHead(scope: ListingScope, state: ListingUrlState, first: ListingResponse, items: ProductTile[], pathname: string, origin: string, countryName: string = pageMarket().countryName): PageHead {
  const title = listingTitle(scope, state, first);
  const total = first.total;
  // No ItemList: search engines show list carousels only for recipes, courses, films and
  // restaurants, and on a category page it cost 430 bytes of the first round trip (each product
  // page carries its own Product data). A category names its place with a BreadcrumbList.
  const jsonLd: object[] = [];
  if (scope.kind === 'category' && first.category) {
    jsonLd.push(breadcrumbList([{ name: 'Home', url: abs('/', origin) }, ...first.category.breadcrumbs.map((crumb) => ({ name: crumb.name, url: abs(`/categories/${crumb.path}`, origin) }))]));
  }
  const cover = items[0]?.image;
  return {
    title: title || 'Products',
    description:
      scope.kind === 'search'
        ? `Bags, travel goods and accessories matching “${state.q}” at Fernleaf.`
        : `Shop ${total} ${title.toLowerCase()} at Fernleaf: bags, travel goods and accessories with free returns in ${countryName}.`,
    canonical: abs(scope.kind === 'search' ? '/search' : pathname, origin),
    noindex: scope.kind === 'search',
    ogType: 'website',
    ...(cover ? { ogImage: abs(imageUrl(cover.src, { width: 1200 }), origin) } : {}),
    jsonLd,
  };
}
