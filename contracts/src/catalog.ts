import { z } from 'zod';
import { CHALLENGE_ANSWER_MAX } from './catalog-constants';

/**
 * Catalogue bodies (objects call, list constants).
 * Money is integer cents in the market's currency (NZD on the NZ site, AUD on the AU site; the
 * request's host decides), GST-inclusive. Dates are ISO 8601 strings (UTC).
 */

export const ProductState = z.enum(['current', 'evergreen', 'coming']).describe('coming = coming soon (not yet sellable)');
export type ProductState = z.infer<typeof ProductState>;

export const OverlayType = z.enum(['sale', 'comingSoon', 'newArrival']);
export type OverlayType = z.infer<typeof OverlayType>;

export const Overlay = z.object({ id: z.string(), name: z.string(), type: OverlayType });
export type Overlay = z.infer<typeof Overlay>;

export const ImageRef = z.object({
  src: z.string().describe('Image path for the image CDN, e.g. images/products/12/harbour-leather-backpack-22l-1.jpg'),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageRef = z.infer<typeof ImageRef>;

export const GalleryImage = ImageRef.extend({ type: z.literal('IMAGE') });
export type GalleryImage = z.infer<typeof GalleryImage>;

export const Brand = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type Brand = z.infer<typeof Brand>;

export const CategoryRef = z.object({ id: z.string(), name: z.string(), path: z.string() });
export type CategoryRef = z.infer<typeof CategoryRef>;

export const Feature = z.object({ slug: z.string(), name: z.string() });
export type Feature = z.infer<typeof Feature>;

export const Variant = z.object({
  id: z.string(),
  code: z.string().describe('ERP SKU'),
  label: z.string().describe('e.g. "One size", "M", "55 cm"'),
  qty: z.number().int().describe('Units in stock'),
});
export type Variant = z.infer<typeof Variant>;

export const Product = z.object({
  id: z.string(),
  path: z.string().describe('URL path under /products/, e.g. harbour-leather-backpack-22l-p1234'),
  name: z.string(),
  pageTitle: z.string(),
  description: z.string(),
  brand: Brand,
  productType: z.string().describe('backpack, tote, suitcase, wallet, ...'),
  price: z.number().int().describe('Cents, GST-inclusive'),
  erpOriginalPrice: z.number().int().describe('Cents, GST-inclusive; above price when discounted'),
  isDiscounted: z.boolean(),
  discountPercent: z.number().int(),
  taxExclusive: z.number().int().describe("Price excluding GST (the market's rate: 15% NZ, 10% AU), cents"),
  isNew: z.boolean(),
  state: ProductState,
  availableFrom: z.string().nullable().describe('For coming products: when it becomes available'),
  functionalType: z.string().describe('basic = stocked product'),
  soldOut: z.boolean(),
  stockUpdatedAt: z.string(),
  colourName: z.string(),
  colourHex: z.string(),
  canonicalCategory: CategoryRef,
  categories: z.array(CategoryRef),
  features: z.array(Feature),
  erpProductCompositeCode: z.string(),
  erpProductParentCode: z.string(),
  erpGenderCode: z.string(),
  erpProductType: z.string(),
  productGallery: z.array(GalleryImage),
  availableVariantLabels: z.array(z.string()),
  overlayIds: z.array(z.string()),
  overlays: z.array(Overlay),
  cartQtyProductMax: z.number().int().nullable(),
  cartQtyVariantMax: z.number().int().nullable(),
  cartQtyVariantMin: z.number().int().nullable(),
  cartQtyVariantMultipleOf: z.number().int().nullable(),
  variants: z.array(Variant),
  createdAt: z.string(),
  challengeQuestion: z
    .string()
    .nullable()
    .optional()
    .describe('Limited releases: the question to answer (max 100 characters) before adding to cart; null otherwise'),
});
export type Product = z.infer<typeof Product>;

export const ProductTile = z.object({
  id: z.string(),
  path: z.string(),
  name: z.string(),
  brand: z.string().describe('Brand name'),
  price: z.number().int(),
  erpOriginalPrice: z.number().int(),
  isDiscounted: z.boolean(),
  isNew: z.boolean(),
  state: ProductState,
  availableFrom: z.string().nullable(),
  soldOut: z.boolean(),
  overlays: z.array(Overlay),
  image: ImageRef.nullable(),
  colourName: z.string(),
  colourHex: z.string(),
});
export type ProductTile = z.infer<typeof ProductTile>;

/** GET /api/products/by-path */
export const ProductByPathQuery = z.object({
  path: z.string().min(1).max(300).describe('Product path, e.g. harbour-leather-backpack-22l-p1234 (a leading /products/ is ignored)'),
});
export type ProductByPathQuery = z.infer<typeof ProductByPathQuery>;

/** GET /api/catalog/categories */
export interface CategoryNode {
  id: string;
  name: string;
  slug: string;
  path: string;
  position: number;
  kind: 'category' | 'collection';
  productCount: number;
  children: CategoryNode[];
}
const categoryNodeFields = {
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  path: z.string().describe('e.g. travel/luggage/carry-on'),
  position: z.number().int(),
  kind: z.enum(['category', 'collection']),
  productCount: z.number().int().describe('Products in this category and its descendants'),
};
// Three levels deep (the tree's depth); written out so the OpenAPI document needs no recursion.
const CategoryLeaf = z.object({ ...categoryNodeFields, children: z.array(z.never()) });
const CategoryLevel2 = z.object({ ...categoryNodeFields, children: z.array(CategoryLeaf) });
export const CategoryNode: z.ZodType<CategoryNode> = z.object({ ...categoryNodeFields, children: z.array(CategoryLevel2) }) as unknown as z.ZodType<CategoryNode>;
export const CategoryTreeResponse = z.object({ categories: z.array(CategoryNode) });
export type CategoryTreeResponse = z.infer<typeof CategoryTreeResponse>;


const slugList = (what: string) =>
  z
    .string()
    .max(1000)
    .regex(/^[a-z0-9][a-z0-9/-]*(,[a-z0-9][a-z0-9/-]*)*$/, `Comma-separated ${what} (lower-case letters, digits, - and /)`)
    .transform((v) => v.split(',').slice(0, 50))
    .optional();

const cents = z.coerce.number({ error: 'Expected a whole number of cents' }).int('Expected a whole number of cents').min(0).max(100_000_000);

/**
 * GET /api/catalog/listing: one page (48) of a category, a brand (optionally within a category)
 * or a search, with facet filters, sort and facet counts. Price bounds are GST-inclusive cents.
 */
export const ListingQuery = z
  .object({
    category: z.string().min(1).max(200).optional().describe('Category page path, e.g. bags or travel/luggage (descendants included)'),
    brand: z
      .string()
      .regex(/^[a-z0-9-]{1,80}$/, 'Brand slug: lower-case letters, digits and -')
      .optional()
      .describe('Brand page: brand slug (with category: the brand within that category)'),
    q: z.string().max(200).optional().describe('Full-text search (stemmed, typo tolerant)'),
    categories: slugList('category paths').describe('Facet filter: category paths, any of'),
    features: slugList('feature slugs').describe('Facet filter: feature slugs, any of'),
    colours: slugList('colour slugs').describe('Facet filter: colour slugs, any of'),
    minPrice: cents.optional().describe('Facet filter: lowest price, cents'),
    maxPrice: cents.optional().describe('Facet filter: highest price, cents'),
    page: z.coerce.number({ error: 'Expected a page number' }).int('Expected a whole page number').min(1).max(10000).default(1).describe('1-based page; only that page is returned'),
    sort: z.string().max(200).default('').describe('One of the SORT_OPTIONS values; anything else means Recommended (relevance when q is given)'),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    path: ['maxPrice'],
    message: 'maxPrice must not be below minPrice',
  });
export type ListingQuery = z.input<typeof ListingQuery>;
export type ListingQueryParsed = z.output<typeof ListingQuery>;

export const Breadcrumb = z.object({ name: z.string(), path: z.string() });
export type Breadcrumb = z.infer<typeof Breadcrumb>;

export const ListingCategory = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string(),
  breadcrumbs: z.array(Breadcrumb).describe('Root first, ending with this category'),
});
export type ListingCategory = z.infer<typeof ListingCategory>;

export const FacetOption = z.object({
  value: z.string().describe('URL value (category path, feature slug or colour slug)'),
  label: z.string(),
  count: z.number().int().describe('Products matching every other active filter and this option'),
  selected: z.boolean(),
  hex: z.string().optional().describe('Colours: swatch colour'),
});
export type FacetOption = z.infer<typeof FacetOption>;

export const ListingFacets = z.object({
  categories: z.array(FacetOption),
  features: z.array(FacetOption),
  colours: z.array(FacetOption),
  price: z
    .object({ min: z.number().int(), max: z.number().int() })
    .nullable()
    .describe('Price range (cents) of the products matching the other filters; null when none'),
});
export type ListingFacets = z.infer<typeof ListingFacets>;

export const ListingResponse = z.object({
  category: ListingCategory.nullable().describe('The category page, or null for search and brand pages'),
  brand: Brand.nullable().describe('The brand page, or null'),
  q: z.string().describe('The search text as given ("" when none)'),
  correctedQuery: z.string().nullable().describe('When the text matched nothing as typed: the typo-corrected text that was searched'),
  anyWord: z.boolean().optional().describe('True when no product matched all the words searched and the products shown match any of them'),
  items: z.array(ProductTile),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  sort: z.string().describe('The sort applied ("" = Recommended)'),
  facets: ListingFacets,
});
export type ListingResponse = z.infer<typeof ListingResponse>;
/** Alias used by the catalog remote. */
export type Listing = ListingResponse;

/** POST /api/search/indexes/:index/objects */
export const ObjectsParams = z.object({ index: z.string().describe('Must be `${SEARCH_INDEX_PREFIX}_products`, e.g. nz_products') });
export type ObjectsParams = z.infer<typeof ObjectsParams>;

export const ObjectsRequest = z.object({
  objectIds: z.array(z.string().min(1).max(64)).min(1).max(1000),
});
export type ObjectsRequest = z.infer<typeof ObjectsRequest>;

export const ObjectsResponse = z.object({
  data: z.object({ results: z.array(Product.nullable()).describe('Same order as objectIds; null for an unknown id') }),
});
export type ObjectsResponse = z.infer<typeof ObjectsResponse>;


/** POST /api/product/challenge/verify */
export const ChallengeVerifyRequest = z.object({
  answer: z.string().trim().min(1, 'An answer is required').max(CHALLENGE_ANSWER_MAX, `At most ${CHALLENGE_ANSWER_MAX} characters`),
  productId: z.string().regex(/^[1-9][0-9]{0,9}$/, 'Expected a product id'),
  recaptchaToken: z.string().min(1, 'A bot-check token is required').max(4000),
});
export type ChallengeVerifyRequest = z.infer<typeof ChallengeVerifyRequest>;

export const ChallengeVerifyResponse = z.object({ success: z.literal(true) });
export type ChallengeVerifyResponse = z.infer<typeof ChallengeVerifyResponse>;

/** GET /api/catalog/brands/:slug */
export const BrandResponse = z.object({ brand: Brand, productCount: z.number().int() });
export type BrandResponse = z.infer<typeof BrandResponse>;

// Constants and the objects client: zod-free in ./catalog-constants, so pages that only need them
// do not bundle zod and every schema with it.
export {
  CHALLENGE_ANSWER_MAX,
  CHALLENGE_FAILED,
  createObjectsClient,
  FACET_INITIAL,
  type ObjectsClient,
  type ObjectsClientOptions,
  PRODUCT_LIST_PAGE_SIZE,
  SORT_OPTIONS,
  type SortValue,
} from './catalog-constants';
