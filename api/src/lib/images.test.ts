import { MAX_IMAGE_BYTES } from '@agency/core/rules';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  HOSTILE_HTML,
  jpegHtmlPolyglot,
  jpegWithExif,
  makeImage,
  pixelFloodPng,
  pngOfSize,
  SVG_IMAGE,
} from '../test/images';
import { detectImageType, processImage } from './images';

describe('processImage', () => {
  it.each(['png', 'jpeg', 'gif', 'webp', 'avif'] as const)(
    'accepts a %s and re-encodes it to WebP',
    async (format) => {
      const result = await processImage(await makeImage(format));
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const meta = await sharp(result.webp).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 48]);
      expect(detectImageType(result.webp)).toBe('webp');
    },
  );

  it('accepts exactly 2,097,152 bytes and refuses 2,097,153 as too large', async () => {
    expect((await processImage(await pngOfSize(MAX_IMAGE_BYTES))).ok).toBe(true);
    expect(await processImage(await pngOfSize(MAX_IMAGE_BYTES + 1))).toEqual({
      ok: false,
      key: 'image_size_error',
    });
  });

  it('calls a file cut off by the upload limit too large, before looking at it', async () => {
    expect(await processImage(Buffer.from('whatever'), { truncated: true })).toEqual({
      ok: false,
      key: 'image_size_error',
    });
  });

  it.each([
    { name: 'HTML (whatever its file name)', bytes: () => Buffer.from(HOSTILE_HTML) },
    { name: 'SVG', bytes: () => Buffer.from(SVG_IMAGE) },
    { name: 'SVG behind an XML declaration', bytes: () => Buffer.from(`<?xml version="1.0"?>${SVG_IMAGE}`) },
    { name: 'an empty file', bytes: () => Buffer.alloc(0) },
    { name: 'a PDF', bytes: () => Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj') },
    {
      name: 'a JPEG signature followed by HTML',
      bytes: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from(HOSTILE_HTML)]),
    },
    {
      name: 'a PNG signature followed by junk',
      bytes: () => Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(64, 1)]),
    },
    { name: 'a pixel flood (60,000 x 60,000 in a few bytes)', bytes: () => pixelFloodPng() },
    { name: 'a pixel flood just over the limit', bytes: () => pixelFloodPng(8000, 5001) },
  ])('refuses $name as not an image', async ({ bytes }) => {
    expect(await processImage(bytes())).toEqual({ ok: false, key: 'image_type_error' });
  });

  it.each(['png', 'jpeg', 'gif', 'webp'] as const)('refuses a truncated %s', async (format) => {
    const whole = await makeImage(format, { width: 300, height: 200 });
    expect(await processImage(whole.subarray(0, Math.floor(whole.length / 2)))).toEqual({
      ok: false,
      key: 'image_type_error',
    });
  });

  it('keeps a JPEG/HTML polyglot only as pixels: the HTML is gone from the stored file', async () => {
    const polyglot = await jpegHtmlPolyglot(HOSTILE_HTML);
    expect(polyglot.includes(Buffer.from('<script>'))).toBe(true);
    const result = await processImage(polyglot);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.webp.includes(Buffer.from('<script'))).toBe(false);
    expect(result.webp.includes(Buffer.from('alert'))).toBe(false);
  });

  it('strips metadata', async () => {
    const input = await jpegWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const result = await processImage(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const meta = await sharp(result.webp).metadata();
    expect(meta.exif).toBeUndefined();
    expect(result.webp.includes(Buffer.from('SecretCam'))).toBe(false);
    expect(result.webp.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('scales very large pictures down to 2400 pixels on the long side', async () => {
    const result = await processImage(await makeImage('jpeg', { width: 4000, height: 1000 }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const meta = await sharp(result.webp).metadata();
    expect([meta.width, meta.height]).toEqual([2400, 600]);
  });
});
