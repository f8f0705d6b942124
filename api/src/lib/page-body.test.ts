import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type KeptPage, keptPageBytes, makePageBody } from './page-body';
import { AnswerStore } from './read-cache';

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

describe("the kept pages' byte cap (READ_CACHE_BYTES)", () => {
  it('drops the least recently used pages once their bytes pass it, however few pages there are', async () => {
    // Pages of about 20 KB each (text and gzip of varied markup), against a cap of 50 KB: two fit, not three.
    const page = async (n: number): Promise<KeptPage> => ({
      body: await makePageBody(
        Array.from({ length: 700 }, (_, i) => `<p id="p${n}-${i}">${(i * 7919 + n) % 104729}</p>`).join(''),
      ),
      etag: `"page-${n}"`,
      styleHashes: [],
    });
    const pages = await Promise.all([1, 2, 3].map(page));
    const cost = keptPageBytes(pages[0] as KeptPage);
    expect(cost).toBeGreaterThan(15_000);
    const store = new AnswerStore<KeptPage>(Math.floor(cost * 2.5), Date.now, keptPageBytes);
    store.set(store.begin([]), '/a', pages[0] as KeptPage);
    store.set(store.begin([]), '/b', pages[1] as KeptPage);
    store.get('/a');
    store.set(store.begin([]), '/c', pages[2] as KeptPage);
    expect(store.bytes).toBeLessThanOrEqual(store.maxBytes);
    expect(store.size).toBe(2);
    expect(store.get('/b')).toBeUndefined();
    expect(store.get('/a')?.etag).toBe('"page-1"');
    expect(store.get('/c')?.etag).toBe('"page-3"');
  });
});
