// The typed API client's generated files (contracts/openapi.json, contracts/src/api-types.ts) match
// the document the API publishes now: a route schema changed without regenerating fails here.
import { API_TYPES_FILE, generatedFiles, OPENAPI_FILE, REGENERATE_COMMAND, staleFiles } from '../scripts/openapi-files';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('pglite', { products: 0 });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

it('the committed OpenAPI document and api-types.ts are up to date', async () => {
  const files = await generatedFiles(ctx.app);
  expect(Object.keys(files).sort()).toEqual([API_TYPES_FILE, OPENAPI_FILE].sort());
  const stale = staleFiles(ctx.config.repoRoot, files);
  if (stale.length > 0) throw new Error(`${stale.join(' and ')} ${stale.length > 1 ? 'are' : 'is'} stale: the API's OpenAPI document changed. Run \`${REGENERATE_COMMAND}\` and commit the result.`);
});

it('the document is the one served at /api/docs/json', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const files = await generatedFiles(ctx.app);
  expect(res.json()).toEqual(JSON.parse(files[OPENAPI_FILE]!));
});
