import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Env } from '../config';
import { posterImagesDir } from '../lib/image-store';
import { variantName } from '../lib/storage';
import { apiPackageDir } from '../paths';
import { makeTempDir } from '../test/app';
import { makeImage } from '../test/images';
import { useS3rver } from '../test/s3';

const run = promisify(execFile);
const s3 = useS3rver(['copied-images']);

/** `pnpm images:to-s3` on `dataDir`; answers its exit status and output. */
async function command(env: Env) {
  return run(process.execPath, ['--import', 'tsx', 'src/cli/images-to-s3.ts'], {
    cwd: apiPackageDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
}

let dataDir: string;
const IMAGE = `${'a'.repeat(32)}.webp`;
const SECOND = `${'b'.repeat(32)}.webp`;
beforeAll(async () => {
  dataDir = await makeTempDir('images-to-s3');
  const dir = posterImagesDir(dataDir);
  await mkdir(dir, { recursive: true });
  const webp = await makeImage('webp', { width: 40, height: 20 });
  for (const name of [IMAGE, variantName(IMAGE, 480), SECOND]) await writeFile(path.join(dir, name), webp);
  // Neither is an upload: a write a crash cut short, and a width of an image that is gone.
  await writeFile(path.join(dir, `.${IMAGE}.0a1b2c3d.tmp`), 'part');
  await writeFile(path.join(dir, variantName(`${'c'.repeat(32)}.webp`, 800)), webp);
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it('copies each upload and its widths once; run again, it copies nothing and says they are there', async () => {
  const env = { DATA_DIR: dataDir, ...s3.env('copied-images') };
  const first = await command(env);
  expect(first.code, first.stderr).toBe(0);
  expect(first.stdout).toMatch(/Copied 3 files from .* to the bucket copied-images; 0 were there already\./);
  expect(await s3.names('copied-images')).toEqual([IMAGE, variantName(IMAGE, 480), SECOND].sort());

  const second = await command(env);
  expect(second.code, second.stderr).toBe(0);
  expect(second.stdout).toMatch(/Copied 0 files .*; 3 were there already\./);
  expect(await s3.names('copied-images')).toHaveLength(3);
});

it('refuses to run without a bucket, or with incomplete settings', async () => {
  const none = await command({ DATA_DIR: dataDir });
  expect(none.code).toBe(1);
  expect(none.stderr).toMatch(/^S3_BUCKET is not set/);
  const incomplete = await command({ DATA_DIR: dataDir, S3_BUCKET: 'copied-images' });
  expect(incomplete.code).toBe(1);
  expect(incomplete.stderr).toMatch(/S3_REGION must be set with S3_BUCKET/);
});
