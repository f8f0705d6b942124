import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageProblem, MAX_IMAGE_BYTES, storedImageSrcSet, storedImageUrl } from './image';

describe('imageProblem', () => {
  it.each([
    { size: 1000, type: 'image/png', expected: null },
    { size: MAX_IMAGE_BYTES, type: 'image/jpeg', expected: null },
    { size: MAX_IMAGE_BYTES + 1, type: 'image/jpeg', expected: 'image_size_error' },
    { size: 10, type: 'image/svg+xml', expected: 'image_type_error' },
    { size: 10, type: 'text/html', expected: 'image_type_error' },
    { size: 10, type: '', expected: 'image_type_error' },
  ])('$type of $size bytes -> $expected', ({ size, type, expected }) =>
    expect(imageProblem({ size, type })).toBe(expected),
  );
});

describe('stored image URLs', () => {
  const file = `${'0123456789abcdef'.repeat(2)}.webp`;
  it('names each width of a stored image for srcset', () => {
    expect(storedImageUrl(file)).toBe(`/storage/poster_images/${file}`);
    expect(storedImageUrl(file, 800)).toBe(`/storage/poster_images/${file.replace('.webp', '-800w.webp')}`);
    expect(storedImageSrcSet(file).split(', ')).toEqual(
      IMAGE_WIDTHS.map((w) => `/storage/poster_images/${file.replace('.webp', `-${w}w.webp`)} ${w}w`),
    );
  });
  it('offers no widths of a name the server did not make', () => {
    expect(storedImageSrcSet('poster.png')).toBe('');
    expect(storedImageSrcSet(`../${file}`)).toBe('');
  });
});
