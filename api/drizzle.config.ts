import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (from api/) writes SQL migrations into ./drizzle; they are committed
// and applied at start by drizzle's migrator (PGlite or node-postgres).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema*.ts',
  out: './drizzle',
  strict: true,
});
