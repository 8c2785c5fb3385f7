import path from 'node:path';
import { Lru, SingleFlight } from '../src/store/catalog/lru';
import { normaliseCategoryPath, normaliseProductPath, normaliseSort } from '../src/store/catalog/service';
import { findRepoRoot, loadConfig } from '../src/config';
import { fieldOf, reasonOf, sentence, validationBody } from '../src/platform/http/errors';
import { pickEncoding } from '../src/platform/http/send';
import { negotiateFormat } from '../src/stand-ins/image-cdn/render';
import { paidLabel } from '../src/store/orders/record';

const repoRoot = path.resolve(__dirname, '../..');

describe('config', () => {
  it('has the documented defaults, relative to the repository root', () => {
    const config = loadConfig({}, path.join(repoRoot, 'api', 'src'));
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      repoRoot,
      dataDir: path.join(repoRoot, 'var/pgdata'),
      databaseUrl: undefined,
      searchIndexPrefix: 'nz',
      deployDir: path.join(repoRoot, 'var/deploy'),
      imageCacheDir: path.join(repoRoot, 'var/image-cache'),
      seedProducts: 600,
      migrationsDir: path.join(repoRoot, 'api/drizzle'),
    });
  });

  it('reads the environment', () => {
    const config = loadConfig(
      { PORT: '8099', HOST: '127.0.0.1', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h/db', SEARCH_INDEX_PREFIX: 'au', SEED_PRODUCTS: '60' },
      repoRoot,
    );
    expect(config).toMatchObject({ port: 8099, host: '127.0.0.1', dataDir: '/tmp/x', databaseUrl: 'postgres://u@h/db', searchIndexPrefix: 'au', seedProducts: 60 });
    expect(() => loadConfig({ PORT: 'abc' }, repoRoot)).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' }, repoRoot)).toThrow(/DATABASE_URL/);
  });

  it('finds the workspace root from anywhere inside it', () => {
    expect(findRepoRoot(path.join(repoRoot, 'api', 'dist'))).toBe(repoRoot);
    expect(findRepoRoot(repoRoot)).toBe(repoRoot);
  });
});

describe('request normalisation', () => {
  it('ignores unknown sorts', () => {
    expect(normaliseSort('price-asc')).toBe('price-asc');
    expect(normaliseSort('PRICE-ASC ')).toBe('price-asc');
    expect(normaliseSort('cheapest')).toBe('');
    expect(normaliseSort(undefined)).toBe('');
  });
  it('normalises paths', () => {
    expect(normaliseCategoryPath('/Bags/Backpacks/')).toBe('bags/backpacks');
    expect(normaliseCategoryPath('categories/travel//luggage')).toBe('travel/luggage');
    expect(normaliseProductPath('/products/x-p12/')).toBe('x-p12');
  });
});

describe('content negotiation', () => {
  it('picks br, then gzip', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
  it('picks avif, then webp, else jpeg', () => {
    expect(negotiateFormat('auto', 'image/avif,image/webp,*/*')).toBe('avif');
    expect(negotiateFormat('auto', 'image/webp,*/*')).toBe('webp');
    expect(negotiateFormat('auto', 'image/avif;q=0,image/webp')).toBe('webp');
    expect(negotiateFormat('auto', '*/*')).toBe('jpeg');
    expect(negotiateFormat('auto', undefined)).toBe('jpeg');
    expect(negotiateFormat('png', 'image/avif')).toBe('png');
  });
});

describe('validation messages', () => {
  it('names the field and the reason', () => {
    expect(fieldOf('/objectIds/0', 'body')).toBe('objectIds.0');
    expect(fieldOf('/', 'body')).toBe('body');
    expect(fieldOf('', 'querystring')).toBe('query');
    expect(reasonOf({ instancePath: '/a', keyword: 'invalid_type', message: 'Invalid input: expected string, received number', params: { expected: 'string' } })).toBe('Expected string');
    expect(reasonOf({ instancePath: '/a', keyword: 'invalid_type', message: 'Invalid input: expected string, received undefined', params: { expected: 'string' } })).toBe('Required');
    expect(reasonOf({ instancePath: '/a', keyword: 'too_big', params: { origin: 'array', maximum: 1000 } })).toBe('Must contain at most 1000 items');
  });
});

describe('Lru and SingleFlight', () => {
  it('evicts the least recently used entry', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.get('a');
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.size).toBe(2);
  });
  it('shares one run between concurrent callers', async () => {
    const flight = new SingleFlight<string, number>();
    let runs = 0;
    const produce = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 10));
      return 42;
    };
    const results = await Promise.all([flight.run('k', produce), flight.run('k', produce), flight.run('k', produce)]);
    expect(results).toEqual([42, 42, 42]);
    expect(runs).toBe(1);
  });
});

describe('validation messages', () => {
  it('end with one full stop, also when the reason is a sentence of its own', () => {
    expect(sentence('Invalid body: cart.email: Enter a valid email address.')).toBe('Invalid body: cart.email: Enter a valid email address.');
    expect(sentence('Invalid body: cart.email: Required')).toBe('Invalid body: cart.email: Required.');
    expect(validationBody([{ field: 'cart.email', reason: 'Enter a valid email address.' }], 'body').message).toBe('Invalid body: cart.email: Enter a valid email address.');
    expect(validationBody([{ field: 'a', reason: 'Required.' }, { field: 'b', reason: 'Required' }], 'body').message).toBe('Invalid body: a: Required (and 1 more).');
  });
});

describe('payment labels on an order', () => {
  it('name the instrument unless it only repeats the method', () => {
    expect(paidLabel('BRAINTREE_PAYPAL', 'PayPal')).toBe('PayPal');
    expect(paidLabel('BRAINTREE_APPLE_PAY', 'Apple Pay')).toBe('Apple Pay');
    expect(paidLabel('BRAINTREE_CREDIT_CARD', 'Visa ending 1111')).toBe('Card (Visa ending 1111)');
    expect(paidLabel('BRAINTREE_PAYPAL', 'jo@example.co.nz')).toBe('PayPal (jo@example.co.nz)');
  });
});
