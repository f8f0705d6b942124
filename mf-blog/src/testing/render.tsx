import {
  applyDocumentLanguage,
  I18nextProvider,
  type Language,
  Route,
  Routes,
  useLocation,
} from '@agency/core';
import { MemoryRouter } from '@agency/core/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createTestI18n } from './i18n';

export interface RenderOptions {
  lng?: Language;
  /** The address the router starts at, e.g. `/blog?page=2`. */
  path?: string;
  /** The route pattern `ui` is mounted on, so that useParams works (`/blog/:slug`). */
  route?: string;
}

/** Where the router is: tests read it from `screen.getByTestId('location')`. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders `ui` on a route inside a memory router, with the real translations in `lng`. */
export function renderWithBlog(
  ui: ReactElement,
  { lng = 'en', path = '/blog', route = '/blog' }: RenderOptions = {},
) {
  applyDocumentLanguage(document, lng);
  const i18n = createTestI18n(lng);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          {route !== '*' && <Route path="*" element={null} />}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </I18nextProvider>,
  );
}
