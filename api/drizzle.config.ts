import { defineConfig } from 'drizzle-kit';

// Generating migrations needs no database: `pnpm --filter @agency/api db:generate` diffs the schema against
// the snapshots in drizzle/meta and writes the next SQL file, which is committed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
