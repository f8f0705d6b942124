import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploads and seeded posters live: `${dataDir}/storage/poster_images`, served at /storage/poster_images/. */
export function posterImagesDir(dataDir: string): string {
  return path.join(dataDir, 'storage', 'poster_images');
}

/**
 * A fresh file name for an image the server encoded: 128 random bits, so names are never guessed, never
 * reused (the files are cached for a year under their URL) and never carry anything a client sent.
 */
export function newImageName(extension = 'webp'): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

/** What a stored name looks like; anything else is not ours to delete. */
export const IMAGE_NAME = /^[0-9a-f]{32}\.webp$/;

/**
 * Writes an image under a new name and returns the name. The bytes go to a temporary file first and are
 * renamed into place, so a reader never sees half a file.
 */
export async function storeImage(dir: string, bytes: Buffer): Promise<string> {
  await mkdir(dir, { recursive: true });
  const name = newImageName();
  const temporary = path.join(dir, `.${name}.tmp`);
  await writeFile(temporary, bytes, { flag: 'wx' });
  await rename(temporary, path.join(dir, name));
  return name;
}

/** Deletes a stored image; names that are not the server's own are ignored, as is a file already gone. */
export async function removeImage(dir: string, name: string | null): Promise<void> {
  if (name === null || !IMAGE_NAME.test(name)) return;
  await rm(path.join(dir, name), { force: true });
}
