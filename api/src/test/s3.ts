import { rm } from 'node:fs/promises';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { Env } from '../config';
import { S3_KEY_PREFIX } from '../lib/image-store';
import { makeTempDir } from './app';

/** s3rver takes any key pair it is told about; these are its own. */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** The S3_* settings of one of its buckets, with more (S3_PUBLIC_URL) when given. */
  env(bucket: string, more?: Env): Env;
  /** The names (keys without S3_KEY_PREFIX) in a bucket, sorted. */
  names(bucket: string): Promise<string[]>;
  /** Writes an object as someone other than the server would (a copy, a crash's leftover). */
  put(bucket: string, name: string, bytes: Buffer): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, its objects in a temporary folder) on a free loopback port, running for
 * the enclosing describe block, with `buckets` made empty. Its settings are known once it runs (in hooks and
 * tests).
 */
export function useS3rver(buckets: readonly string[]): TestS3 {
  let server: S3rver | undefined;
  let dir: string | undefined;
  let endpoint = '';
  let client: S3Client | undefined;
  const s3 = () => {
    if (!client) throw new Error('the S3 server is not running yet: use it inside hooks and tests');
    return client;
  };
  beforeAll(async () => {
    dir = await makeTempDir('s3rver');
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: buckets.map((name) => ({ name })),
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: KEYS });
  });
  afterAll(async () => {
    client?.destroy();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    env: (bucket, more = {}) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...more,
    }),
    async names(bucket) {
      const listed = await s3().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: S3_KEY_PREFIX }));
      return (listed.Contents ?? []).map((o) => (o.Key ?? '').slice(S3_KEY_PREFIX.length)).sort();
    },
    async put(bucket, name, bytes) {
      await s3().send(new PutObjectCommand({ Bucket: bucket, Key: S3_KEY_PREFIX + name, Body: bytes }));
    },
  };
}
