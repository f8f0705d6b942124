import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posterImagesDir } from '../lib/image-store';
import { STRAY_TEMPORARY_AGE_MS } from '../lib/storage';
import { makeTempDir, useTestApp } from '../test/app';
import { databases, useDatabase } from '../test/databases';

// The storage folder has nothing to do with the database: one run on PGlite is enough.
const pglite = databases[0];
if (!pglite) throw new Error('no PGlite test database');

const KEPT = 'a'.repeat(32);
const GONE = 'b'.repeat(32);

/** What a storage folder may hold after a crash, a width no longer offered, or the leading-zero spellings once made. */
const FILES = {
  kept: [
    `${KEPT}.webp`,
    `${KEPT}-480w.webp`,
    `${KEPT}-1600w.webp`,
    // Not made by the server from a stored image: never the sweep's to judge.
    'p-1.png',
    'legacy poster.jpg',
    // A write in progress in another process.
    `.${'c'.repeat(32)}.webp.tmp`,
  ],
  swept: [
    // Widths of an image that is gone.
    `${GONE}-480w.webp`,
    `${GONE}-800w.webp`,
    // Spellings of a width that were made before only the exact ones were.
    `${KEPT}-0480w.webp`,
    `${KEPT}-000800w.webp`,
    // A width pages no longer ask for.
    `${KEPT}-2000w.webp`,
    // Temporary files a crash left between write and rename: an upload and a width.
    `.${'d'.repeat(32)}.webp.tmp`,
    `.${KEPT}-800w.webp.0a1b2c3d.tmp`,
  ],
};

describe('the storage sweep at start', () => {
  const database = useDatabase(pglite, { seed: false });
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeTempDir('sweep');
    const dir = posterImagesDir(dataDir);
    await mkdir(dir, { recursive: true });
    const crashed = new Date(Date.now() - 2 * STRAY_TEMPORARY_AGE_MS);
    for (const name of [...FILES.kept, ...FILES.swept]) {
      await writeFile(path.join(dir, name), 'bytes');
      if (FILES.swept.includes(name) && name.endsWith('.tmp'))
        await utimes(path.join(dir, name), crashed, crashed);
    }
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  const t = useTestApp(database, { env: () => ({ DATA_DIR: dataDir }) });

  it('deletes the files no stored image owns once the server is ready, and keeps the rest', async () => {
    // Not awaited by the start: it is done soon after (a generous bound, for a busy machine).
    await expect
      .poll(async () => (await readdir(t.app.storage.dir)).sort(), { timeout: 10_000 })
      .toEqual([...FILES.kept].sort());
    expect(await t.app.storage.sweep()).toBe(0);
  });
});
