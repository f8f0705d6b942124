import { describe, expect, it } from 'vitest';
import { slugify, slugProblem } from './slug';

describe('slugify', () => {
  it.each([
    { title: 'Hello World', expected: 'hello-world' },
    { title: '  Many   spaces -- here ', expected: 'many-spaces-here' },
    { title: 'What’s new in 2026?', expected: 'whats-new-in-2026' },
    { title: 'snake_case stays', expected: 'snake_case-stays' },
    { title: 'a/b\\c..d', expected: 'abcd' },
    { title: '---', expected: '' },
    { title: 'دليل تحسين محركات البحث', expected: 'دليل-تحسين-محركات-البحث' },
    { title: 'Tabs\tand\nnewlines', expected: 'tabs-and-newlines' },
    { title: 'ÉTÉ Café', expected: 'été-café' },
  ])('slugify($title)', ({ title, expected }) => expect(slugify(title)).toBe(expected));
});

describe('slugProblem', () => {
  it.each([
    { slug: 'hello-world', expected: null },
    { slug: 'دليل-البحث', expected: null },
    { slug: '2026-plans', expected: null },
    { slug: '', expected: 'slug_required' },
    { slug: '   ', expected: 'slug_required' },
    { slug: '12345', expected: 'slug_invalid' },
    { slug: 'a/b', expected: 'slug_invalid' },
    { slug: '..', expected: 'slug_invalid' },
    { slug: 'Upper', expected: 'slug_invalid' },
    { slug: 'bad\u0000char', expected: 'slug_invalid' },
    { slug: 'x'.repeat(200), expected: null },
    { slug: 'x'.repeat(201), expected: 'slug_invalid' },
  ])('slugProblem($slug) = $expected', ({ slug, expected }) => expect(slugProblem(slug)).toBe(expected));
});
