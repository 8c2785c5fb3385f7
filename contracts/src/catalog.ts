import { z } from 'zod';

/**
 * Catalogue bodies (spec §3 Product, §7 objects call, §9 list constants).
 * Money is integer cents, NZD, GST-inclusive. Dates are ISO 8601 strings (UTC).
 */

export const PRODUCT_LIST_PAGE_SIZE = 48;

/** Spec §9 sorts, Recommended (empty value) first. */
export const SORT_OPTIONS = [
  { value: '', label: 'Recommended' },
  { value: 'name-asc', label: 'Name A to Z' },
  { value: 'name-desc', label: 'Name Z to A' },
  { value: 'price-asc', label: 'Price Lowest First' },
  { value: 'price-desc', label: 'Price Highest First' },
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
] as const;
export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

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
  taxExclusive: z.number().int().describe('Price excluding 15% GST, cents'),
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

/** GET /api/catalog/listing */
export const ListingQuery = z.object({
  category: z.string().min(1).max(200).describe('Category path, e.g. bags or travel/luggage'),
  page: z.coerce.number().int().min(1).max(10000).default(1).describe('1-based page; only that page is returned'),
  sort: z.string().max(200).default('').describe('One of the SORT_OPTIONS values; anything else means Recommended'),
});
export type ListingQuery = z.input<typeof ListingQuery>;

export const Breadcrumb = z.object({ name: z.string(), path: z.string() });
export type Breadcrumb = z.infer<typeof Breadcrumb>;

export const ListingCategory = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string(),
  breadcrumbs: z.array(Breadcrumb).describe('Root first, ending with this category'),
});
export type ListingCategory = z.infer<typeof ListingCategory>;

export const ListingResponse = z.object({
  category: ListingCategory,
  items: z.array(ProductTile),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  sort: z.string().describe('The sort applied ("" = Recommended)'),
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
