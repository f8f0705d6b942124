import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin } from '../../../testing/render';
import { ContentLength } from './content-length';

const words = (n: number, word: string) => `<p>${Array.from({ length: n }, () => word).join(' ')}</p>`;

describe('ContentLength', () => {
  it.each([
    ['en', 'en', '', '0 words'],
    ['en', 'en', '<p>Hello</p>', '1 word · 1 min read'],
    ['en', 'en', words(500, 'fast'), '500 words · 3 min read'],
    ['ar', 'ar', '', 'لا كلمات'],
    // Arabic punctuation splits words; the vowel marks belong to theirs.
    ['ar', 'ar', '<p>سرعة،مهمة؟ نَعَم</p>', '3 كلمات · دقيقة واحدة للقراءة'],
    ['ar', 'ar', words(500, 'سريع'), '500 كلمة · 4 دقائق للقراءة'],
    // The pace is the post's language, whatever the screen's.
    ['en', 'ar', words(500, 'سريع'), '500 words · 4 min read'],
  ] as const)('in %s, a post in %s: %s → %s', (lng, language, html, text) => {
    renderAdmin(<ContentLength html={html} language={language} />, { lng });
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
