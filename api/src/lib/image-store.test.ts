import { rm } from 'node:fs/promises';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { StorageError } from '../errors';
import { makeTempDir } from '../test/app';
import { useS3rver } from '../test/s3';
import { type ImageStore, LocalImageStore, S3ImageStore, s3StorageError } from './image-store';

const s3 = useS3rver(['contract']);

const A = `${'a'.repeat(32)}.webp`;
const B = `${'b'.repeat(32)}-480w.webp`;

// The same promises from both kinds of store: what lib/storage.ts and the media library rely on.
describe.each([
  {
    kind: 'a local folder',
    make: async () => new LocalImageStore(await makeTempDir('image-store')),
  },
  {
    kind: 'an S3 bucket',
    make: async () => new S3ImageStore(loadConfig(s3.env('contract')).s3 ?? raise()),
  },
])('$kind', ({ make }) => {
  let store: ImageStore;
  beforeAll(async () => {
    store = await make();
  });
  afterAll(async () => {
    store.close();
    if (store.dir) await rm(store.dir, { recursive: true, force: true });
  });

  it('writes, reads, opens, lists and deletes files by name; a missing one is no error', async () => {
    expect(await store.get(A)).toBeNull();
    expect(await store.open(A)).toBeNull();
    expect(await store.exists(A)).toBe(false);
    await store.remove(A);

    await store.put(A, Buffer.from('first'));
    await store.put(B, Buffer.from('second one'));
    await store.put(A, Buffer.from('replaced'));
    expect((await store.get(A))?.toString()).toBe('replaced');
    expect(await store.exists(B)).toBe(true);
    const opened = await store.open(B);
    expect(opened).toMatchObject({ name: B, bytes: 10 });
    const chunks: Buffer[] = [];
    for await (const chunk of opened?.body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('second one');

    const listed = [];
    for await (const file of store.list()) listed.push(file);
    expect(listed.map((f) => [f.name, f.bytes]).sort()).toEqual([
      [A, 8],
      [B, 10],
    ]);
    expect(listed.every((f) => Math.abs(f.modified.getTime() - Date.now()) < 60_000)).toBe(true);

    await store.remove(A);
    await store.remove(B);
    expect(await store.exists(A)).toBe(false);
    for await (const file of store.list()) throw new Error(`${file.name} is still there`);
  });
});

function raise(): never {
  throw new Error('no S3 settings');
}

describe('s3StorageError', () => {
  it('makes every failure of a bucket 503 storage_unavailable, with its name and status for the log', () => {
    const failures = [
      new S3ServiceException({ name: 'InternalError', $fault: 'server', $metadata: { httpStatusCode: 500 } }),
      new S3ServiceException({ name: 'SlowDown', $fault: 'server', $metadata: { httpStatusCode: 503 } }),
      new S3ServiceException({ name: 'AccessDenied', $fault: 'client', $metadata: { httpStatusCode: 403 } }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('timed out'), { name: 'TimeoutError' }),
    ];
    const mapped = failures.map(s3StorageError);
    for (const error of mapped) {
      expect(error).toBeInstanceOf(StorageError);
      expect(error).toMatchObject({ statusCode: 503, message: 'storage_unavailable' });
    }
    expect(mapped.map((e) => e.code)).toEqual([
      'InternalError 500',
      'SlowDown 503',
      'AccessDenied 403',
      'ECONNREFUSED',
      'TimeoutError',
    ]);
  });
});
