import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The api package folder. This module is compiled into `dist/server.js` by the production build and run from
 * `src/` by tsx and vitest: both sit one level below the package, so `..` is the package in every case. Paths
 * the server needs at run time (migrations, default web root) are resolved from here, never from the cwd.
 */
export const apiPackageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** SQL migrations written by drizzle-kit (`pnpm --filter @agency/api db:generate`). */
export const migrationsDir = path.join(apiPackageDir, 'drizzle');

/**
 * The folder of what the production build prepares for a first start on a new data folder (a new database,
 * `pglite-template`, and the sample content's images, `seed-posters`): beside the build's `server.js`. From the
 * sources (tsx, vitest) there is none, unless `FIRST_START_FILES` names a folder made by
 * `node --import tsx src/cli/first-start-files.ts <folder>` (the resilience tests make one for their servers);
 * without it a first start runs initdb and draws the images itself, as it does when those files do not fit.
 */
export function firstStartFilesDir(): string | null {
  if (!import.meta.url.endsWith('.ts')) return path.dirname(fileURLToPath(import.meta.url));
  return process.env.FIRST_START_FILES || null;
}
