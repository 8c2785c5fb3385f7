// Each remote declares its screens in src/app/screens.ts (route patterns, the query keys its
// server render reads, the API paths its loader asks for): its router, server entry and prefetcher
// read that file. tools/remotes.json carries the route patterns and query keys into the registry
// (which remote owns a URL, which query keys the edge keeps). The two must name the same patterns
// and keys: each of the remote's patterns and keys in tools/remotes.json is declared by exactly one
// screen, and each screen's are in tools/remotes.json.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const layout = JSON.parse(fs.readFileSync(path.join(root, 'tools/remotes.json'), 'utf8'));
const declarationOf = (project) => path.join(root, project, 'src/app/screens.ts');

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

const declared = new Map();
for (const remote of layout.remotes) declared.set(remote.name, (await tsImport(pathToFileURL(declarationOf(remote.project)).href, import.meta.url)).SCREENS);

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
    });

    it(`${remote.project}: src/app/screens.ts imports nothing (this test loads it without a bundler)`, () => {
      assert.doesNotMatch(fs.readFileSync(declarationOf(remote.project), 'utf8'), /^\s*(import|export\s[^=]*\sfrom)\b|\brequire\(|\bimport\(/m);
    });
  }

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
