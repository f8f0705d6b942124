import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, gzipPage, keptPageBytes, makePageBody, plainPage } from './page-body';

const SLOT = '{{slot}}';

describe('a kept page with the visitor part spliced in', () => {
  it('combines CRC-32s as computing them over the whole would', () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [17, 300],
      [70_000, 5],
      [3, 200_000],
    ] as const) {
      const left = randomBytes(a);
      const right = randomBytes(b);
      expect(crc32Combine(zlib.crc32(left), zlib.crc32(right), b)).toBe(
        zlib.crc32(Buffer.concat([left, right])),
      );
    }
  });

  it('gives gzip that any decoder reads back as the page with the part in place', async () => {
    const html = `<!doctype html><html><head><meta name="csrf-token" content="${SLOT}"></head><body>${'<p>مرحبا بالعالم hello</p>'.repeat(2000)}</body></html>`;
    const body = await makePageBody(html, SLOT);
    for (const part of ['abc-DEF_123', '', 'ش'.repeat(40_000)]) {
      const expected = html.replace(SLOT, part);
      const gz = gzipPage(body, part);
      // gunzipSync checks the CRC and the length in the trailer: a wrong one throws.
      expect(zlib.gunzipSync(gz).toString('utf8')).toBe(expected);
      expect(plainPage(body, part).toString('utf8')).toBe(expected);
    }
    // Compressed, not merely wrapped.
    expect(gzipPage(body, 'x').length).toBeLessThan((body.before.length + body.after.length) / 10);
  });

  it('puts the part at the end of a page without the slot, and handles an empty page', async () => {
    const body = await makePageBody('<p>no slot</p>', SLOT);
    expect(zlib.gunzipSync(gzipPage(body, 'T')).toString()).toBe('<p>no slot</p>T');
    const empty = await makePageBody('', SLOT);
    expect(zlib.gunzipSync(gzipPage(empty, '')).toString()).toBe('');
  });
});

describe('what a kept page costs', () => {
  it('is what its bytes take: no buffer of it holds a larger block (zlib gives small results as views of 16 KiB)', async () => {
    const body = await makePageBody(`<head>${'<p>x</p>'.repeat(50)}${SLOT}</head><p>short</p>`, SLOT);
    for (const part of [body.before, body.after, body.deflatedBefore, body.deflatedAfter]) {
      expect(part.buffer.byteLength).toBe(part.length);
    }
    const page = { body, etag: '"e"', styleHashes: ["'sha256-abc'"] };
    // The cap counts the bytes and the objects around them.
    expect(keptPageBytes(page)).toBeGreaterThan(body.bytes + 1000);
  });
});
