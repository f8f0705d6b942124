import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS, type ImageWidth } from '@agency/core/images';
import { resizeImage } from './images';

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

/** A stored image at one of IMAGE_WIDTHS: `<name>-<width>w.webp`. */
const VARIANT_NAME = /^([0-9a-f]{32})-(\d+)w\.webp$/;

/** The stored image and width a variant's name stands for, or null when it is not one. */
export function parseVariantName(name: string): { image: string; width: ImageWidth } | null {
  const match = VARIANT_NAME.exec(name);
  const width = Number(match?.[2]);
  if (!match || !(IMAGE_WIDTHS as readonly number[]).includes(width)) return null;
  return { image: `${match[1]}.webp`, width: width as ImageWidth };
}

/**
 * Makes a stored image's variant at one of IMAGE_WIDTHS from the stored file, when it is not there yet: true
 * once the file is in place, false when the name is no variant or its image is gone. Written like an upload
 * (a temporary file renamed into place), so readers never see half a file and two makers never clash.
 */
export async function makeVariant(dir: string, name: string): Promise<boolean> {
  const variant = parseVariantName(name);
  if (!variant) return false;
  let original: Buffer;
  try {
    original = await readFile(path.join(dir, variant.image));
  } catch {
    return false;
  }
  const bytes = await resizeImage(original, variant.width);
  const temporary = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  await writeFile(temporary, bytes, { flag: 'wx' });
  await rename(temporary, path.join(dir, name));
  return true;
}

/** Deletes a stored image and its variants; names that are not the server's own are ignored, as are files already gone. */
export async function removeImage(dir: string, name: string | null): Promise<void> {
  if (name === null || !IMAGE_NAME.test(name)) return;
  const base = name.slice(0, -'.webp'.length);
  await Promise.all([
    rm(path.join(dir, name), { force: true }),
    ...IMAGE_WIDTHS.map((width) => rm(path.join(dir, `${base}-${width}w.webp`), { force: true })),
  ]);
}
