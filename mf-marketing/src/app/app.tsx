import { BrowserRouter, Route, Routes, useTranslation } from '@agency/core';

const PAGES = [
  { path: '/', key: 'home' },
  { path: '/about', key: 'about' },
  { path: '/pricing', key: 'pricing' },
  { path: '/services', key: 'services' },
  { path: '/services/:serviceType', key: 'serviceDetail' },
  { path: '/portfolio', key: 'portfolio' },
  { path: '/contact', key: 'contact' },
] as const;

function PageHeading({ page }: { page: (typeof PAGES)[number]['key'] }) {
  const { t } = useTranslation('marketing');
  return (
    <section className="page-hero" data-page={page}>
      <h1>{t(`pages.${page}.title`)}</h1>
      <p>{t(`pages.${page}.lead`)}</p>
    </section>
  );
}

export function App() {
  return (
    <div data-mfe="@agency/mf-marketing">
      <BrowserRouter>
        <Routes>
          {PAGES.map(({ path, key }) => (
            <Route key={path} path={path} element={<PageHeading page={key} />} />
          ))}
        </Routes>
      </BrowserRouter>
    </div>
  );
}
