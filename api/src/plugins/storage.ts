import fp from 'fastify-plugin';
import { posterImagesDir, removeImage, storeImage } from '../lib/storage';

export interface Storage {
  /** `${DATA_DIR}/storage/poster_images`, served at /storage/poster_images/. */
  readonly dir: string;
  /** Stores encoded image bytes under a new server-made name and returns the name. */
  save(bytes: Buffer): Promise<string>;
  /** Deletes an image the server stored; other names and missing files are ignored. */
  remove(name: string | null): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const storagePlugin = fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    const dir = posterImagesDir(dataDir);
    app.decorate('storage', {
      dir,
      save: (bytes) => storeImage(dir, bytes),
      async remove(name) {
        try {
          await removeImage(dir, name);
        } catch (err) {
          // A file left behind costs disk space only; the answer the editor waits for does not depend on it.
          app.log.warn({ err, name }, 'could not delete a stored image');
        }
      },
    } satisfies Storage);
  },
  { name: 'storage' },
);
