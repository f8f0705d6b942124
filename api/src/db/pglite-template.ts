// A new embedded database without initdb: the production build makes one database (initdb, then every migration)
// and keeps it beside the server (the folder dist/pglite-template, with a manifest); a start on a new data folder
// copies it instead of running initdb and the migrations (most of a first start's time). A plain folder, copied
// file by file by the system (copyFolder): unpacking a tar in the server grew it by 35 to 60 MB for good.
import { createHash } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { firstStartFilesDir } from '../paths';

/** The template's folder name, beside the production build's server.js. */
export const TEMPLATE_NAME = 'pglite-template';

/** One migration as drizzle-kit's journal names it, and its SQL's hash (an edited migration is another one). */
export interface TemplateMigration {
  tag: string;
  when: number;
  sha256: string;
}

/** What a template holds: made by this PGlite version, with these migrations applied. */
export interface TemplateManifest {
  pglite: string;
  migrations: TemplateMigration[];
}

/** The manifest beside a template. */
export const manifestOf = (template: string) => `${template}.json`;

/** The template of the first-start files (paths.ts: the production build's, beside it); null when there is none. */
export function builtTemplate(): string | null {
  const dir = firstStartFilesDir();
  if (dir === null) return null;
  const file = path.join(dir, TEMPLATE_NAME);
  return existsSync(file) ? file : null;
}

/** The version of the PGlite package this server runs (its package.json is not among its exports). */
export async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (path.dirname(dir) !== dir) {
    const text = await readFile(path.join(dir, 'package.json'), 'utf8').catch(() => null);
    if (text !== null) {
      const pkg = JSON.parse(text) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    dir = path.dirname(dir);
  }
  throw new Error('cannot find the version of @electric-sql/pglite');
}

/** The migrations in `folder`, in order, from drizzle-kit's journal. */
export async function migrationList(folder: string): Promise<TemplateMigration[]> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return Promise.all(
    journal.entries.map(async ({ tag, when }) => ({
      tag,
      when,
      sha256: createHash('sha256')
        .update(await readFile(path.join(folder, `${tag}.sql`)))
        .digest('hex'),
    })),
  );
}

/**
 * Whether a database made from `manifest` is what initdb and the migrations in `current` would make: the same
 * PGlite, and migrations that are the first of the current ones, unchanged (the migrator applies the others).
 */
export function templateFits(
  manifest: TemplateManifest,
  version: string,
  current: TemplateMigration[],
): boolean {
  if (manifest.pglite !== version || manifest.migrations.length > current.length) return false;
  return manifest.migrations.every((m, i) => {
    const c = current[i];
    return c !== undefined && c.tag === m.tag && c.when === m.when && c.sha256 === m.sha256;
  });
}

/**
 * Makes a template in the folder `template` (and its manifest beside it): a new database, initdb and the
 * migrations of `migrationsFolder`, closed cleanly. Runs PGlite in this process: a build step, not the server.
 */
export async function makeTemplate(
  template: string,
  migrationsFolder: string,
  startParams: readonly string[],
): Promise<TemplateManifest> {
  const work = await mkdtemp(path.join(path.dirname(template), '.pglite-template-'));
  try {
    const dir = path.join(work, 'pglite');
    const pg = new PGlite(dir, { startParams: [...startParams] });
    try {
      await migrate(drizzle({ client: pg }), { migrationsFolder });
    } finally {
      await pg.close();
    }
    const manifest: TemplateManifest = {
      pglite: await pgliteVersion(),
      migrations: await migrationList(migrationsFolder),
    };
    await rm(template, { recursive: true, force: true });
    await rename(dir, template);
    await writeFile(manifestOf(template), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Copies the template into `dir` (which must not exist) when it fits this PGlite and `migrationsFolder`;
 * answers false, touching nothing, when it does not (or has no manifest).
 */
export async function copyTemplate(
  template: string,
  migrationsFolder: string,
  dir: string,
): Promise<boolean> {
  const text = await readFile(manifestOf(template), 'utf8').catch(() => null);
  if (text === null) return false;
  const manifest = JSON.parse(text) as TemplateManifest;
  if (!templateFits(manifest, await pgliteVersion(), await migrationList(migrationsFolder))) return false;
  await copyFolder(template, dir);
  return true;
}

/** How many files copyFolder has in hand at once: libuv's threads (4 by default) are all kept busy. */
const COPIES_AT_ONCE = 8;

/**
 * Copies the folder `from` to `to` (which must not exist), several files at a time, each by the system's file
 * copy (`copy_file_range` where there is one). Node's `fs.cp` checks and copies one file after the other: 1.2 s for
 * the template's 1,176 files on the 2-core machine, 0.5 s this way (the first start's longest step).
 */
export async function copyFolder(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { withFileTypes: true, recursive: true });
  const inside = (entry: { parentPath: string; name: string }) =>
    path.relative(from, path.join(entry.parentPath, entry.name));
  const other = entries.find((entry) => !entry.isFile() && !entry.isDirectory());
  if (other) throw new Error(`not a plain folder: ${inside(other)}`);
  await mkdir(to);
  // Parents before their children: a shorter path cannot be inside a longer one.
  const folders = entries.filter((entry) => entry.isDirectory()).map(inside);
  folders.sort((a, b) => a.length - b.length);
  for (const folder of folders) await mkdir(path.join(to, folder));
  const files = entries.filter((entry) => entry.isFile()).map(inside);
  let next = 0;
  const copier = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      await copyFile(path.join(from, file), path.join(to, file), constants.COPYFILE_EXCL);
    }
  };
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, copier));
}
