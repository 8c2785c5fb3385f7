/** A listing page's heading and head: title, description, canonical, Open Graph, BreadcrumbList JSON-LD. */
import { pageMarket } from '@store/contracts/market';
import type { ListingResponse, ProductTile } from '@store/contracts';
import { imageUrl } from '@store/contracts';
import type { PageHead } from '@store/contracts/ssr';
import { abs, breadcrumbList } from '../../lib/head';
import type { ListingScope } from './scope';
import type { ListingUrlState } from './url';

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
  // a later page of a list is a page of its own: its own title and canonical URL
  const later = state.page > 1 && scope.kind !== 'search';
  return {
    title: `${title || 'Products'}${later ? `, page ${state.page}` : ''}`,
    description:
      scope.kind === 'search'
        ? `Bags, travel goods and accessories matching “${state.q}” at Fernleaf.`
        : `Shop ${total} ${title.toLowerCase()} at Fernleaf: bags, travel goods and accessories with free returns in ${countryName}.`,
    canonical: abs(scope.kind === 'search' ? '/search' : later ? `${pathname}?page=${state.page}` : pathname, origin),
    noindex: scope.kind === 'search',
    ogType: 'website',
    ...(cover ? { ogImage: abs(imageUrl(cover.src, { width: 1200 }), origin) } : {}),
    jsonLd,
  };
}
