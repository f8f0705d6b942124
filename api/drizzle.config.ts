import { defineConfig } from 'drizzle-kit';

// Generating migrations needs no database: `pnpm --filter @agency/api db:generate` diffs the schema against
// the snapshots in drizzle/meta and writes the next SQL file, which is committed. Check the new entry's `when`
// in drizzle/meta/_journal.json: drizzle runs only migrations dated after the newest one a database has run, so
// it must be above every earlier entry's (src/db/migrations.test.ts checks it).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
