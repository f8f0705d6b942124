import { type Language, Route, Routes, setMeta, useLocation } from '@agency/core';
import { initTestI18n, MemoryRouter } from '@agency/core/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import shellAr from '../../../mf-shell/public/locales/ar/shell.json';
import shellEn from '../../../mf-shell/public/locales/en/shell.json';
import ar from '../../public/locales/ar/marketing.json';
import en from '../../public/locales/en/marketing.json';

export const TEXTS = { en, ar } as const;

interface RenderOptions {
  lng?: Language;
  /** The address the router starts at. */
  path?: string;
  /** The route pattern `ui` is mounted on, so that useParams works (`/services/:serviceType`). */
  route?: string;
}

/** Where the router is: tests read it from `screen.getByTestId('location')`. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/**
 * Renders `ui` at `path` with the real translations in `lng` (marketing's, and the shell's, which every page
 * has loaded: the 404 page reuses them) and the page's API meta tags.
 */
export async function renderMarketing(
  ui: ReactElement,
  { lng = 'en', path = '/', route }: RenderOptions = {},
) {
  setMeta('api-key', 'test-key');
  setMeta('csrf-token', 'test-token');
  await initTestI18n(lng, {
    en: { marketing: en, shell: shellEn },
    ar: { marketing: ar, shell: shellAr },
  });
  return render(
    <MemoryRouter initialEntries={[path]}>
      {route ? (
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
      ) : (
        ui
      )}
      <LocationProbe />
    </MemoryRouter>,
  );
}
