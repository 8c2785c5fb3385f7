/**
 * Reading products: the tiles of listing pages, the product JSON of product pages (with variants,
 * images, features and categories), and what to draw for a product image, priced in a currency.
 * No caching here: ./service.ts keeps these per catalogue version.
 */
import { discountPercent, exclusiveOfGst, marketOfCurrency, type CategoryRef, type Overlay, type Product, type ProductTile } from '@store/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.js';
import { brands, features, productCategories, productFeatures, productImages, products, variants } from '../../platform/db/schema.js';
import { OVERLAY_BY_ID } from './overlays.js';
import type { CategoryIndex } from './categories.js';
import { priceColumns, type Currency } from './prices.js';

export interface ImageSourceRow {
  productId: number;
  position: number;
  width: number;
  height: number;
  kind: string;
  colourHex: string;
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function overlaysOf(ids: string[]): Overlay[] {
  const out: Overlay[] = [];
  for (const id of ids) {
    const overlay = OVERLAY_BY_ID.get(id);
    if (overlay) out.push(overlay);
  }
  return out;
}

/** The price columns in a currency (NZD: the products table's; else the price list's, null when missing). */
export function pricesOf(currency: Currency) {
  return currency === 'NZD' ? { price: products.price, erpOriginalPrice: products.erpOriginalPrice } : priceColumns(currency, sql`${products.id}`);
}

/** Tiles of these products (null: every product), in the order given. */
export async function loadTiles(db: Database, currency: Currency, ids: number[] | null): Promise<ProductTile[]> {
  const rows = await db
    .select({
      id: products.id,
      path: products.path,
      name: products.name,
      brand: brands.name,
      ...pricesOf(currency),
      isNew: products.isNew,
      state: products.state,
      availableFrom: products.availableFrom,
      overlayIds: products.overlayIds,
      colourName: products.colourName,
      colourHex: products.colourHex,
      soldOut: sql<boolean>`not exists (select 1 from ${variants} where ${variants.productId} = ${products.id} and ${variants.qty} > 0)`,
      src: productImages.src,
      alt: productImages.alt,
      width: productImages.width,
      height: productImages.height,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .where(ids === null ? undefined : inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: ProductTile[] = [];
  for (const id of ids ?? rows.map((r) => r.id)) {
    const r = byId.get(id);
    // (no price in this currency: not sold in this market)
    if (!r || r.price === null) continue;
    out.push({
      id: String(r.id),
      path: r.path,
      name: r.name,
      brand: r.brand,
      price: r.price,
      erpOriginalPrice: r.erpOriginalPrice,
      isDiscounted: r.price < r.erpOriginalPrice,
      isNew: r.isNew,
      state: r.state as ProductTile['state'],
      availableFrom: iso(r.availableFrom),
      soldOut: r.state !== 'coming' && Boolean(r.soldOut),
      overlays: overlaysOf(r.overlayIds),
      image: r.src ? { src: r.src, alt: r.alt ?? r.name, width: r.width ?? 0, height: r.height ?? 0 } : null,
      colourName: r.colourName,
      colourHex: r.colourHex,
    });
  }
  return out;
}

/** Product JSON by id (products not sold in this currency are left out). */
export async function loadProducts(db: Database, index: CategoryIndex, currency: Currency, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      id: products.id,
      path: products.path,
      name: products.name,
      pageTitle: products.pageTitle,
      description: products.description,
      brandId: brands.id,
      brandName: brands.name,
      brandSlug: brands.slug,
      productType: products.productType,
      ...pricesOf(currency),
      isNew: products.isNew,
      state: products.state,
      availableFrom: products.availableFrom,
      functionalType: products.functionalType,
      stockUpdatedAt: products.stockUpdatedAt,
      colourName: products.colourName,
      colourHex: products.colourHex,
      canonicalCategoryId: products.canonicalCategoryId,
      erpProductCompositeCode: products.erpProductCompositeCode,
      erpProductParentCode: products.erpProductParentCode,
      erpGenderCode: products.erpGenderCode,
      erpProductType: products.erpProductType,
      overlayIds: products.overlayIds,
      cartQtyProductMax: products.cartQtyProductMax,
      cartQtyVariantMax: products.cartQtyVariantMax,
      cartQtyVariantMin: products.cartQtyVariantMin,
      cartQtyVariantMultipleOf: products.cartQtyVariantMultipleOf,
      createdAt: products.createdAt,
      challengeQuestion: products.challengeQuestion,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(products.id, ids));
  if (rows.length === 0) return out;
  const found = rows.map((r) => r.id);
  const [variantRows, imageRows, featureRows, categoryRows] = [
    await db
      .select({ id: variants.id, productId: variants.productId, code: variants.code, label: variants.label, qty: variants.qty })
      .from(variants)
      .where(inArray(variants.productId, found))
      .orderBy(asc(variants.productId), asc(variants.position), asc(variants.id)),
    await db
      .select({ productId: productImages.productId, src: productImages.src, alt: productImages.alt, width: productImages.width, height: productImages.height })
      .from(productImages)
      .where(inArray(productImages.productId, found))
      .orderBy(asc(productImages.productId), asc(productImages.position)),
    await db
      .select({ productId: productFeatures.productId, slug: features.slug, name: features.name })
      .from(productFeatures)
      .innerJoin(features, eq(features.id, productFeatures.featureId))
      .where(inArray(productFeatures.productId, found))
      .orderBy(asc(productFeatures.productId), asc(features.id)),
    await db
      .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(inArray(productCategories.productId, found))
      .orderBy(asc(productCategories.productId), asc(productCategories.categoryId)),
  ];
  const group = <T extends { productId: number }>(list: T[]) => {
    const map = new Map<number, T[]>();
    for (const item of list) {
      const bucket = map.get(item.productId);
      if (bucket) bucket.push(item);
      else map.set(item.productId, [item]);
    }
    return map;
  };
  const variantsBy = group(variantRows);
  const imagesBy = group(imageRows);
  const featuresBy = group(featureRows);
  const categoriesBy = group(categoryRows);
  const ref = (id: number): CategoryRef => {
    const c = index.byId.get(id);
    return { id: String(id), name: c?.name ?? '', path: c?.path ?? '' };
  };
  for (const r of rows) {
    if (r.price === null) continue; // not sold in this market
    const productVariants = (variantsBy.get(r.id) ?? []).map((v) => ({ id: String(v.id), code: v.code, label: v.label, qty: v.qty }));
    const inStock = productVariants.filter((v) => v.qty > 0);
    const product: Product = {
      id: String(r.id),
      path: r.path,
      name: r.name,
      pageTitle: r.pageTitle,
      description: r.description,
      brand: { id: String(r.brandId), name: r.brandName, slug: r.brandSlug },
      productType: r.productType,
      price: r.price,
      erpOriginalPrice: r.erpOriginalPrice,
      isDiscounted: r.price < r.erpOriginalPrice,
      discountPercent: discountPercent(r.price, r.erpOriginalPrice),
      taxExclusive: exclusiveOfGst(r.price, marketOfCurrency(currency)?.gstPercent),
      isNew: r.isNew,
      state: r.state as Product['state'],
      availableFrom: iso(r.availableFrom),
      functionalType: r.functionalType,
      soldOut: r.state !== 'coming' && r.functionalType === 'basic' && inStock.length === 0,
      stockUpdatedAt: iso(r.stockUpdatedAt) ?? '',
      colourName: r.colourName,
      colourHex: r.colourHex,
      canonicalCategory: ref(r.canonicalCategoryId),
      categories: (categoriesBy.get(r.id) ?? []).map((c) => ref(c.categoryId)),
      features: (featuresBy.get(r.id) ?? []).map((f) => ({ slug: f.slug, name: f.name })),
      erpProductCompositeCode: r.erpProductCompositeCode,
      erpProductParentCode: r.erpProductParentCode,
      erpGenderCode: r.erpGenderCode,
      erpProductType: r.erpProductType,
      productGallery: (imagesBy.get(r.id) ?? []).map((i) => ({ type: 'IMAGE' as const, src: i.src, alt: i.alt, width: i.width, height: i.height })),
      availableVariantLabels: inStock.map((v) => v.label),
      overlayIds: r.overlayIds,
      overlays: overlaysOf(r.overlayIds),
      cartQtyProductMax: r.cartQtyProductMax,
      cartQtyVariantMax: r.cartQtyVariantMax,
      cartQtyVariantMin: r.cartQtyVariantMin,
      cartQtyVariantMultipleOf: r.cartQtyVariantMultipleOf,
      variants: productVariants,
      createdAt: iso(r.createdAt) ?? '',
      challengeQuestion: r.challengeQuestion,
    };
    out.set(r.id, JSON.stringify(product));
  }
  return out;
}

/** What to draw for a product image path, or null when no product has that image. */
export async function loadImageSource(db: Database, src: string): Promise<ImageSourceRow | null> {
  const [row] = await db
    .select({
      productId: productImages.productId,
      position: productImages.position,
      width: productImages.width,
      height: productImages.height,
      kind: products.productType,
      colourHex: products.colourHex,
    })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(eq(productImages.src, src))
    .limit(1);
  return row ?? null;
}
