// Each remote declares its screens in src/app/screens.ts (route patterns, the query keys its
// server render reads, the API paths its loader asks for): its router, server entry and prefetcher
// read that file. tools/remotes.json carries the route patterns and query keys into the registry
// (which remote owns a URL, which query keys the edge keeps). The two must name the same patterns
// and keys: each of the remote's patterns and keys in tools/remotes.json is declared by exactly one
// screen, and each screen's are in tools/remotes.json.
//
// A remote whose router lists its pages (cart-checkout, account) declares them per screen
// (`pages`, each path under one of the screen's patterns; the remote's routes.test.tsx checks its
// router against them). A page one remote routes and another builds is declared on both sides:
// `builtBy` (remote, exposed module) on the routing remote's page, FRAGMENT_PAGES (module, routedBy,
// paths) in the building remote's screens.ts, the module in its webpack exposes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const layout = JSON.parse(fs.readFileSync(path.join(root, 'tools/remotes.json'), 'utf8'));
const declarationOf = (project) => path.join(root, project, 'src/app/screens.ts');
const { matchRoute } = await tsImport(pathToFileURL(path.join(root, 'contracts/src/routes.ts')).href, import.meta.url);

/** Where a remote's entry in tools/remotes.json and its screens disagree (empty: they agree). */
export function screenDrift(remote, screens) {
  const problems = [];
  const file = `${remote.project}/src/app/screens.ts`;
  for (const [field, what] of [
    ['routes', 'route'],
    ['query', 'query key'],
  ]) {
    const listed = remote[field] ?? [];
    for (const value of new Set(listed)) {
      const by = Object.entries(screens).filter(([, screen]) => screen[field].includes(value)).map(([id]) => id);
      if (by.length === 0) problems.push(`${remote.name}: ${what} ${value} in tools/remotes.json is declared by no screen of ${file}`);
      if (by.length > 1) problems.push(`${remote.name}: ${what} ${value} is declared by more than one screen of ${file} (${by.join(', ')})`);
    }
    for (const [id, screen] of Object.entries(screens)) {
      for (const value of screen[field]) if (!listed.includes(value)) problems.push(`${remote.name}: screen ${id} of ${file} declares ${what} ${value}, which tools/remotes.json does not list for it`);
    }
  }
  return problems;
}

/** A screen's pages (`pages`) that none of its route patterns matches. */
export function pageDrift(remote, screens) {
  const problems = [];
  for (const [id, screen] of Object.entries(screens)) {
    for (const [page, pagePath] of Object.entries(screen.pages ?? {})) {
      if (!screen.routes.some((pattern) => matchRoute(pattern, pagePath))) problems.push(`${remote.name}: page ${id}.${page} (${pagePath}) of ${remote.project}/src/app/screens.ts is under none of the screen's route patterns`);
    }
  }
  return problems;
}

/**
 * Where the pages one remote routes and another builds disagree: `remotes` maps each remote's name
 * to { project, SCREENS, FRAGMENT_PAGES, exposes (the module names its webpack config exposes) }.
 */
export function fragmentDrift(remotes) {
  const problems = [];
  const routedElsewhere = new Set();
  for (const [name, { project, SCREENS }] of remotes) {
    for (const [id, screen] of Object.entries(SCREENS)) {
      for (const [page, { remote, module }] of Object.entries(screen.builtBy ?? {})) {
        const pagePath = screen.pages?.[page];
        const where = `${project}/src/app/screens.ts ${id}.${page}`;
        const builder = remotes.get(remote);
        if (pagePath === undefined) problems.push(`${where}: builtBy names a page the screen does not declare`);
        else if (!builder) problems.push(`${where}: built by ${remote}, which is no remote`);
        else {
          const fragment = builder.FRAGMENT_PAGES?.[module];
          if (!fragment || fragment.routedBy !== name || !fragment.pages.includes(pagePath)) problems.push(`${where}: built by ${remote} ${module}, whose FRAGMENT_PAGES does not list ${pagePath} routed by ${name}`);
          if (!builder.exposes.includes(module)) problems.push(`${where}: built by ${remote} ${module}, which ${builder.project}/webpack.config.cjs does not expose`);
          routedElsewhere.add(`${remote} ${module} ${name} ${pagePath}`);
        }
      }
    }
  }
  for (const [name, { project, FRAGMENT_PAGES }] of remotes) {
    for (const [module, { routedBy, pages }] of Object.entries(FRAGMENT_PAGES ?? {})) {
      for (const pagePath of pages) {
        if (!routedElsewhere.has(`${name} ${module} ${routedBy} ${pagePath}`)) problems.push(`${project}/src/app/screens.ts FRAGMENT_PAGES ${module}: ${pagePath} is not a page of ${routedBy} built by ${name} ${module}`);
      }
    }
  }
  return problems;
}

const declared = new Map();
const modules = new Map();
for (const remote of layout.remotes) {
  const module = await tsImport(pathToFileURL(declarationOf(remote.project)).href, import.meta.url);
  declared.set(remote.name, module.SCREENS);
  const webpack = fs.readFileSync(path.join(root, remote.project, 'webpack.config.cjs'), 'utf8');
  const exposes = [...webpack.matchAll(/'(\.\/[\w-]+)':\s*'\.\/src\/exposes\//g)].map((m) => m[1]);
  modules.set(remote.name, { project: remote.project, SCREENS: module.SCREENS, FRAGMENT_PAGES: module.FRAGMENT_PAGES, exposes });
}

describe("the remotes' screens and tools/remotes.json", () => {
  for (const remote of layout.remotes) {
    it(`${remote.project}: src/app/screens.ts declares every route pattern and query key of tools/remotes.json once, and no other`, () => {
      const screens = declared.get(remote.name);
      assert.ok(screens && Object.keys(screens).length > 0, `${remote.project}/src/app/screens.ts exports SCREENS`);
      for (const [id, screen] of Object.entries(screens)) {
        for (const field of ['routes', 'query', 'api']) assert.ok(Array.isArray(screen[field]), `${id}.${field}`);
        assert.ok(screen.routes.length > 0, `${id} declares a route pattern`);
      }
      assert.deepEqual(screenDrift(remote, screens), []);
      assert.deepEqual(pageDrift(remote, screens), []);
    });

    it(`${remote.project}: src/app/screens.ts imports nothing (this test loads it without a bundler)`, () => {
      assert.doesNotMatch(fs.readFileSync(declarationOf(remote.project), 'utf8'), /^\s*(import|export\s[^=]*\sfrom)\b|\brequire\(|\bimport\(/m);
    });
  }

  it('a page routed by one remote and built by another is declared by both, its module exposed', () => {
    assert.ok([...modules.values()].some(({ FRAGMENT_PAGES }) => FRAGMENT_PAGES && Object.keys(FRAGMENT_PAGES).length > 0), 'some remote builds a page another routes');
    assert.deepEqual(fragmentDrift(modules), []);
  });

  it('a page outside its patterns, or built by a remote that does not say so, is reported', () => {
    const account = layout.remotes.find((r) => r.name === 'account');
    const screens = structuredClone(declared.get('account'));
    screens.account.pages.giftCards = '/gift-cards';
    assert.deepEqual(pageDrift(account, screens), ['account: page account.giftCards (/gift-cards) of mfe-account/src/app/screens.ts is under none of the screen\'s route patterns']);

    const builder = modules.get('cart_checkout');
    const router = modules.get('account');
    const pagesUnlisted = new Map([...modules, ['cart_checkout', { ...builder, FRAGMENT_PAGES: { ...builder.FRAGMENT_PAGES, './AccountOrders': { routedBy: 'account', pages: ['/account/orders'] } } }]]);
    assert.deepEqual(fragmentDrift(pagesUnlisted), [
      'mfe-account/src/app/screens.ts account.order: built by cart_checkout ./AccountOrders, whose FRAGMENT_PAGES does not list /account/orders/:number routed by account',
      'mfe-account/src/app/screens.ts account.orderReturn: built by cart_checkout ./AccountOrders, whose FRAGMENT_PAGES does not list /account/orders/:number/return/:token routed by account',
    ]);
    const withoutBuiltBy = structuredClone(router.SCREENS);
    delete withoutBuiltBy.account.builtBy.paymentMethods;
    assert.deepEqual(fragmentDrift(new Map([...modules, ['account', { ...router, SCREENS: withoutBuiltBy }]])), [
      'mfe-cart-checkout/src/app/screens.ts FRAGMENT_PAGES ./AccountPaymentMethods: /account/payment-methods is not a page of account built by cart_checkout ./AccountPaymentMethods',
    ]);
    const notExposed = new Map([...modules, ['cart_checkout', { ...builder, exposes: builder.exposes.filter((m) => m !== './AccountPaymentMethods') }]]);
    assert.deepEqual(fragmentDrift(notExposed), [
      'mfe-account/src/app/screens.ts account.paymentMethods: built by cart_checkout ./AccountPaymentMethods, which mfe-cart-checkout/webpack.config.cjs does not expose',
    ]);
  });

  it('a route or query key on one side only, or on two screens, is reported', () => {
    const catalog = layout.remotes.find((r) => r.name === 'catalog');
    const screens = structuredClone(declared.get('catalog'));
    assert.deepEqual(screenDrift(catalog, screens), []);

    // a route added to tools/remotes.json only
    assert.deepEqual(screenDrift({ ...catalog, routes: [...catalog.routes, '/collections/*'] }, screens), [
      'catalog: route /collections/* in tools/remotes.json is declared by no screen of mfe-catalog/src/app/screens.ts',
    ]);
    // a route added to a screen only
    const withRoute = structuredClone(screens);
    withRoute.listing.routes.push('/collections/*');
    assert.deepEqual(screenDrift(catalog, withRoute), [
      'catalog: screen listing of mfe-catalog/src/app/screens.ts declares route /collections/*, which tools/remotes.json does not list for it',
    ]);
    // the same route on two screens
    const twice = structuredClone(screens);
    twice.product.routes.push('/search');
    assert.deepEqual(screenDrift(catalog, twice), ['catalog: route /search is declared by more than one screen of mfe-catalog/src/app/screens.ts (listing, product)']);
    // a query key on one side only, either side
    assert.deepEqual(screenDrift({ ...catalog, query: [...catalog.query, 'brand'] }, screens), [
      'catalog: query key brand in tools/remotes.json is declared by no screen of mfe-catalog/src/app/screens.ts',
    ]);
    const withKey = structuredClone(screens);
    withKey.product.query.push('variant');
    assert.deepEqual(screenDrift(catalog, withKey), [
      'catalog: screen product of mfe-catalog/src/app/screens.ts declares query key variant, which tools/remotes.json does not list for it',
    ]);
    // a remote without "query" in tools/remotes.json reads none
    const noQuery = { ...catalog, query: undefined };
    assert.equal(screenDrift(noQuery, screens).length, catalog.query.length);
  });
});
