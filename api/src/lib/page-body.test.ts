import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { keptPageBytes, makePageBody } from './page-body';

describe('a kept page', () => {
  it('is the page as text and as gzip that any decoder reads back', async () => {
    const html = `<!doctype html><html><head></head><body>${'<p>مرحبا بالعالم hello</p>'.repeat(2000)}</body></html>`;
    const body = await makePageBody(html);
    expect(body.plain.toString('utf8')).toBe(html);
    expect(zlib.gunzipSync(body.gzip).toString('utf8')).toBe(html);
    // Compressed, not merely wrapped.
    expect(body.gzip.length).toBeLessThan(body.plain.length / 10);
    const empty = await makePageBody('');
    expect(zlib.gunzipSync(empty.gzip).toString()).toBe('');
  });
});

describe('what a kept page costs', () => {
  it('is what its bytes take: no buffer of it holds a larger block (zlib gives small results as views of 16 KiB)', async () => {
    const body = await makePageBody(`<head>${'<p>x</p>'.repeat(50)}</head><p>short</p>`);
    for (const part of [body.plain, body.gzip]) expect(part.buffer.byteLength).toBe(part.length);
    expect(body.bytes).toBe(body.plain.length + body.gzip.length);
    const page = { body, etag: '"e"', styleHashes: ["'sha256-abc'"] };
    // The cap counts the bytes and the objects around them.
    expect(keptPageBytes(page)).toBeGreaterThan(body.bytes + 1000);
  });
});
