import fp from 'fastify-plugin';
import type { S3Config } from '../config';
import { type ImageStore, imageStoreOf, posterImagesDir } from '../lib/image-store';
import { makeVariant, removeImage, storeImage, sweepImages } from '../lib/storage';

/** How often files no stored image owns are swept away, besides once at start. */
export const SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface Storage {
  /**
   * Where the stored images' files live (lib/image-store.ts): `dir`, or the S3 bucket when S3_BUCKET is set.
   * Served at /storage/poster_images/ either way.
   */
  readonly store: ImageStore;
  /**
   * `${DATA_DIR}/storage/poster_images`: the store's folder when images are on the local disk; with a bucket,
   * the folder `pnpm images:to-s3` copied from.
   */
  readonly dir: string;
  /** Stores encoded image bytes under a new server-made name and returns the name. */
  save(bytes: Buffer): Promise<string>;
  /** Deletes an image the server stored, and its variants; other names and missing files are ignored. */
  remove(name: string | null): Promise<void>;
  /**
   * Makes a variant (`<name>-<width>w.webp`) of a stored image when it is asked for the first time: true when
   * it is there now. Requests for the same variant while it is being made share the work.
   */
  variant(name: string): Promise<boolean>;
  /**
   * Deletes the files no stored image owns (lib/storage.ts, sweepImages) and answers how many went. Runs once
   * when the server is ready, without holding up the start, then daily.
   */
  sweep(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const storagePlugin = fp<{ dataDir: string; s3: S3Config | null }>(
  async (app, { dataDir, s3 }) => {
    const dir = posterImagesDir(dataDir);
    const store = imageStoreOf({ dataDir, s3 });
    const making = new Map<string, Promise<boolean>>();
    let sweeping: Promise<number> | null = null;
    app.decorate('storage', {
      store,
      dir,
      save: (bytes) => storeImage(store, bytes),
      async remove(name) {
        try {
          await removeImage(store, name);
        } catch (err) {
          // A file left behind costs disk space only; the answer the editor waits for does not depend on it.
          app.log.warn({ err, name }, 'could not delete a stored image');
        }
      },
      variant(name) {
        let made = making.get(name);
        if (!made) {
          made = makeVariant(store, name).catch((err) => {
            app.log.warn({ err, name }, 'could not make an image variant');
            return false;
          });
          making.set(name, made);
          void made.finally(() => making.delete(name));
        }
        return made;
      },
      sweep() {
        sweeping ??= sweepImages(store)
          .then((removed) => {
            if (removed > 0) app.log.info({ removed }, 'deleted image files no stored image owns');
            return removed;
          })
          .catch((err) => {
            app.log.warn({ err }, 'could not sweep the stored images');
            return 0;
          })
          .finally(() => {
            sweeping = null;
          });
        return sweeping;
      },
    } satisfies Storage);
    const interval = setInterval(() => void app.storage.sweep(), SWEEP_INTERVAL_MS);
    interval.unref();
    // Not awaited: a folder of many files must not hold up the start.
    app.addHook('onReady', async () => {
      void app.storage.sweep();
    });
    app.addHook('onClose', async () => {
      clearInterval(interval);
      await sweeping;
      store.close();
    });
  },
  { name: 'storage' },
);
