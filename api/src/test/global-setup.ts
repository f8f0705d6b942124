import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { PGLITE_START_PARAMS } from '../db/pglite';
import { migrationsDir } from '../paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Files holding a new PGlite database (`dumpDataDir`): empty, and with every migration applied. */
    pgliteImages: { empty: string; migrated: string };
  }
}

/**
 * Once per run, before any test file: one new PGlite database saved to a file as it is empty, and again once
 * every migration (api/drizzle) is applied. Every in-memory PGlite a suite opens (databases.ts) starts from a
 * copy of one of them instead of running initdb (in WebAssembly: seconds each, tens of seconds on a busy
 * machine, and most of a suite's start) and the migrations.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'agency-api-pglite-image-'));
  const save = async (pg: PGlite, name: string): Promise<string> => {
    const file = path.join(dir, `${name}.tar`);
    await writeFile(file, new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  const pg = new PGlite({ startParams: [...PGLITE_START_PARAMS] });
  try {
    await pg.waitReady;
    const empty = await save(pg, 'empty');
    await migrate(drizzle({ client: pg }), { migrationsFolder: migrationsDir });
    const migrated = await save(pg, 'migrated');
    project.provide('pgliteImages', { empty, migrated });
  } finally {
    await pg.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}
