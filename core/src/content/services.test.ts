import { describe, expect, it } from 'vitest';
import { SERVICE_KIND, validateService } from './services';

const valid = {
  slug: 'web-development',
  name: 'Web Development',
  description: 'Sites.',
  image_path: '/mf/mf-marketing/images/services/web-development.svg',
  image_alt: '',
  hidden: false,
};

describe("a service's address", () => {
  it('takes a slug, Arabic letters included', () => {
    expect(validateService(valid)).toEqual({});
    expect(validateService({ ...valid, slug: 'تطوير-المواقع' })).toEqual({});
  });

  it('is required', () => {
    expect(validateService({ ...valid, slug: '' }).slug).toEqual(['required']);
    expect(validateService({ ...valid, slug: undefined }).slug).toEqual(['required']);
  });

  it('follows the slug rules: lower case, dashes, no spaces or slashes, not digits only', () => {
    for (const slug of ['Web-Development', 'web development', 'web/dev', 'web--dev', '-web', '2024', 'a?b'])
      expect(validateService({ ...valid, slug }).slug, slug).toEqual(['slug_invalid']);
  });

  it("is never one of the routes' own words", () => {
    for (const slug of ['items', 'order', 'new'])
      expect(validateService({ ...valid, slug }).slug, slug).toEqual(['slug_invalid']);
  });

  it('is at most 200 characters', () => {
    expect(SERVICE_KIND.fields.slug.maxLength).toBe(200);
    expect(validateService({ ...valid, slug: 'a'.repeat(201) }).slug).toEqual(['too_long']);
  });
});
