import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { StorageError } from '../errors';

/** One file of a store, as its listing gives it. */
export interface StoredFile {
  name: string;
  bytes: number;
  modified: Date;
}

/** A file opened for sending. */
export interface OpenedFile extends StoredFile {
  body: Readable;
  /** The store's own entity tag, quoted. */
  etag: string | null;
}

/**
 * Where stored images' files live, by name: a local folder (the default) or an S3-compatible bucket. Every
 * failure of the storage itself (a full disk, a bucket that does not answer) is a StorageError, which the
 * editor is told in its language; a missing file is not a failure (null, false, nothing to do).
 */
export interface ImageStore {
  /** The folder the files are in, for a local store (served with sendFile: ETag, ranges); null for a bucket. */
  readonly dir: string | null;
  /** Where a browser fetches `name` from without the server (S3_PUBLIC_URL), or null. */
  publicUrl(name: string): string | null;
  /** Writes `bytes` as `name` whole: a reader never sees part of it. */
  put(name: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(name: string): Promise<Buffer | null>;
  /** The file as a stream to send, or null when there is none. */
  open(name: string): Promise<OpenedFile | null>;
  exists(name: string): Promise<boolean>;
  /** Deletes `name`; one already gone is no error. */
  remove(name: string): Promise<void>;
  /** Every file, in no particular order (the sweep and the media library's adoption read it). */
  list(): AsyncIterable<StoredFile>;
  /** Lets go of connections (a command that ends); the store is not used afterwards. */
  close(): void;
}

/**
 * The file-system calls that write stored files, in one place (LocalImageStore.put): tests make them fail as a
 * full or read-only disk would.
 */
export const storageWrites = { mkdir, writeFile, rename };

const isMissing = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ENOENT';

/** The files of a local folder: `${DATA_DIR}/storage/poster_images` by default. */
export class LocalImageStore implements ImageStore {
  constructor(readonly dir: string) {}

  publicUrl(): null {
    return null;
  }

  /**
   * To a temporary file first, renamed into place, so a reader never sees half a file and two writers never
   * clash. On any failure the temporary file is removed (a full disk leaves part of one), and a full or
   * read-only disk is a StorageError.
   */
  async put(name: string, bytes: Buffer): Promise<void> {
    const temporary = path.join(this.dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      await storageWrites.mkdir(this.dir, { recursive: true });
      await storageWrites.writeFile(temporary, bytes, { flag: 'wx' });
      await storageWrites.rename(temporary, path.join(this.dir, name));
    } catch (error) {
      // Should this fail too, the sweep deletes the file later (sweepImages).
      await rm(temporary, { force: true }).catch(() => {});
      throw StorageError.of(error) ?? error;
    }
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      return await readFile(path.join(this.dir, name));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Not used to serve (sendFile does, from `dir`), but there so every store opens the same way. */
  async open(name: string): Promise<OpenedFile | null> {
    const info = await this.info(name);
    if (!info) return null;
    return { ...info, body: createReadStream(path.join(this.dir, name)), etag: null };
  }

  async exists(name: string): Promise<boolean> {
    return (await this.info(name)) !== null;
  }

  async remove(name: string): Promise<void> {
    await rm(path.join(this.dir, name), { force: true });
  }

  async *list(): AsyncIterable<StoredFile> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      const info = await this.info(name);
      if (info) yield info;
    }
  }

  close(): void {}

  private async info(name: string): Promise<StoredFile | null> {
    try {
      const info = await stat(path.join(this.dir, name));
      return info.isFile() ? { name, bytes: info.size, modified: info.mtime } : null;
    } catch {
      return null;
    }
  }
}

/** The objects' keys begin with the folder the local store is named after, so the bucket may hold other things. */
export const S3_KEY_PREFIX = 'poster_images/';

/**
 * The StorageError an S3 failure stands for: anything but a missing object is the bucket's doing (it cannot be
 * reached, answers 5xx, refuses our keys), never the editor's, so it is 503 storage_unavailable.
 */
export function s3StorageError(error: unknown): StorageError {
  // A system error's code (ECONNREFUSED), else the bucket's answer (NoSuchBucket 404).
  const named = error as { name?: unknown; code?: unknown } | null;
  const code =
    typeof named?.code === 'string'
      ? named.code
      : `${String(named?.name ?? 'S3')} ${s3Status(error) ?? ''}`.trim();
  return Object.assign(new StorageError('storage_unavailable', code), { cause: error });
}

/**
 * The HTTP status of the bucket's answer when `error` is one (the SDK's service exceptions carry `$metadata`),
 * undefined for an answer without one, null for no answer at all (a refused connection, a timeout).
 */
function s3Status(error: unknown): number | undefined | null {
  const metadata = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata;
  return metadata === undefined || !(error instanceof Error) ? null : metadata.httpStatusCode;
}

/** A missing object (GET: NoSuchKey; HEAD, which has no body: NotFound), not a missing bucket (NoSuchBucket). */
function isS3Missing(error: unknown): boolean {
  return s3Status(error) !== null && ['NoSuchKey', 'NotFound'].includes((error as Error).name);
}

/**
 * The SDK, loaded the first time a bucket is used: it takes a fifth of a second and 25 MB to load, which a
 * server on its local folder (the default) never pays.
 */
const loadSdk = () => import('@aws-sdk/client-s3');

/** The objects of an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO...), under S3_KEY_PREFIX. */
export class S3ImageStore implements ImageStore {
  readonly dir = null;
  private readonly connection: Promise<{ client: S3Client; sdk: Awaited<ReturnType<typeof loadSdk>> }>;
  private readonly bucket: string;
  private readonly base: string | null;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.base = config.publicUrl;
    this.connection = loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        ...(config.endpoint === null ? {} : { endpoint: config.endpoint }),
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // An upload waits on the bucket: a bucket that does not answer is a 503 within seconds, not a hang.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
        maxAttempts: 3,
      }),
    }));
  }

  publicUrl(name: string): string | null {
    return this.base === null ? null : `${this.base}/${S3_KEY_PREFIX}${name}`;
  }

  private async send<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw s3StorageError(error);
    }
  }

  /** A PutObject is whole or nothing: readers never see part of an object. */
  async put(name: string, bytes: Buffer): Promise<void> {
    const { client, sdk } = await this.connection;
    await this.send(() =>
      client.send(
        new sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: S3_KEY_PREFIX + name,
          Body: bytes,
          ContentType: 'image/webp',
          // What the bucket answers when browsers fetch it directly (S3_PUBLIC_URL): names are never reused.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      ),
    );
  }

  async get(name: string): Promise<Buffer | null> {
    const opened = await this.open(name);
    if (!opened) return null;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of opened.body) chunks.push(chunk as Buffer);
    } catch (error) {
      throw s3StorageError(error);
    }
    return Buffer.concat(chunks);
  }

  async open(name: string): Promise<OpenedFile | null> {
    const { client, sdk } = await this.connection;
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.bucket, Key: S3_KEY_PREFIX + name }),
      );
      return {
        name,
        body: answer.Body as Readable,
        bytes: answer.ContentLength ?? 0,
        modified: answer.LastModified ?? new Date(0),
        etag: answer.ETag ?? null,
      };
    } catch (error) {
      if (isS3Missing(error)) return null;
      throw s3StorageError(error);
    }
  }

  async exists(name: string): Promise<boolean> {
    const { client, sdk } = await this.connection;
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: S3_KEY_PREFIX + name }));
      return true;
    } catch (error) {
      if (isS3Missing(error)) return false;
      throw s3StorageError(error);
    }
  }

  /** S3 answers a delete of a missing key with success. */
  async remove(name: string): Promise<void> {
    const { client, sdk } = await this.connection;
    await this.send(() =>
      client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: S3_KEY_PREFIX + name })),
    );
  }

  async *list(): AsyncIterable<StoredFile> {
    const { client, sdk } = await this.connection;
    const pages = sdk.paginateListObjectsV2({ client }, { Bucket: this.bucket, Prefix: S3_KEY_PREFIX });
    try {
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const name = (object.Key ?? '').slice(S3_KEY_PREFIX.length);
          // Nothing of ours is in a deeper folder.
          if (name === '' || name.includes('/')) continue;
          yield { name, bytes: object.Size ?? 0, modified: object.LastModified ?? new Date(0) };
        }
      }
    } catch (error) {
      throw s3StorageError(error);
    }
  }

  close(): void {
    void this.connection.then(({ client }) => client.destroy());
  }
}

/** Where the stored images live: `${dataDir}/storage/poster_images`, or the bucket of S3_*. */
export function posterImagesDir(dataDir: string): string {
  return path.join(dataDir, 'storage', 'poster_images');
}

/** The store a configuration names: the S3 bucket when S3_BUCKET is set, the local folder otherwise. */
export function imageStoreOf(config: { dataDir: string; s3: S3Config | null }): ImageStore {
  return config.s3 ? new S3ImageStore(config.s3) : new LocalImageStore(posterImagesDir(config.dataDir));
}
