// `node --import tsx src/cli/pglite-template.ts <folder>`, run by build.mjs: makes the new embedded database the
// production server unpacks into a new data folder instead of running initdb and the migrations
// (src/db/pglite-template.ts).
import path from 'node:path';
import { PGLITE_START_PARAMS } from '../db/pglite';
import { makeTemplate } from '../db/pglite-template';
import { migrationsDir } from '../paths';

const folder = process.argv[2];
if (!folder) {
  process.stderr.write('usage: pglite-template.ts <folder>\n');
  process.exit(2);
}
const started = performance.now();
const manifest = await makeTemplate(path.resolve(folder), migrationsDir, PGLITE_START_PARAMS);
process.stdout.write(
  `${folder}: a new database with ${manifest.migrations.length} migrations (PGlite ${manifest.pglite}), ` +
    `${Math.round(performance.now() - started)} ms\n`,
);
