import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test/app';
import { POSTER_HEIGHT, POSTER_WIDTH, renderPosters, writeBuiltPosters } from './poster-images';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the posters the build draws', { timeout: 60_000 }, () => {
  it('are what a first start reads, byte for byte what it would draw; a missing one is drawn', async () => {
    const dir = await makeTempDir('agency-posters-');
    dirs.push(dir);
    await writeBuiltPosters(dir, [0, 1, 1]);
    expect(await readdir(dir)).toHaveLength(2);
    const drawn = await renderPosters([1, 0], { builtDir: null });
    const read = await renderPosters([1, 0], { builtDir: dir });
    expect(read.map((p) => [p.width, p.height])).toEqual([
      [POSTER_WIDTH, POSTER_HEIGHT],
      [POSTER_WIDTH, POSTER_HEIGHT],
    ]);
    expect(read.map((p) => p.webp.equals(drawn[read.indexOf(p)]?.webp as Buffer))).toEqual([true, true]);
    // Proof that they were read: a poster replaced in the folder is what comes back.
    const [first] = await readdir(dir);
    await writeFile(
      path.join(dir, first as string),
      JSON.stringify({ webp: Buffer.from('not drawn').toString('base64'), width: 1, height: 1 }),
    );
    const replaced = await renderPosters([0, 1], { builtDir: dir });
    expect(replaced.some((p) => p.webp.toString() === 'not drawn')).toBe(true);
    // One poster missing: all are drawn, none read.
    const missing = await renderPosters([0, 1, 2], { builtDir: dir });
    expect(missing.every((p) => p.webp.toString() !== 'not drawn' && p.width === POSTER_WIDTH)).toBe(true);
  });
});
