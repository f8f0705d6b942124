import { describe, expect, it } from 'vitest';
import { CATEGORY_KIND, keyFromName } from './categories';
import { FAQ_KIND } from './faq';
import { defineKind, hasErrors, linesOf, validateContent } from './kind';
import { CURRENCIES, PRICE_TYPES, PRICING_KIND } from './pricing';

const categories = { category: ['general', 'support'] };
const valid = {
  category: 'general',
  question: 'How do we start?',
  answer: '<p>Write to us.</p>',
  hidden: false,
};

describe('validateContent (FAQ)', () => {
  it('accepts a complete item', () => {
    const errors = validateContent(FAQ_KIND, valid, categories);
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });

  it('names every missing field, in the definition’s order', () => {
    const errors = validateContent(FAQ_KIND, {}, categories);
    expect(errors).toEqual({ category: ['required'], question: ['required'], answer: ['required'] });
    expect(Object.keys(errors)).toEqual(['category', 'question', 'answer']);
    expect(hasErrors(errors)).toBe(true);
  });

  it('takes an answer of empty paragraphs or spaces as missing, but an image as an answer', () => {
    for (const answer of ['<p><br></p>', '<p>&nbsp; </p>', '   '])
      expect(validateContent(FAQ_KIND, { ...valid, answer }, categories)).toEqual({ answer: ['required'] });
    expect(validateContent(FAQ_KIND, { ...valid, answer: '<p><img src="/a.webp"></p>' }, categories)).toEqual(
      {},
    );
  });

  it('refuses a question over 300 characters and a category that does not exist', () => {
    expect(validateContent(FAQ_KIND, { ...valid, question: 'q'.repeat(301) }, categories)).toEqual({
      question: ['too_long'],
    });
    expect(validateContent(FAQ_KIND, { ...valid, question: 'q'.repeat(300) }, categories)).toEqual({});
    expect(validateContent(FAQ_KIND, { ...valid, category: 'billing' }, categories)).toEqual({
      category: ['invalid_choice'],
    });
  });

  it('refuses values of the wrong type rather than turning them into text', () => {
    expect(
      validateContent(FAQ_KIND, { ...valid, question: 42, hidden: 'yes', answer: ['x'] }, categories),
    ).toEqual({ question: ['invalid_type'], answer: ['invalid_type'], hidden: ['invalid_type'] });
  });

  it('works for any kind defined the same way', () => {
    const plan = defineKind({
      name: 'plan',
      fields: { name: { type: 'text', required: true, maxLength: 5 }, note: { type: 'text' } },
    });
    expect(validateContent(plan, { name: 'Basic', note: '' })).toEqual({});
    expect(validateContent(plan, { name: 'Premium' })).toEqual({ name: ['too_long'] });
  });

  it('checks a pricing plan: a whole price unless quote-based, features as lines', () => {
    const plan = {
      category: 'seo',
      key: 'starter',
      name: 'Starter',
      description: 'For small shops.',
      type: 'monthly',
      price: 300,
      currency: 'GBP',
      unit: '',
      features: ['Ten keywords', '  ', 'Monthly report'],
      highlighted: true,
      hidden: false,
    };
    const choices = { category: ['seo'], type: PRICE_TYPES, currency: CURRENCIES };
    expect(validateContent(PRICING_KIND, plan, choices)).toEqual({});
    expect(validateContent(PRICING_KIND, { ...plan, price: null }, choices)).toEqual({ price: ['required'] });
    expect(validateContent(PRICING_KIND, { ...plan, type: 'quote_based', price: null }, choices)).toEqual({});
    expect(validateContent(PRICING_KIND, { ...plan, type: '' }, choices)).toEqual({});
    expect(validateContent(PRICING_KIND, { ...plan, price: 12.5 }, choices)).toEqual({
      price: ['invalid_type'],
    });
    expect(validateContent(PRICING_KIND, { ...plan, price: -1 }, choices)).toEqual({
      price: ['out_of_range'],
    });
    expect(validateContent(PRICING_KIND, { ...plan, features: 'Ten keywords' }, choices)).toEqual({
      features: ['invalid_type'],
    });
    expect(validateContent(PRICING_KIND, { ...plan, features: ['x'.repeat(201)] }, choices)).toEqual({
      features: ['too_long'],
    });
    expect(
      validateContent(PRICING_KIND, { ...plan, features: Array.from({ length: 21 }, () => 'x') }, choices),
    ).toEqual({ features: ['too_many_lines'] });
    expect(linesOf([' a ', '', 'b'])).toEqual(['a', 'b']);
    // Any key of a key's shape: editors add plans beyond the four tiers; an empty one is made from the name.
    expect(validateContent(PRICING_KIND, { ...plan, key: 'enterprise-care' }, choices)).toEqual({});
    expect(validateContent(PRICING_KIND, { ...plan, key: '' }, choices)).toEqual({});
    for (const key of ['Enterprise', 'a b', '-x', '1st', 'باقة'])
      expect(validateContent(PRICING_KIND, { ...plan, key }, choices)).toEqual({ key: ['key_invalid'] });
  });
});

describe('validateContent (categories)', () => {
  it('needs both names; a key, when given, has a key’s shape', () => {
    const category = { key: 'retainers', name_en: 'Retainers', name_ar: 'عقود شهرية' };
    expect(validateContent(CATEGORY_KIND, category)).toEqual({});
    expect(validateContent(CATEGORY_KIND, { ...category, key: '' })).toEqual({});
    expect(validateContent(CATEGORY_KIND, { ...category, key: 'Retainers!' })).toEqual({
      key: ['key_invalid'],
    });
    expect(validateContent(CATEGORY_KIND, { key: 'x', name_en: ' ', name_ar: 'x'.repeat(81) })).toEqual({
      name_en: ['required'],
      name_ar: ['too_long'],
    });
  });

  it('makes a key from a Latin name, none from an Arabic one', () => {
    expect(keyFromName('Video Editing & Motion')).toBe('video-editing-motion');
    expect(keyFromName('  Café Plans 2027 ')).toBe('cafe-plans-2027');
    expect(keyFromName('2027 Plans')).toBe('plans');
    expect(keyFromName('باقات')).toBe('');
    expect(keyFromName('x'.repeat(70)).length).toBe(60);
  });
});

describe('validateContent (client logos: an image field)', () => {
  it('takes a stored upload or one of the site’s own pictures, nothing else', async () => {
    const { CLIENT_LOGO_KIND } = await import('./home');
    const logo = (image: string) => validateContent(CLIENT_LOGO_KIND, { name: 'Nour Foods', image });
    expect(logo('/storage/poster_images/0123456789abcdef0123456789abcdef.webp')).toEqual({});
    expect(logo('/mf/mf-marketing/images/clients/client-01.svg')).toEqual({});
    for (const image of [
      'https://evil.example/logo.svg',
      '/storage/poster_images/../../etc/passwd',
      '/storage/poster_images/logo.svg',
      '/mf/mf-marketing/images/../secret.svg',
      'javascript:alert(1)',
    ])
      expect(logo(image)).toEqual({ image: ['image_invalid'] });
    expect(logo('')).toEqual({ image: ['required'] });
  });
});
