// `pnpm backup [file]` and `pnpm restore <file> [--force]`: the site (database and uploads) to one archive and
// back (src/db/backup.ts), for the database and DATA_DIR the server uses (DATA_DIR, DATABASE_URL).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { BackupError, type Manifest, restoreBackup, writeBackup } from '../db/backup';
import { createDb, DataDirInUseError, targetFromConfig } from '../db/client';

const USAGE = `Usage: pnpm backup [file]            (default: agency-backup-<date and time>.tar.gz)
       pnpm restore <file> [--force]

backup writes the database, the uploads (DATA_DIR/storage) and a manifest of versions to one .tar.gz file.
restore makes that site the site of DATA_DIR (or DATABASE_URL): into an empty one, or over anything there with
--force. With PostgreSQL a backup runs while the server serves; with the embedded database, and for every
restore, stop the server first.`;

type Command =
  | { command: 'backup'; file: string | null }
  | { command: 'restore'; file: string; force: boolean };

function parseArgs(argv: readonly string[]): Command | { error: string } | { help: true } {
  if (argv.includes('--help') || argv.includes('-h')) return { help: true };
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const unknown = rest.find((arg) => arg.startsWith('-') && arg !== '--force');
  if (unknown) return { error: `unknown option ${unknown}` };
  const files = rest.filter((arg) => !arg.startsWith('-'));
  if (files.length > 1) return { error: `one file at a time: ${files.join(' ')}` };
  if (command === 'backup') {
    if (force) return { error: '--force is for restore' };
    return { command, file: files[0] ?? null };
  }
  if (command === 'restore') {
    if (!files[0]) return { error: 'restore needs the backup file' };
    return { command, file: files[0], force };
  }
  return { error: `unknown command: ${command ?? '(none)'}` };
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');

function summary(manifest: Manifest): string {
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  return (
    `${rows} rows in ${Object.keys(manifest.tables).length} tables and ${manifest.files} files; app ` +
    `${manifest.app.version}, migration ${manifest.schema.migration}, ${manifest.database.kind} ` +
    `${manifest.database.version}, made ${manifest.createdAt}`
  );
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if ('help' in args) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if ('error' in args) {
    process.stderr.write(`${args.error}\n\n${USAGE}\n`);
    return 2;
  }
  // pnpm runs package scripts in the package folder; relative paths mean the caller's folder.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig(process.env, cwd);
  const target = targetFromConfig(config);
  const file = path.resolve(cwd, args.file ?? `agency-backup-${stamp(new Date())}.tar.gz`);
  if (args.command === 'restore' && !existsSync(file)) {
    process.stderr.write(`No such file: ${file}\n`);
    return 1;
  }
  if (
    args.command === 'backup' &&
    target.kind === 'pglite' &&
    !existsSync(path.join(target.dataDir ?? '', 'PG_VERSION'))
  ) {
    process.stderr.write(`There is no database in ${target.dataDir} to back up.\n`);
    return 1;
  }

  let handle: Awaited<ReturnType<typeof createDb>>;
  try {
    handle = await createDb(target);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    process.stderr.write(
      `Stop the server first: the embedded database in ${err.dataDir} is open in process ${err.pid}, and ` +
        `one process at a time may open it. Then run the ${args.command} again.\n`,
    );
    return 1;
  }
  try {
    if (args.command === 'backup') {
      const manifest = await writeBackup(handle, config.dataDir, file);
      process.stdout.write(`Backed up to ${file}: ${summary(manifest)}.\n`);
    } else {
      const manifest = await restoreBackup({ handle, dataDir: config.dataDir, file, force: args.force });
      process.stdout.write(`Restored ${file}: ${summary(manifest)}.\n`);
    }
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 1;
  } finally {
    await handle.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
