import { type Language, MemoryRouter, setMeta } from '@agency/core';
import { initTestI18n } from '@agency/core/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import ar from '../../public/locales/ar/marketing.json';
import en from '../../public/locales/en/marketing.json';

export const TEXTS = { en, ar } as const;

/** Renders `ui` at `path` with the real marketing translations in `lng` and the page's API meta tags. */
export async function renderMarketing(
  ui: ReactElement,
  { lng = 'en', path = '/' }: { lng?: Language; path?: string } = {},
) {
  setMeta('api-key', 'test-key');
  setMeta('csrf-token', 'test-token');
  await initTestI18n(lng, { en: { marketing: en }, ar: { marketing: ar } });
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}
