import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * A fresh PGlite directory costs an initdb inside WASM (2 s idle, 10-15 s on a busy machine).
 * Do it once: migrate an in-memory database, dump it, and let every test file start its own
 * temp directory from that dump (STORE_PGLITE_TEMPLATE). The dump is kept in the OS temp folder,
 * keyed by the migrations and the PGlite version, so later runs skip initdb entirely.
 */
export default async function globalSetup(): Promise<void> {
  const migrationsDir = path.resolve(__dirname, '../drizzle');
  const hash = crypto.createHash('sha1');
  // pglite's exports hide package.json: its entry is dist/index.cjs, one level below it.
  const pglitePackage = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update(JSON.parse(fs.readFileSync(pglitePackage, 'utf8')).version);
  for (const file of fs.readdirSync(migrationsDir, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsDir, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const template = path.join(os.tmpdir(), `store-api-pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  if (!fs.existsSync(template)) {
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });
    const dump = await client.dumpDataDir('gzip');
    await client.close();
    const tmp = `${template}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, template);
  }
  process.env.STORE_PGLITE_TEMPLATE = template;
}
