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
