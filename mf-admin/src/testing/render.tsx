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
  path?: string;
  /** The route pattern `ui` is mounted on (for useParams), '*' by default. */
  route?: string;
}

/** Where the router is: tests read it from `screen.getByTestId('location')`. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders inside a router at `path` with the real translations. */
export function renderAdmin(ui: ReactElement, { lng = 'en', path = '/', route = '*' }: RenderOptions = {}) {
  applyDocumentLanguage(document, lng);
  const i18n = createTestI18n(lng);
  const result = render(
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
  return { ...result, i18n };
}
