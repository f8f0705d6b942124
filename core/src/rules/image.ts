/** Largest image accepted, featured or inline: 2 MB. */
export const MAX_IMAGE_BYTES = 2_097_152;

export type ImageErrorKey = 'image_size_error' | 'image_type_error';

/** The client-side check of a chosen image: size first, then type (the server checks the bytes again). */
export function imageProblem(file: { size: number; type: string }): ImageErrorKey | null {
  if (file.size > MAX_IMAGE_BYTES) return 'image_size_error';
  if (!/^image\/(png|jpeg|gif|webp|avif)$/i.test(file.type)) return 'image_type_error';
  return null;
}
