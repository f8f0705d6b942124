import { readdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@agency/core/images';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '../test/app';
import { makeImage } from '../test/images';
import { LocalImageStore, storageWrites } from './image-store';
import {
  makeVariant,
  parseVariantName,
  removeImage,
  STRAY_TEMPORARY_AGE_MS,
  storeImage,
  sweepImages,
  variantName,
} from './storage';

const IMAGE = `${'e'.repeat(32)}.webp`;

describe('parseVariantName', () => {
  it('reads each width as pages write it', () => {
    for (const width of IMAGE_WIDTHS)
      expect(parseVariantName(variantName(IMAGE, width))).toEqual({ image: IMAGE, width });
  });

  it.each(['0480', '+480', '480.0', '4.8e2', '0x1e0', '٤٨٠', '४८०', '４８０', '481', '2400', ''])(
    'reads no width from -%sw.webp',
    (width) => {
      expect(parseVariantName(`${'e'.repeat(32)}-${width}w.webp`)).toBeNull();
    },
  );
});

describe('stored files', () => {
  let dir: string;
  let store: LocalImageStore;
  beforeEach(async () => {
    dir = await makeTempDir('storage');
    store = new LocalImageStore(dir);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it('a width being made while its image is deleted goes with it', async () => {
    const image = await storeImage(store, await makeImage('webp', { width: 900, height: 600 }));
    // The deletion lands between the width's bytes being written and their renaming into place.
    vi.spyOn(storageWrites, 'rename').mockImplementationOnce(async (from, to) => {
      await removeImage(store, image);
      await rename(from, to);
    });
    expect(await makeVariant(store, variantName(image, 480))).toBe(false);
    expect(await readdir(dir)).toEqual([]);
  });

  it('the sweep keeps a temporary file young enough to be a write in progress', async () => {
    const now = Date.now();
    const young = `.${IMAGE}.0a1b2c3d.tmp`;
    const old = `.${'f'.repeat(32)}.webp.tmp`;
    await writeFile(path.join(dir, young), 'part');
    await writeFile(path.join(dir, old), 'part');
    const then = new Date(now - STRAY_TEMPORARY_AGE_MS - 60_000);
    await utimes(path.join(dir, old), then, then);
    expect(await sweepImages(store, now)).toBe(1);
    expect(await readdir(dir)).toEqual([young]);
  });
});
