import { readdir } from 'node:fs/promises';
import { IMAGE_WIDTHS } from '@agency/core/images';
import type { MediaItem } from '@agency/core/rules';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { media, portfolioProjects } from '../db/schema';
import { seedPortfolio } from '../db/seed/portfolio';
import { variantName } from '../lib/storage';
import { useTestApp } from '../test/app';
import { multipart, signedIn, type TestBrowser } from '../test/browser';
import { describeEachDatabase } from '../test/databases';
import { makeImage } from '../test/images';
import { useS3rver } from '../test/s3';

// One S3 server for the file; each database's run has its own buckets, so neither sees the other's images.
const s3 = useS3rver(['images-pglite', 'images-postgresql', 'public-pglite', 'public-postgresql']);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PUBLIC_URL = 'https://cdn.agency.example/site';

describeEachDatabase('stored images in an S3 bucket', (database, target) => {
  describe('streamed through the server', () => {
    const bucket = `images-${target.name}`;
    const t = useTestApp(database, { env: () => s3.env(bucket) });
    let editor: TestBrowser;
    beforeAll(async () => {
      editor = await signedIn(t.app, database.db, '10.44.0.1');
    });

    async function upload(filename: string): Promise<MediaItem> {
      const bytes = await makeImage('png', { width: 900, height: 600 });
      const res = await editor.request({
        method: 'POST',
        url: '/api/upload-image',
        ...(await multipart({ poster_image: { bytes, filename, type: 'image/png' } })),
      });
      expect(res.statusCode, res.body).toBe(201);
      const url = res.json<string>();
      const found = (await editor.request({ url: '/api/media?per_page=100' })).json<{
        data: { data: MediaItem[] };
      }>().data.data;
      const item = found.find((m) => m.url === url);
      if (!item) throw new Error(`${url} is not in the library`);
      return item;
    }

    it('stores an upload in the bucket and the media library, not on the local disk', async () => {
      const item = await upload('harbour.png');
      expect(item).toMatchObject({ file_name: 'harbour.png', width: 900, height: 600 });
      expect(await s3.names(bucket)).toContain(item.name);
      expect(await readdir(t.app.storage.dir).catch(() => [])).toEqual([]);
    });

    it('serves a stored image as the local disk does: WebP, nosniff, cached for a year, 304 when unchanged', async () => {
      const item = await upload('served.png');
      const res = await t.app.inject({ url: item.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(Number(res.headers['content-length'])).toBe(item.bytes);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(900);
      const head = await t.app.inject({ method: 'HEAD', url: item.url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(item.bytes));
      expect(head.body).toBe('');
      const etag = String(res.headers.etag);
      const again = await t.app.inject({ url: item.url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('makes each width on its first request, in the bucket, and serves it', async () => {
      const item = await upload('widths.png');
      for (const width of IMAGE_WIDTHS) {
        const name = variantName(item.name, width);
        const res = await t.app.inject({ url: `/storage/poster_images/${name}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe(IMMUTABLE);
        expect((await sharp(res.rawPayload).metadata()).width).toBe(Math.min(width, 900));
        expect(await s3.names(bucket)).toContain(name);
      }
    });

    it('answers 404 for unknown names and for widths no page asks for, and writes nothing', async () => {
      const item = await upload('strict.png');
      const before = await s3.names(bucket);
      const stem = item.name.replace(/\.webp$/, '');
      for (const file of [
        `${'a'.repeat(32)}.webp`,
        `${'a'.repeat(32)}-480w.webp`,
        `${stem}-0480w.webp`,
        `${stem}-481w.webp`,
        `${stem}.png`,
        'robots.txt',
      ]) {
        expect((await t.app.inject({ url: `/storage/poster_images/${file}` })).statusCode, file).toBe(404);
      }
      expect(await s3.names(bucket)).toEqual(before);
    });

    it('deletes an image from the library with its widths in the bucket', async () => {
      const item = await upload('deleted.png');
      await t.app.inject({ url: `/storage/poster_images/${variantName(item.name, 480)}` });
      await t.app.inject({ url: `/storage/poster_images/${variantName(item.name, 1600)}` });
      const stem = item.name.replace(/\.webp$/, '');
      expect((await s3.names(bucket)).filter((n) => n.startsWith(stem))).toHaveLength(3);
      const res = await editor.request({ method: 'DELETE', url: `/api/media/${item.id}` });
      expect(res.statusCode).toBe(200);
      expect((await s3.names(bucket)).filter((n) => n.startsWith(stem))).toEqual([]);
      expect((await t.app.inject({ url: item.url })).statusCode).toBe(404);
    });

    it('adds images found in the bucket to the library, and sweeps widths of images that are gone', async () => {
      const adopted = `${'b'.repeat(32)}.webp`;
      await s3.put(bucket, adopted, await makeImage('webp', { width: 30, height: 20 }));
      const stray = `${'c'.repeat(32)}-480w.webp`;
      await s3.put(bucket, stray, await makeImage('webp', { width: 30, height: 20 }));
      expect(await t.app.media.adopt()).toBe(1);
      expect(await t.app.media.adopt()).toBe(0);
      const found = (await editor.request({ url: '/api/media?per_page=100' })).json<{
        data: { data: MediaItem[] };
      }>().data.data;
      expect(found.find((m) => m.name === adopted)).toMatchObject({ width: 30, height: 20, uses: [] });
      expect(await t.app.storage.sweep()).toBe(1);
      expect(await s3.names(bucket)).toContain(adopted);
      expect(await s3.names(bucket)).not.toContain(stray);
    });

    it('stores the seeded pictures in the bucket, each in the library', async () => {
      const before = new Set(await s3.names(bucket));
      expect(await seedPortfolio(database.db, { images: t.app.storage.store })).toBe(true);
      const added = (await s3.names(bucket)).filter((n) => !before.has(n));
      expect(added.length).toBeGreaterThan(0);
      const [project] = await database.db.select().from(portfolioProjects).limit(1);
      expect(added).toContain(project?.coverImage);
      const listed = await database.db
        .select({ name: media.name })
        .from(media)
        .where(inArray(media.name, added));
      expect(listed).toHaveLength(added.length);
    });
  });

  describe('with S3_PUBLIC_URL', () => {
    const bucket = `public-${target.name}`;
    const t = useTestApp(database, { env: () => s3.env(bucket, { S3_PUBLIC_URL: `${PUBLIC_URL}/` }) });

    it('redirects to the public address, having made a width first; unknown names stay 404', async () => {
      const name = await t.app.storage.save(await makeImage('webp', { width: 1000, height: 500 }));
      const res = await t.app.inject({ url: `/storage/poster_images/${name}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`${PUBLIC_URL}/poster_images/${name}`);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');

      const width = variantName(name, 800);
      expect(await s3.names(bucket)).not.toContain(width);
      const made = await t.app.inject({ url: `/storage/poster_images/${width}` });
      expect(made.statusCode).toBe(302);
      expect(made.headers.location).toBe(`${PUBLIC_URL}/poster_images/${width}`);
      expect(await s3.names(bucket)).toContain(width);

      for (const file of [`${'d'.repeat(32)}-800w.webp`, `${name.slice(0, 32)}-0800w.webp`, 'index.html'])
        expect((await t.app.inject({ url: `/storage/poster_images/${file}` })).statusCode, file).toBe(404);
    });
  });

  describe('a bucket that cannot be written', () => {
    // One that does not exist answers NoSuchBucket; a port nothing listens on refuses the connection.
    for (const [what, env] of [
      ['a missing bucket', () => s3.env(`missing-${target.name}`)],
      ['a refused connection', () => ({ ...s3.env('images'), S3_ENDPOINT: 'http://127.0.0.1:1' })],
    ] as const) {
      describe(what, () => {
        const t = useTestApp(database, { env });
        it('answers an upload 503 storage_unavailable and lists nothing', async () => {
          const editor = await signedIn(t.app, database.db, '10.44.1.1');
          const before = (await editor.request({ url: '/api/media' })).json<{ data: { total: number } }>()
            .data.total;
          const res = await editor.request({
            method: 'POST',
            url: '/api/upload-image',
            ...(await multipart({ poster_image: { bytes: await makeImage('png'), filename: 'x.png' } })),
          });
          expect(res.statusCode).toBe(503);
          expect(res.json()).toEqual({ message: 'storage_unavailable' });
          expect(
            (await editor.request({ url: '/api/media' })).json<{ data: { total: number } }>().data.total,
          ).toBe(before);
          expect(
            (await t.app.inject({ url: `/storage/poster_images/${'e'.repeat(32)}.webp` })).statusCode,
          ).toBe(503);
        });
      });
    }
  });
});
