import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { apiPackageDir } from '../paths';
import { makeTempDir } from '../test/app';

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The command as `pnpm backup` / `pnpm restore` run it, on `dataDir`; answers its exit status and output. */
async function command(dataDir: string, ...args: string[]) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, DATABASE_URL: '' };
  return run(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', ...args], {
    cwd: apiPackageDir,
    env,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
}

it('refuses to back up or restore an embedded database the server holds, naming the process', async () => {
  const dir = await makeTempDir('backup-cli');
  dirs.push(dir);
  const folder = path.join(dir, 'pglite');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'PG_VERSION'), '17\n');
  // The parent of this test process stands for the running server: alive, and not the command.
  await writeFile(path.join(folder, 'agency.pid'), String(process.ppid));
  const archive = path.join(dir, 'site.tar.gz');
  await writeFile(archive, '');
  for (const args of [
    ['backup', archive],
    ['restore', archive],
  ]) {
    const result = await command(dir, ...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `Stop the server first: the embedded database in ${folder} is open in process ${process.ppid}`,
    );
  }
}, 60_000);

it('says there is nothing to back up in a DATA_DIR the server never started on', async () => {
  const dir = await makeTempDir('backup-cli-empty');
  dirs.push(dir);
  const result = await command(dir, 'backup', path.join(dir, 'site.tar.gz'));
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`There is no database in ${path.join(dir, 'pglite')} to back up.`);
}, 60_000);
