import { randomBytes } from 'node:crypto';
import { IMAGE_WIDTHS, type ImageWidth } from '@agency/core/images';
import type { ImageStore } from './image-store';
import { resizeImage } from './images';

/**
 * A fresh file name for an image the server encoded: 128 random bits, so names are never guessed, never
 * reused (the files are cached for a year under their URL) and never carry anything a client sent.
 */
export function newImageName(extension = 'webp'): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

/** What a stored name looks like; anything else is not ours to delete. */
export const IMAGE_NAME = /^[0-9a-f]{32}\.webp$/;

/** Writes an image under a new name and returns the name. */
export async function storeImage(store: ImageStore, bytes: Buffer): Promise<string> {
  const name = newImageName();
  await store.put(name, bytes);
  return name;
}

/** The file name of a stored image's variant at one of IMAGE_WIDTHS: `<name>-<width>w.webp`, as pages ask for it. */
export function variantName(image: string, width: ImageWidth): string {
  return image.replace(/\.webp$/, `-${width}w.webp`);
}

/** A stored image's name without `.webp`, then a dash: how every file made from it begins. */
const DERIVED_NAME = /^([0-9a-f]{32})-/;

/**
 * The stored image and width a variant's name stands for, or null when it is not one. Only the names pages
 * ask for are variants: `-0480w`, `-+480w` or `-480.0w` would each be one more file made from the same image,
 * so anyone could fill the disk by asking for them.
 */
export function parseVariantName(name: string): { image: string; width: ImageWidth } | null {
  const match = DERIVED_NAME.exec(name);
  if (!match) return null;
  const image = `${match[1]}.webp`;
  const width = IMAGE_WIDTHS.find((w) => variantName(image, w) === name);
  return width === undefined ? null : { image, width };
}

/**
 * Makes a stored image's variant at one of IMAGE_WIDTHS from the stored file, when it is not there yet: true
 * once the file is in place, false when the name is no variant or its image is gone. Written like an upload
 * (ImageStore.put: whole or nothing).
 */
export async function makeVariant(store: ImageStore, name: string): Promise<boolean> {
  const variant = parseVariantName(name);
  if (!variant) return false;
  const original = await store.get(variant.image);
  if (original === null) return false;
  await store.put(name, await resizeImage(original, variant.width));
  // The image may have been deleted while this one was made: removeImage deletes the image before its
  // variants, so either it deletes this file after us or we see the image gone here. No variant outlives it.
  if (!(await store.exists(variant.image))) {
    await store.remove(name);
    return false;
  }
  return true;
}

/** Whether `name` is a stored image whose file is still there (a revision's image may be deleted since). */
export async function imageExists(store: ImageStore, name: string): Promise<boolean> {
  if (!IMAGE_NAME.test(name)) return false;
  try {
    return await store.exists(name);
  } catch {
    return false;
  }
}

/** Deletes a stored image and its variants; names that are not the server's own are ignored, as are files already gone. */
export async function removeImage(store: ImageStore, name: string | null): Promise<void> {
  if (name === null || !IMAGE_NAME.test(name)) return;
  // The image first, so a variant being made meanwhile sees it gone (makeVariant).
  await store.remove(name);
  await Promise.all(IMAGE_WIDTHS.map((width) => store.remove(variantName(name, width))));
}

/** A temporary file this older is no write in progress (one takes milliseconds) but one a crash left. */
export const STRAY_TEMPORARY_AGE_MS = 10 * 60 * 1000;

/**
 * Deletes what no stored image owns: files made from an image (`<name>-…`) that are not one of its variants or
 * whose image is gone (left by a crash, by a width no longer offered, or asked for before only IMAGE_WIDTHS
 * were accepted), and temporary files older than STRAY_TEMPORARY_AGE_MS (a crash between write and rename).
 * Stored images and any other file are kept. Safe while the server runs, from several processes at once.
 * Returns how many files went.
 */
export async function sweepImages(store: ImageStore, now = Date.now()): Promise<number> {
  const files = [];
  for await (const file of store.list()) files.push(file);
  const present = new Set(files.map((file) => file.name));
  let removed = 0;
  for (const { name, modified } of files) {
    let stray = false;
    if (name.startsWith('.') && name.endsWith('.tmp')) {
      stray = now - modified.getTime() > STRAY_TEMPORARY_AGE_MS;
    } else if (DERIVED_NAME.test(name)) {
      const variant = parseVariantName(name);
      stray = !variant || !present.has(variant.image);
    }
    if (stray) {
      await store.remove(name);
      removed += 1;
    }
  }
  return removed;
}

/**
 * Copies every stored image and its variants from one store to another (the local folder to an S3 bucket,
 * `pnpm images:to-s3`), leaving out what is already there, so a copy that stopped half-way is finished by
 * running it again. Variants go too: each would otherwise be made again on its first request. Temporary files
 * and strays the sweep would delete do not. Answers how many files were copied and how many were there.
 */
export async function copyImages(
  from: ImageStore,
  to: ImageStore,
  onCopied: (name: string) => void = () => {},
): Promise<{ copied: number; present: number }> {
  const names: string[] = [];
  for await (const { name } of from.list()) names.push(name);
  const images = new Set(names.filter((name) => IMAGE_NAME.test(name)));
  const variants = names.filter((name) => images.has(parseVariantName(name)?.image ?? ''));
  let copied = 0;
  let present = 0;
  // Images before their variants: a sweep of the bucket meanwhile deletes a variant whose image is not there.
  for (const name of [...images, ...variants]) {
    if (await to.exists(name)) {
      present += 1;
      continue;
    }
    const bytes = await from.get(name);
    // Deleted since the listing.
    if (bytes === null) continue;
    await to.put(name, bytes);
    copied += 1;
    onCopied(name);
  }
  return { copied, present };
}
