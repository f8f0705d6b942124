import { describe, expect, it } from 'vitest';
import { validateContent } from './kind';
import { PORTFOLIO_CATEGORIES, PORTFOLIO_KIND, portfolioCategory, portfolioPage } from './portfolio';

const IMAGE = `/storage/poster_images/${'a'.repeat(32)}.webp`;
const choices = { category: PORTFOLIO_CATEGORIES };
const valid = {
  title: 'Brand identity',
  slug: 'brand-identity',
  client: 'A bakery',
  category: 'design',
  cover_image: IMAGE,
  cover_alt: 'The logo on a paper bag',
  gallery: [{ image: IMAGE, alt: 'The shop front' }],
  summary: 'A new identity.',
  body: '<p>What we did.</p>',
  link: 'https://example.com/work',
  seo_title: '',
  seo_description: '',
  seo_image: '',
  hidden: false,
};

describe('validateContent (portfolio)', () => {
  it('accepts a complete project, and one without the optional fields', () => {
    expect(validateContent(PORTFOLIO_KIND, valid, choices)).toEqual({});
    expect(
      validateContent(PORTFOLIO_KIND, { ...valid, gallery: [], body: '', link: '', seo_image: '' }, choices),
    ).toEqual({});
  });

  it('names every missing required field', () => {
    expect(Object.keys(validateContent(PORTFOLIO_KIND, {}, choices))).toEqual([
      'title',
      'slug',
      'client',
      'category',
      'cover_image',
      'cover_alt',
      'summary',
    ]);
  });

  it('takes only https links, stored images, slugs and known categories', () => {
    const check = (values: Record<string, unknown>) =>
      validateContent(PORTFOLIO_KIND, { ...valid, ...values }, choices);
    expect(check({ link: 'http://example.com' })).toEqual({ link: ['url_invalid'] });
    expect(check({ link: 'javascript:alert(1)' })).toEqual({ link: ['url_invalid'] });
    expect(check({ cover_image: 'https://evil.example/x.png' })).toEqual({ cover_image: ['image_invalid'] });
    expect(check({ slug: 'Not A Slug' })).toEqual({ slug: ['slug_invalid'] });
    expect(check({ slug: '2024' })).toEqual({ slug: ['slug_invalid'] });
    expect(check({ slug: 'هوية-مخبز' })).toEqual({});
    expect(check({ category: 'cooking' })).toEqual({ category: ['invalid_choice'] });
  });

  it('checks each image of the gallery and its alt text', () => {
    const gallery = (value: unknown) =>
      validateContent(PORTFOLIO_KIND, { ...valid, gallery: value }, choices);
    expect(gallery([{ image: IMAGE, alt: ' ' }])).toEqual({ gallery: ['required'] });
    expect(gallery([{ image: '/elsewhere.png', alt: 'x' }])).toEqual({ gallery: ['image_invalid'] });
    expect(gallery('x')).toEqual({ gallery: ['invalid_type'] });
    expect(gallery(Array.from({ length: 13 }, () => ({ image: IMAGE, alt: 'x' })))).toEqual({
      gallery: ['too_many_images'],
    });
  });
});

describe('portfolio address parameters', () => {
  it('reads ?page= and ?category= as the page does, anything odd as the default', () => {
    expect(portfolioPage('2')).toBe(2);
    expect(portfolioPage('02')).toBe(2);
    for (const raw of [null, '', '0', '-1', 'x', '1.5']) expect(portfolioPage(raw)).toBe(1);
    expect(portfolioCategory('web')).toBe('web');
    expect(portfolioCategory('cooking')).toBeNull();
    expect(portfolioCategory(null)).toBeNull();
  });
});
