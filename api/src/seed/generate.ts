/**
 * Deterministic catalogue generator: the same options always give the same catalogue (seeded
 * PRNG, fixed reference date, no clock or locale dependence). The first N products of a bigger
 * catalogue are the same as a catalogue of N products.
 */
import { PRODUCT_IMAGE_SOURCE } from '@store/contracts';
import {
  BRANDS,
  CATEGORY_TREE,
  CLOSERS,
  COLOURS,
  FEATURES,
  LINES,
  MATERIAL_SENTENCES,
  OPENERS,
  OVERLAYS,
  PRODUCT_TYPES,
  type CategoryDef,
  type ProductTypeDef,
} from './data.js';

/** Everything is dated relative to this instant (16 Nov 2026, midnight in Auckland). */
export const SEED_REFERENCE_DATE = new Date('2026-11-15T11:00:00.000Z');
const DAY = 86_400_000;

export interface GenerateOptions {
  products: number;
  seed?: number;
}

export type { CategoryInfo as SeedCategory } from '../store/catalog/categories.js';
import type { CategoryInfo as SeedCategory } from '../store/catalog/categories.js';

export interface SeedVariant {
  id: number;
  productId: number;
  code: string;
  label: string;
  position: number;
  qty: number;
}

export interface SeedImage {
  productId: number;
  position: number;
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface SeedProduct {
  id: number;
  path: string;
  name: string;
  brandId: number;
  description: string;
  productType: string;
  price: number;
  erpOriginalPrice: number;
  isNew: boolean;
  state: 'current' | 'evergreen' | 'coming';
  availableFrom: Date | null;
  functionalType: string;
  stockUpdatedAt: Date;
  colourName: string;
  colourHex: string;
  canonicalCategoryId: number;
  pageTitle: string;
  erpProductCompositeCode: string;
  erpProductParentCode: string;
  erpGenderCode: string;
  erpProductType: string;
  overlayIds: string[];
  cartQtyProductMax: number | null;
  cartQtyVariantMax: number | null;
  cartQtyVariantMin: number | null;
  cartQtyVariantMultipleOf: number | null;
  merchRank: number;
  createdAt: Date;
  searchKeywords: string;
  challengeQuestion: string | null;
  challengeAnswer: string | null;
}

export interface Catalogue {
  brands: { id: number; slug: string; name: string }[];
  categories: SeedCategory[];
  features: { id: number; slug: string; name: string }[];
  products: SeedProduct[];
  productCategories: { productId: number; categoryId: number }[];
  productFeatures: { productId: number; featureId: number }[];
  variants: SeedVariant[];
  images: SeedImage[];
}

/** mulberry32: small, fast, good enough for test data. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int(min: number, max: number): number {
      return min + Math.floor(next() * (max - min + 1));
    },
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance(p: number): boolean {
      return next() < p;
    },
    /** k distinct items, in a random order. */
    sample<T>(items: readonly T[], k: number): T[] {
      const copy = items.slice();
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, Math.min(k, copy.length));
    },
    weighted<T>(items: readonly T[], weights: readonly number[]): T {
      const total = weights.reduce((s, w) => s + w, 0);
      let r = next() * total;
      for (let i = 0; i < items.length; i++) {
        r -= weights[i] ?? 0;
        if (r < 0) return items[i] as T;
      }
      return items[items.length - 1] as T;
    },
  };
}
export type Rng = ReturnType<typeof createRng>;

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function flattenCategories(): SeedCategory[] {
  const out: SeedCategory[] = [];
  const walk = (defs: CategoryDef[], parent: SeedCategory | null) => {
    defs.forEach((def, index) => {
      const category: SeedCategory = {
        id: out.length + 1,
        parentId: parent?.id ?? null,
        slug: def.slug,
        path: parent ? `${parent.path}/${def.slug}` : def.slug,
        name: def.name,
        position: index + 1,
        kind: def.kind ?? parent?.kind ?? 'category',
      };
      out.push(category);
      if (def.children) walk(def.children, category);
    });
  };
  walk(CATEGORY_TREE, null);
  return out;
}

/** A price in cents that looks like a shop price: $129.00, $149.99, $89.95 ... */
function shopPrice(rng: Rng, [min, max]: [number, number]): number {
  // Skew towards the lower half of the range, like real assortments.
  const u = rng.next() ** 1.6;
  let dollars = min + u * (max - min);
  dollars = dollars < 100 ? Math.round(dollars / 5) * 5 - 1 : Math.round(dollars / 10) * 10 - 1;
  dollars = Math.min(Math.max(dollars, min), max);
  const cents = rng.weighted([0, 99, 95], [6, 3, 1]);
  const price = cents === 0 ? (dollars + 1 > max ? dollars : dollars + (rng.chance(0.5) ? 1 : 0)) * 100 : dollars * 100 + cents;
  // The shop's range: $39.99 to $899.00.
  return Math.min(Math.max(price, 3999), max * 100, 89900);
}

function salePrice(rng: Rng, original: number): number {
  const pct = rng.pick([10, 15, 20, 25, 30, 30, 40, 50]);
  const raw = Math.round((original * (100 - pct)) / 100);
  // End on .99 or .00
  const dollars = Math.floor(raw / 100);
  const price = rng.chance(0.6) ? dollars * 100 + 99 : dollars * 100;
  return Math.min(price, original - 100);
}

/** A template with its values; a value that ends a sentence with its own full stop ("Co.") takes the sentence's place. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '').replace(/\.\.(?=\s|$)/g, '.');
}

function colourCodeOf(name: string): string {
  return COLOURS.find((c) => c.name === name)?.code ?? 'XXX';
}

function stockQty(rng: Rng): number {
  return rng.weighted([0, rng.int(1, 3), rng.int(4, 12), rng.int(13, 60)], [0.5, 2, 5, 6]);
}

/** Limited releases: one product in 40 (ids 7, 47, 87, ...) unless it is coming soon. */
export function isLimitedRelease(id: number, coming: boolean): boolean {
  return !coming && id % 40 === 7;
}

export function generateCatalogue(options: GenerateOptions): Catalogue {
  const rng = createRng(options.seed ?? 20261116);
  const count = Math.max(0, Math.floor(options.products));
  const brands = BRANDS.map((b, i) => ({ id: i + 1, slug: b.slug, name: b.name }));
  const categories = flattenCategories();
  const categoryByPath = new Map(categories.map((c) => [c.path, c]));
  const features = FEATURES.map((f, i) => ({ id: i + 1, slug: f.slug, name: f.name }));
  const featureBySlug = new Map(features.map((f) => [f.slug, f]));
  const cat = (path: string): SeedCategory => {
    const c = categoryByPath.get(path);
    if (!c) throw new Error(`Unknown category ${path}`);
    return c;
  };

  const catalogue: Catalogue = { brands, categories, features, products: [], productCategories: [], productFeatures: [], variants: [], images: [] };
  const weights = PRODUCT_TYPES.map((t) => t.weight);
  let familyNo = 0;
  let variantId = 0;

  while (catalogue.products.length < count) {
    familyNo++;
    const type: ProductTypeDef = rng.weighted(PRODUCT_TYPES, weights);
    const brandIndex = rng.int(0, BRANDS.length - 1);
    const brandDef = BRANDS[brandIndex]!;
    const brand = brands[brandIndex]!;
    const line = rng.pick(LINES);
    const material = rng.pick(type.materials);
    let noun = rng.pick(type.nouns);
    if (type.kind === 'suitcase') {
      // Keep the noun true to the shell: soft nylon trolleys, hard polycarbonate spinners, aluminium trunks.
      if (material === 'Ballistic Nylon') noun = 'Softside Trolley';
      else if (material === 'Aluminium') noun = rng.pick(['Aluminium Trunk', 'Hardside Spinner']).replace('Aluminium ', '');
      else if (noun === 'Softside Trolley' || noun === 'Aluminium Trunk') noun = 'Hardside Spinner';
    }
    const suffix = rng.pick(type.suffixes);
    const sizeRun = rng.pick(type.sizeRuns);
    let familyName = [line, material, noun].join(' ');
    if (type.kind === 'suitcase' && sizeRun.length === 1 && sizeRun[0]?.startsWith('Cabin')) {
      familyName = `${line} ${material} Carry-On Spinner 55cm`;
      // the copy and the limited-release question name what the name says
      noun = 'Carry-On Spinner';
    }
    else if (suffix) familyName = `${familyName} ${suffix}`;
    const basePrice = shopPrice(rng, type.priceRange);
    const parentCode = `${brandDef.code}-${type.typeCode}${String(familyNo).padStart(5, '0')}`;
    const leatherLike = /Leather|Suede/.test(material);
    const familyFeatures = rng
      .sample(type.features, rng.int(2, 4))
      .filter((f) => (f === 'vegan-leather' ? material === 'Vegan Leather' : f === 'full-grain-leather' || f === 'hand-stitched' ? leatherLike && material !== 'Vegan Leather' : true));
    if (material === 'Vegan Leather' && !familyFeatures.includes('vegan-leather')) familyFeatures.push('vegan-leather');
    if (/Recycled/.test(material) && !familyFeatures.includes('recycled-materials')) familyFeatures.push('recycled-materials');
    if (material === 'Leather' && rng.chance(0.4) && !familyFeatures.includes('full-grain-leather')) familyFeatures.push('full-grain-leather');
    const colours = rng.sample(COLOURS, rng.weighted([1, 2, 3, 4], [3, 4, 3, 1]));
    const familyCreated = SEED_REFERENCE_DATE.getTime() - rng.int(25, 900) * DAY - rng.int(0, DAY / 1000 - 1) * 1000;
    const evergreen = rng.chance(0.15);
    const gender = rng.pick(type.genders);

    for (const colour of colours) {
      if (catalogue.products.length >= count) break;
      const id = catalogue.products.length + 1;
      const name = familyName;
      const slug = slugify(`${name} ${colour.name}`);
      const path = `${slug}-p${id}`;
      const roll = rng.next();
      const coming = roll < 0.025;
      const isNew = !coming && roll < 0.125;
      const soldOut = !coming && rng.chance(0.06);
      const discounted = !coming && rng.chance(0.2);
      const original = basePrice;
      const price = discounted ? salePrice(rng, original) : original;
      const createdAt = new Date(
        isNew || coming ? SEED_REFERENCE_DATE.getTime() - rng.int(0, 20) * DAY - rng.int(0, 86_399) * 1000 : familyCreated + rng.int(0, 20) * DAY,
      );
      const availableFrom = coming ? new Date(SEED_REFERENCE_DATE.getTime() + rng.int(60, 240) * DAY + 9 * 3_600_000) : null;
      const overlayIds: string[] = [];
      if (discounted) overlayIds.push(OVERLAYS.sale.id);
      if (coming) overlayIds.push(OVERLAYS.comingSoon.id);
      if (isNew) overlayIds.push(OVERLAYS.newArrival.id);

      // Canonical category and memberships.
      let canonical = cat(type.category);
      const memberships = new Set<number>();
      if (type.kind === 'suitcase') {
        const cabin = sizeRun.some((s) => s.startsWith('Cabin'));
        const checked = sizeRun.some((s) => !s.startsWith('Cabin'));
        canonical = cabin && !checked ? cat('travel/luggage/carry-on') : cat('travel/luggage/checked');
        if (cabin) memberships.add(cat('travel/luggage/carry-on').id);
        if (checked) memberships.add(cat('travel/luggage/checked').id);
      }
      memberships.add(canonical.id);
      if (type.kind === 'backpack' && familyFeatures.includes('laptop-sleeve')) memberships.add(cat('bags/laptop-bags').id);
      if (isNew) memberships.add(cat('new-arrivals').id);
      if (discounted) memberships.add(cat('sale').id);

      const nounLower = noun.toLowerCase();
      const values = { name, noun: nounLower, brand: brand.name, colour: colour.name.toLowerCase(), material: material.toLowerCase() };
      const sentences = [fill(rng.pick(OPENERS[type.kind] ?? ['A well-made {noun}.']), values)];
      const materialSentences = MATERIAL_SENTENCES[material];
      if (materialSentences && rng.chance(0.85)) sentences.push(fill(rng.pick(materialSentences), values));
      if (sentences.length < 3 && rng.chance(0.6)) {
        if (rng.chance(0.5) && familyFeatures.length >= 2) {
          // the features as the Features filter names them
          const names = familyFeatures.slice(0, 3).map((f) => featureBySlug.get(f)!.name);
          sentences.push(`Features: ${names.join(', ')}.`);
        } else sentences.push(fill(rng.pick(CLOSERS), values));
      }
      if (sentences.length < 2) sentences.push(fill(rng.pick(CLOSERS), values));

      const product: SeedProduct = {
        id,
        path,
        name,
        brandId: brand.id,
        description: sentences.join(' '),
        productType: type.kind,
        price,
        erpOriginalPrice: original,
        isNew,
        state: coming ? 'coming' : evergreen ? 'evergreen' : 'current',
        availableFrom,
        functionalType: 'basic',
        stockUpdatedAt: new Date(SEED_REFERENCE_DATE.getTime() - rng.int(0, 7 * 24 * 60) * 60_000),
        colourName: colour.name,
        colourHex: colour.hex,
        canonicalCategoryId: canonical.id,
        pageTitle: `${name} in ${colour.name} | ${brand.name}`,
        erpProductCompositeCode: `${parentCode}-${colourCodeOf(colour.name)}`,
        erpProductParentCode: parentCode,
        erpGenderCode: gender,
        erpProductType: type.erpProductType,
        overlayIds,
        cartQtyProductMax: type.erpProductType === 'LUGGAGE' ? 4 : rng.chance(0.9) ? 10 : null,
        cartQtyVariantMax: type.erpProductType === 'LUGGAGE' ? 2 : rng.chance(0.8) ? 5 : null,
        cartQtyVariantMin: rng.chance(0.95) ? 1 : null,
        cartQtyVariantMultipleOf: rng.chance(0.05) ? 2 : null,
        merchRank: 0,
        createdAt,
        searchKeywords: '',
        // Limited releases (about 1 in 40, never coming soon): a question only a person reading
        // the page answers. Derived from the id so the PRNG stream (and every other field) is unchanged.
        ...(isLimitedRelease(id, coming)
          ? { challengeQuestion: `Limited release: type the colour of this ${nounLower} as shown on this page.`, challengeAnswer: colour.name }
          : { challengeQuestion: null, challengeAnswer: null }),
      };
      const categoryNames = [...memberships].map((cid) => categories[cid - 1]!.name);
      product.searchKeywords = [brand.name, noun, type.kind.replace(/-/g, ' '), colour.name, material, ...categoryNames, ...familyFeatures.map((f) => featureBySlug.get(f)!.name)].join(' ');
      catalogue.products.push(product);

      for (const categoryId of [...memberships].sort((a, b) => a - b)) catalogue.productCategories.push({ productId: id, categoryId });
      for (const slugF of familyFeatures) catalogue.productFeatures.push({ productId: id, featureId: featureBySlug.get(slugF)!.id });

      let stock = 0;
      sizeRun.forEach((label, position) => {
        variantId++;
        const sizeCode = label === 'One size' ? 'OS' : slugify(label).toUpperCase().replace(/-/g, '');
        const qty = coming || soldOut ? 0 : stockQty(rng);
        stock += qty;
        catalogue.variants.push({ id: variantId, productId: id, code: `${product.erpProductCompositeCode}-${sizeCode}`, label, position, qty });
      });
      // Recommended: new and discounted lines lead, sold-out and coming trail, stable random within.
      product.merchRank =
        Math.floor(rng.next() * 1_000_000) + (isNew ? -300_000 : 0) + (discounted ? -100_000 : 0) + (coming ? 1_000_000 : stock === 0 ? 2_000_000 : 0);

      const views = ['front view', 'three-quarter view', 'detail', 'styled'];
      const imageCount = rng.int(2, 4);
      for (let position = 0; position < imageCount; position++) {
        catalogue.images.push({
          productId: id,
          position,
          src: `images/products/${id}/${slug}-${position + 1}.jpg`,
          width: PRODUCT_IMAGE_SOURCE.width,
          height: PRODUCT_IMAGE_SOURCE.height,
          alt: `${name} in ${colour.name}, ${views[position]}`,
        });
      }
    }
  }
  return catalogue;
}
