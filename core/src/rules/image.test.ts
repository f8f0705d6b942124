import { describe, expect, it } from 'vitest';
import { imageProblem, MAX_IMAGE_BYTES } from './image';

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
