import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerStore, type CachedAnswer, etagFor, notModified, ownBuffer, pickEncoding } from './read-cache';

function answer(text: string, compressed = true): CachedAnswer {
  const identity = Buffer.from(text);
  return {
    status: 200,
    identity,
    gzip: compressed ? Buffer.from(`gz:${text}`) : null,
    br: compressed ? Buffer.from(`br:${text}`) : null,
    etag: `"${text}"`,
  };
}

describe('AnswerStore', () => {
  it('answers what it stored until a tag of it is invalidated', () => {
    const store = new AnswerStore(1e6);
    store.set(store.begin(['a']), 'k1', answer('one'));
    store.set(store.begin(['b']), 'k2', answer('two'));
    expect(store.get('k1')?.identity.toString()).toBe('one');
    store.invalidate(['a']);
    expect(store.get('k1')).toBeUndefined();
    expect(store.get('k2')?.identity.toString()).toBe('two');
  });

  it('does not store an answer read while one of its tags was invalidated (it may predate the write)', () => {
    const store = new AnswerStore(1e6);
    const ticket = store.begin(['posts', 'post:x']);
    store.invalidate(['post:x']);
    expect(store.valid(ticket)).toBe(false);
    expect(store.set(ticket, 'k', answer('stale'))).toBe(false);
    expect(store.get('k')).toBeUndefined();
    // Unrelated tags leave a ticket valid.
    const other = store.begin(['services']);
    store.invalidate(['post:y']);
    expect(store.set(other, 'k', answer('fresh'))).toBe(true);
  });

  it('clear() drops everything and every ticket taken before', () => {
    const store = new AnswerStore(1e6);
    const ticket = store.begin(['a']);
    store.set(store.begin(['a']), 'k', answer('x'));
    store.clear();
    expect(store.get('k')).toBeUndefined();
    expect(store.set(ticket, 'k', answer('x'))).toBe(false);
    expect(store.bytes).toBe(0);
  });

  it('keeps to its byte cap by dropping the least recently used answers', () => {
    const body = 'x'.repeat(1000);
    // Each entry weighs its three bodies, its key and a fixed overhead: about 4,550 bytes here.
    const store = new AnswerStore(15_000);
    for (const key of ['k1', 'k2', 'k3']) store.set(store.begin([]), key, answer(body));
    expect(store.size).toBe(3);
    store.get('k1'); // k1 is now the most recently used, k2 the least.
    store.set(store.begin([]), 'k4', answer(body));
    expect(store.bytes).toBeLessThanOrEqual(15_000);
    expect(store.get('k2')).toBeUndefined();
    expect(store.get('k1')).toBeDefined();
    expect(store.get('k4')).toBeDefined();
  });

  it('never stores an answer larger than the whole cap, and a cap of 0 stores nothing', () => {
    const store = new AnswerStore(500);
    expect(store.set(store.begin([]), 'big', answer('y'.repeat(600)))).toBe(false);
    const none = new AnswerStore(0);
    expect(none.set(none.begin([]), 'k', answer('z'))).toBe(false);
  });

  it('forgets an answer when its time comes', () => {
    let now = 1_000;
    const store = new AnswerStore(1e6, () => now);
    store.set(store.begin([]), 'k', answer('x'), 1_500);
    expect(store.get('k')).toBeDefined();
    now = 1_500;
    expect(store.get('k')).toBeUndefined();
    expect(store.bytes).toBe(0);
    expect(store.set(store.begin([]), 'k', answer('x'), 1_500)).toBe(false);
  });

  it('replacing a key frees the old answer and its tags', () => {
    const store = new AnswerStore(1e6);
    store.set(store.begin(['a']), 'k', answer('old'));
    const bytes = store.bytes;
    store.set(store.begin(['b']), 'k', answer('new'));
    expect(store.bytes).toBe(bytes);
    store.invalidate(['a']);
    expect(store.get('k')?.identity.toString()).toBe('new');
  });
});

describe('ownBuffer', () => {
  it('keeps a small compressed body in a block of its size, not in the 16 KiB block zlib wrote it to', () => {
    const compressed = zlib.brotliCompressSync(Buffer.from('a small answer '.repeat(20)));
    expect(compressed.buffer.byteLength).toBeGreaterThan(compressed.length * 10);
    const kept = ownBuffer(compressed);
    expect(kept.equals(compressed)).toBe(true);
    expect(kept.buffer.byteLength).toBe(kept.length);
    // A buffer that has its block to itself already is kept as it is.
    expect(ownBuffer(kept)).toBe(kept);
  });
});

describe('pickEncoding', () => {
  it.each([
    { header: undefined, expected: 'identity' },
    { header: '', expected: 'identity' },
    { header: 'gzip, deflate, br, zstd', expected: 'br' },
    { header: 'gzip', expected: 'gzip' },
    { header: 'br;q=0, gzip;q=0.8', expected: 'gzip' },
    { header: 'gzip;q=0, br;q=0', expected: 'identity' },
    { header: '*', expected: 'br' },
    { header: '*;q=0, gzip', expected: 'gzip' },
    { header: 'identity', expected: 'identity' },
    { header: 'BR', expected: 'br' },
  ])('$header -> $expected', ({ header, expected }) => {
    expect(pickEncoding(header, answer('body'))).toBe(expected);
  });

  it('sends the plain body when compressing made nothing smaller', () => {
    expect(pickEncoding('br, gzip', answer('tiny', false))).toBe('identity');
  });
});

describe('ETags', () => {
  const a = answer('abc');
  it('differ per encoding (the bodies differ) and all count as the current version', () => {
    expect(etagFor(a, 'identity')).toBe('"abc"');
    expect(etagFor(a, 'br')).toBe('"abc-br"');
    expect(etagFor(a, 'gzip')).toBe('"abc-gzip"');
    for (const tag of ['"abc"', '"abc-br"', 'W/"abc-gzip"', '"zzz", "abc"', '*'])
      expect(notModified(tag, a)).toBe(true);
    for (const tag of [undefined, '', '"abd"', '"abc-zstd"']) expect(notModified(tag, a)).toBe(false);
  });
});
