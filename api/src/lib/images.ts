import { type ImageErrorKey, MAX_IMAGE_BYTES } from '@agency/core/rules';
import type sharpModule from 'sharp';

/**
 * sharp, loaded at its first use: its native library and thread pool (10 MB or more) are for uploads and image
 * variants, which many processes never make.
 */
let sharpLoaded: Promise<typeof sharpModule> | null = null;
export function loadSharp(): Promise<typeof sharpModule> {
  sharpLoaded ??= import('sharp').then((module) => module.default);
  return sharpLoaded;
}

export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif';

/**
 * Decoding cost guard: a 2 MB file can claim billions of pixels (a "pixel flood") and make the decoder
 * allocate gigabytes. 40 megapixels covers any photo a phone takes; the header is checked before decoding.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Stored images are scaled down to fit this box: larger would only slow pages down. */
const MAX_STORED_SIDE = 2400;

/** What sharp calls each type we accept (AVIF is read by its HEIF decoder). */
const SHARP_FORMAT: Record<ImageType, string> = {
  png: 'png',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  avif: 'heif',
};

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.subarray(start, end).toString('latin1');
}

/**
 * The image type from the file's first bytes (its magic number), whatever its name or the type the client
 * claimed. SVG, HTML and anything else that is not one of the five raster types is null.
 */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12))) {
    return 'avif';
  }
  return null;
}

/**
 * A stored image (WebP the server wrote) scaled to a width, never enlarged: the variants `srcset` offers.
 * Slightly lower quality than the stored file, as the smaller sizes are seen on small screens.
 */
export async function resizeImage(stored: Buffer, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(stored, { limitInputPixels: MAX_IMAGE_PIXELS })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
}

/** An accepted image: the WebP to store and its size in pixels (the media library lists it). */
export interface EncodedImage {
  webp: Buffer;
  width: number;
  height: number;
}

export type ImageResult = ({ ok: true } & EncodedImage) | { ok: false; key: ImageErrorKey };

/**
 * The one validator for every uploaded image (featured or inline): at most 2 MB, really one of the accepted
 * raster types by its bytes, no more than 40 megapixels, and decodable to the end. An accepted image is
 * re-encoded to WebP: only its pixels survive, so metadata (EXIF, GPS, comments) and anything hidden in the
 * file (a polyglot's HTML) are gone, and the stored file is ours byte for byte.
 */
export async function processImage(
  bytes: Buffer,
  { truncated = false }: { truncated?: boolean } = {},
): Promise<ImageResult> {
  if (truncated || bytes.length > MAX_IMAGE_BYTES) return { ok: false, key: 'image_size_error' };
  const type = detectImageType(bytes);
  if (type === null) return { ok: false, key: 'image_type_error' };
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' as const };
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, options).metadata();
    if (meta.format !== SHARP_FORMAT[type]) return { ok: false, key: 'image_type_error' };
    const pixels = (meta.width ?? 0) * (meta.height ?? 0);
    if (pixels === 0 || pixels > MAX_IMAGE_PIXELS) return { ok: false, key: 'image_type_error' };
    const { data, info } = await sharp(bytes, options)
      // Applies the EXIF orientation to the pixels before the EXIF block is dropped.
      .rotate()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, webp: data, width: info.width, height: info.height };
  } catch {
    // Truncated, corrupt, or over the pixel limit while decoding: not an image we can show.
    return { ok: false, key: 'image_type_error' };
  }
}
