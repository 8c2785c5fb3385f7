/**
 * Seeds a database with a generated catalogue (benchmarks, demos).
 *
 *   npm run seed -w api -- --products 100000 --data-dir /tmp/pg-100k
 *   npm run seed -w api -- --products 2000 --database-url postgres://user@127.0.0.1:5432/store --reset
 *
 * Options: --products N (default SEED_PRODUCTS or 600), --data-dir DIR (PGlite, default DATA_DIR),
 * --database-url URL (PostgreSQL instead of PGlite), --seed N (PRNG seed), --reset (empty the
 * catalogue tables first; without it a database that already has products is left alone).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { countProducts, openDatabase } from './platform/db/index.js';
import { generateCatalogue, insertCatalogue, truncateCatalogue } from './seed/index.js';
import { announceCatalogChanged } from './store/catalog/sync.js';

const { values } = parseArgs({
  options: {
    products: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    seed: { type: 'string' },
    reset: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('Usage: npm run seed -w api -- [--products N] [--data-dir DIR | --database-url URL] [--seed N] [--reset]');
  process.exit(0);
}

const env = { ...process.env };
if (values['data-dir']) env.DATA_DIR = values['data-dir'];
if (values['database-url']) env.DATABASE_URL = values['database-url'];
if (values.products) env.SEED_PRODUCTS = values.products;
const config = loadConfig(env, path.dirname(fileURLToPath(import.meta.url)));
const seed = values.seed === undefined ? undefined : Number(values.seed);

const started = Date.now();
const log = (message: string) => console.log(`[seed +${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
log(config.databaseUrl ? 'PostgreSQL' : `PGlite ${config.dataDir}`);
const database = await openDatabase(config);
try {
  const existing = await countProducts(database.db);
  if (existing > 0 && !values.reset) {
    log(`the database already has ${existing} products; pass --reset to replace them`);
    process.exitCode = 1;
  } else {
    if (existing > 0) {
      log(`removing ${existing} products`);
      await truncateCatalogue(database.db);
    }
    log(`generating ${config.seedProducts} products`);
    const catalogue = generateCatalogue({ products: config.seedProducts, seed });
    log(`inserting ${catalogue.products.length} products, ${catalogue.variants.length} variants, ${catalogue.images.length} images`);
    await insertCatalogue(database.db, catalogue, { onProgress: (step) => log(`  ${step}`) });
    log(`done: ${await countProducts(database.db)} products`);
    // API processes running on this PostgreSQL drop their catalogue caches (catalog/sync.ts)
    await announceCatalogChanged(database.db);
  }
} finally {
  await database.close();
}
