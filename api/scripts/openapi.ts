// `npm run openapi -w api` (= tsx scripts/openapi.ts): regenerates the typed API client's files.
// Builds the fastify app without listening, on an empty in-memory PGlite (nothing is
// seeded: the document comes from the routes' schemas), reads `app.swagger()` and writes
//   contracts/openapi.json       the OpenAPI document (3.0.3) the API publishes at /api/docs/json
//   contracts/src/api-types.ts   its `paths`, `components` and `operations`, from openapi-typescript
// Both are committed; test/openapi-types.test.ts regenerates them in memory and fails when they
// are stale. `npm run openapi -w api -- --check` only reports (exit 1 when stale).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/platform/db/index.js';
import { generatedFiles, REGENERATE_COMMAND, staleFiles, writeFiles } from './openapi-files.js';

// a clean environment: the document does not depend on the shell that runs the command
const config = loadConfig({ DATA_DIR: 'memory://', SEED_PRODUCTS: '0' }, path.dirname(fileURLToPath(import.meta.url)));
const database = await openDatabase(config);
const app = buildApp({ config, db: database.db });
try {
  await app.ready();
  const files = await generatedFiles(app);
  const stale = staleFiles(config.repoRoot, files);
  if (process.argv.includes('--check')) {
    if (stale.length > 0) {
      console.error(`Stale: ${stale.join(', ')}. Run \`${REGENERATE_COMMAND}\` and commit the result.`);
      process.exitCode = 1;
    } else console.log('contracts/openapi.json and contracts/src/api-types.ts are up to date.');
  } else {
    writeFiles(config.repoRoot, files);
    console.log(stale.length > 0 ? `Wrote ${stale.join(', ')}.` : 'Up to date: nothing changed.');
  }
} finally {
  await app.close();
  await database.close();
}
