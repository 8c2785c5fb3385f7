// Which registry the release tools use (docs/deploying.md "Registries"):
//   REGISTRY=file (default)  registry.json and cdn/ in DEPLOY_DIR (default var/deploy), one machine
//   REGISTRY=postgres        the live versions, history and builds in PostgreSQL at
//                            REGISTRY_DATABASE_URL, else DATABASE_URL: every edge reads it
import { FileRegistry } from './file.mjs';

export { RegistryConflict } from './file.mjs';

export function registrySettings(env = process.env) {
  const kind = (env.REGISTRY ?? 'file').trim() || 'file';
  if (kind !== 'file' && kind !== 'postgres') throw new Error(`REGISTRY must be "file" or "postgres" (got "${kind}")`);
  if (kind === 'file') return { kind };
  const url = (env.REGISTRY_DATABASE_URL ?? env.DATABASE_URL ?? '').trim();
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('REGISTRY=postgres needs REGISTRY_DATABASE_URL or DATABASE_URL (postgres://...)');
  return { kind, url };
}

export async function openRegistry(env = process.env) {
  const settings = registrySettings(env);
  if (settings.kind === 'file') return new FileRegistry();
  const { PostgresRegistry, pgDatabase } = await import('./postgres.mjs');
  return PostgresRegistry.open(pgDatabase(settings.url));
}
