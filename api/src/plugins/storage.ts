import fp from 'fastify-plugin';
import { makeVariant, posterImagesDir, removeImage, storeImage } from '../lib/storage';

export interface Storage {
  /** `${DATA_DIR}/storage/poster_images`, served at /storage/poster_images/. */
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
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const storagePlugin = fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    const dir = posterImagesDir(dataDir);
    const making = new Map<string, Promise<boolean>>();
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
      variant(name) {
        let made = making.get(name);
        if (!made) {
          made = makeVariant(dir, name).catch((err) => {
            app.log.warn({ err, name }, 'could not make an image variant');
            return false;
          });
          making.set(name, made);
          void made.finally(() => making.delete(name));
        }
        return made;
      },
    } satisfies Storage);
  },
  { name: 'storage' },
);
