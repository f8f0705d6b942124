import type { Stats } from 'node:fs';
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { apiPackageDir, migrationsDir } from '../paths';
import type { Database, DbHandle } from './client';
import { type Runner, rows } from './rows';

/**
 * A site in one file (`pnpm backup`, `pnpm restore`): a gzipped tar holding
 * - `manifest.json`: what made it (Manifest);
 * - `database/<table>.jsonl`: every row of every table, one JSON object a line, as PostgreSQL writes a row in
 *   JSON (to_jsonb), and `database/sequences.json`: where each number sequence stands;
 * - `storage/`: the uploads, as they are under DATA_DIR.
 * The schema is not in it: a restore makes it by running the migrations up to the archive's level, loads the
 * rows, then runs the newer migrations. Rows as JSON read the same into PGlite and PostgreSQL of any version,
 * so an archive of either restores into the other.
 */

/** Changes when the archive's layout does; a restore refuses a layout it does not know. */
export const BACKUP_FORMAT = 1;

export interface Manifest {
  format: number;
  createdAt: string;
  app: { version: string };
  /** The last migration applied (a tag of api/drizzle/meta/_journal.json). */
  schema: { migration: string };
  /** PostgreSQL's version (PGlite's own PostgreSQL for PGlite), and PGlite's package version with it. */
  database: { kind: DbHandle['kind']; version: string; pglite?: string };
  /** Rows per table, and the files under storage/. */
  tables: Record<string, number>;
  files: number;
}

/** A refusal or a problem an operator can act on: the CLI shows the message alone. */
export class BackupError extends Error {
  override name = 'BackupError';
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

async function journal(): Promise<JournalEntry[]> {
  const text = await readFile(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

const table = (name: string) => sql`${sql.identifier('public')}.${sql.identifier(name)}`;

/** The migration the database is at, or null for a database no migration ran on. */
async function migrationLevel(db: Runner): Promise<string | null> {
  const [found] = await rows<{ table: string | null }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS table`,
  );
  if (!found?.table) return null;
  const [last] = await rows<{ when: string }>(
    db,
    sql`SELECT created_at::text AS when FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
  );
  if (!last) return null;
  const entry = (await journal()).find((e) => String(e.when) === last.when);
  if (!entry)
    throw new BackupError('The database has a migration this version does not know: update the app.');
  return entry.tag;
}

/** The site's tables, each after the tables its foreign keys point to (the order rows are loaded in). */
async function tablesInOrder(db: Runner): Promise<string[]> {
  const names = (
    await rows<{ name: string }>(
      db,
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    )
  ).map((r) => r.name);
  const links = await rows<{ child: string; parent: string }>(
    db,
    sql`SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint c
        JOIN pg_class child ON child.oid = c.conrelid JOIN pg_class parent ON parent.oid = c.confrelid
        WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  );
  const ordered: string[] = [];
  const visit = (name: string, chain: string[]) => {
    if (ordered.includes(name) || chain.includes(name)) return;
    for (const link of links)
      if (link.child === name && link.parent !== name) visit(link.parent, [...chain, name]);
    ordered.push(name);
  };
  for (const name of names) visit(name, []);
  return ordered;
}

/**
 * A table's columns the database writes itself (generated, as posts' `search`): a backup leaves them out, and
 * a restore lets the database write them again.
 */
async function generatedColumns(db: Runner, name: string): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`SELECT attname AS name FROM pg_attribute WHERE attrelid = ${`public.${name}`}::regclass
        AND attnum > 0 AND NOT attisdropped AND attgenerated <> ''`,
  );
  return found.map((r) => r.name);
}

/** A table's columns a restore writes (every one but the generated ones), in their order. */
async function writableColumns(db: Runner, name: string): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`SELECT attname AS name FROM pg_attribute WHERE attrelid = ${`public.${name}`}::regclass
        AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
  );
  return found.map((r) => r.name);
}

async function rowCount(db: Runner): Promise<number> {
  let total = 0;
  for (const name of await tablesInOrder(db)) {
    const [found] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${table(name)}`);
    total += found?.n ?? 0;
  }
  return total;
}

/** Every file under `dir` (relative paths), none when it is missing. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

async function packageVersion(manifest: string): Promise<string> {
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
}

/** PGlite's package.json: found from its entry point (the package does not export the file itself). */
function pgliteManifest(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (path.basename(dir) !== 'pglite' && dir !== path.dirname(dir)) dir = path.dirname(dir);
  return path.join(dir, 'package.json');
}

/**
 * Writes the site behind `handle` (its database, and the uploads under `dataDir/storage`) to the archive
 * `file`. The rows are read in one repeatable-read transaction: one moment's state of every table, while
 * PostgreSQL keeps serving (PGlite is held by one process at a time: the server is stopped, see the CLI).
 * The file appears whole or not at all.
 */
export async function writeBackup(handle: DbHandle, dataDir: string, file: string): Promise<Manifest> {
  const work = await mkdtemp(path.join(tmpdir(), 'agency-backup-'));
  try {
    await mkdir(path.join(work, 'database'));
    const tables: Record<string, number> = {};
    const { level, version } = await handle.setupDb.transaction(
      async (tx) => {
        const level = await migrationLevel(tx);
        if (level === null)
          throw new BackupError('The database is empty: the server has never started on it.');
        for (const name of await tablesInOrder(tx)) {
          const generated = await generatedColumns(tx, name);
          const found = await rows<{ row: string }>(
            tx,
            generated.length === 0
              ? sql`SELECT to_jsonb(t)::text AS row FROM ${table(name)} t`
              : sql`SELECT (to_jsonb(t) - ${`{${generated.join(',')}}`}::text[])::text AS row FROM ${table(name)} t`,
          );
          tables[name] = found.length;
          await writeFile(
            path.join(work, 'database', `${name}.jsonl`),
            found.map((r) => `${r.row}\n`).join(''),
          );
        }
        const sequences = await rows<{ name: string; value: string | null }>(
          tx,
          sql`SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'`,
        );
        await writeFile(path.join(work, 'database', 'sequences.json'), JSON.stringify(sequences));
        const [server] = await rows<{ version: string }>(
          tx,
          sql`SELECT current_setting('server_version') AS version`,
        );
        return { level, version: server?.version ?? '' };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // The uploads after the rows: an image is stored before the row naming it, so every image a row names is
    // there (one deleted meanwhile may be missing, as it would be a moment later anyway).
    const storage = path.join(dataDir, 'storage');
    const files = await filesUnder(storage);
    if (files.length > 0) await symlink(storage, path.join(work, 'storage'), 'dir');
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      app: { version: await packageVersion(path.join(apiPackageDir, 'package.json')) },
      schema: { migration: level },
      database: {
        kind: handle.kind,
        version,
        ...(handle.kind === 'pglite' ? { pglite: await packageVersion(pgliteManifest()) } : {}),
      },
      tables,
      files: files.length,
    };
    await writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${file}.partial`;
    await tar.create({ file: partial, cwd: work, gzip: true, portable: true, follow: true }, [
      'manifest.json',
      'database',
      ...(files.length > 0 ? ['storage'] : []),
    ]);
    await rename(partial, file);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The manifest of an extracted archive, checked against what this version can restore. */
async function readManifest(dir: string, known: JournalEntry[]): Promise<Manifest> {
  const text = await readFile(path.join(dir, 'manifest.json'), 'utf8').catch(() => null);
  if (text === null) throw new BackupError('This file is not a backup of the site: it has no manifest.json.');
  const manifest = JSON.parse(text) as Manifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(`The backup's format (${manifest.format}) is not one this version reads.`);
  if (!known.some((entry) => entry.tag === manifest.schema.migration)) {
    throw new BackupError(
      `The backup was made by a newer version of the site (${manifest.app.version}, database migration ` +
        `${manifest.schema.migration}): install that version or a later one to restore it.`,
    );
  }
  return manifest;
}

/** The migrations folder cut at `tag`: a restore brings the schema to the archive's level first. */
async function migrationsUpTo(tag: string, known: JournalEntry[], dir: string): Promise<string> {
  const entries = known.slice(0, known.findIndex((entry) => entry.tag === tag) + 1);
  await mkdir(path.join(dir, 'meta'), { recursive: true });
  const full = JSON.parse(await readFile(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'));
  await writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...full, entries }));
  for (const entry of entries)
    await copyFile(path.join(migrationsDir, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

/** Rows sent to the database at a time. */
const BATCH = 500;

async function loadRows(db: Database, dir: string): Promise<void> {
  await db.transaction(async (tx) => {
    for (const name of await tablesInOrder(tx)) {
      const text = await readFile(path.join(dir, 'database', `${name}.jsonl`), 'utf8').catch(() => '');
      const lines = text.split('\n').filter((line) => line !== '');
      if (lines.length === 0) continue;
      const columns = sql.join(
        (await writableColumns(tx, name)).map((column) => sql.identifier(column)),
        sql`, `,
      );
      for (let i = 0; i < lines.length; i += BATCH) {
        const batch = `[${lines.slice(i, i + BATCH).join(',')}]`;
        await tx.execute(
          sql`INSERT INTO ${table(name)} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table(name)}, ${batch}::jsonb)`,
        );
      }
    }
    const sequences = JSON.parse(await readFile(path.join(dir, 'database', 'sequences.json'), 'utf8')) as {
      name: string;
      value: string | null;
    }[];
    for (const sequence of sequences) {
      if (sequence.value === null) continue;
      await tx.execute(
        sql`SELECT setval(format('%I.%I', 'public', ${sequence.name}::text)::regclass, ${sequence.value}::bigint, true)`,
      );
    }
  });
}

export interface RestoreOptions {
  /** The database to restore into, opened (for PGlite, claimed) but not migrated. */
  handle: DbHandle;
  dataDir: string;
  file: string;
  /** Replace what the database and the uploads folder hold; without it, a non-empty target is refused. */
  force: boolean;
}

/**
 * Makes the site in `file` the site of `handle` and `dataDir`: the same posts, translation links, messages,
 * accounts (their password hashes: the same passwords sign in), sessions and images. Refuses an archive made
 * by a newer schema, and a target that holds anything unless `force` is given.
 */
export async function restoreBackup({ handle, dataDir, file, force }: RestoreOptions): Promise<Manifest> {
  await mkdir(dataDir, { recursive: true });
  // Extracted beside the uploads' folder (the same file system), so the files are moved in, not copied.
  const work = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    // Files and folders only: a link in an archive could point anywhere on the machine.
    const plain = (_path: string, entry: tar.ReadEntry | Stats) =>
      !('type' in entry) || entry.type === 'File' || entry.type === 'Directory';
    await tar.extract({ file, cwd: work, strict: true, filter: plain }).catch((err: Error) => {
      throw new BackupError(`Could not read ${file}: ${err.message}`);
    });
    const known = await journal();
    const manifest = await readManifest(work, known);
    const storage = path.join(dataDir, 'storage');
    const db = handle.setupDb;
    const occupied = [
      (await rowCount(db)) > 0 ? 'the database holds data' : null,
      (await filesUnder(storage)).length > 0 ? `${storage} holds files` : null,
    ].filter((reason) => reason !== null);
    if (occupied.length > 0 && !force) {
      throw new BackupError(
        `Not restored: ${occupied.join(' and ')}. Restore into an empty DATA_DIR or database, or add --force ` +
          'to replace everything there with the backup.',
      );
    }
    if (force) {
      await db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
      await db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
      await db.execute(sql`CREATE SCHEMA public`);
      await rm(storage, { recursive: true, force: true });
    }
    await handle.migrate(
      await migrationsUpTo(manifest.schema.migration, known, path.join(work, 'migrations')),
    );
    await loadRows(db, work);
    await handle.migrate();
    if ((await filesUnder(path.join(work, 'storage'))).length > 0) {
      await rm(storage, { recursive: true, force: true });
      await rename(path.join(work, 'storage'), storage);
    }
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
