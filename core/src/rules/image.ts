/** Largest image accepted, featured or inline: 2 MB. */
export const MAX_IMAGE_BYTES = 2_097_152;

export type ImageErrorKey = 'image_size_error' | 'image_type_error';

/**
 * Why the server could not store an image, whatever the image: its disk is full (507), or its storage cannot
 * be written (503). The editor shows them in its language; nothing the editor wrote is lost.
 */
export const STORAGE_ERROR_KEYS = ['storage_full', 'storage_unavailable'] as const;

export type StorageErrorKey = (typeof STORAGE_ERROR_KEYS)[number];

/** The client-side check of a chosen image: size first, then type (the server checks the bytes again). */
export function imageProblem(file: { size: number; type: string }): ImageErrorKey | null {
  if (file.size > MAX_IMAGE_BYTES) return 'image_size_error';
  if (!/^image\/(png|jpeg|gif|webp|avif)$/i.test(file.type)) return 'image_type_error';
  return null;
}

/** Where stored images (posters and images in a post) are served. */
export const STORED_IMAGES_PATH = '/storage/poster_images/';

/**
 * The widths, in pixels, the server gives each stored image in, besides the stored file itself (at most 2400
 * px a side): `srcset` lets a phone download a phone-sized file. The server makes a width the first time it
 * is asked for, from the stored file, never larger than it.
 */
export const IMAGE_WIDTHS = [480, 800, 1200, 1600] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The URL of a stored image (by its stored name), at one of IMAGE_WIDTHS or as stored. */
export function storedImageUrl(file: string, width?: ImageWidth): string {
  const name = width === undefined ? file : file.replace(/\.webp$/, `-${width}w.webp`);
  return `${STORED_IMAGES_PATH}${encodeURIComponent(name)}`;
}

/** `srcset` for a stored image: each of IMAGE_WIDTHS. Empty for a name that is not one of the server's. */
export function storedImageSrcSet(file: string): string {
  if (!/^[0-9a-f]{32}\.webp$/.test(file)) return '';
  return IMAGE_WIDTHS.map((width) => `${storedImageUrl(file, width)} ${width}w`).join(', ');
}
