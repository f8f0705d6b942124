import { BrowserRouter, Route, Routes, useParams } from '@agency/core';
import { useTranslation } from 'react-i18next';

function BlogList() {
  const { t } = useTranslation('blog');
  return (
    <section className="page-hero" data-page="blog">
      <h1>{t('list.title')}</h1>
      <p>{t('list.lead')}</p>
    </section>
  );
}

function BlogPost() {
  const { slug } = useParams();
  const { t } = useTranslation('blog');
  return (
    <section className="page-hero" data-page="blog-post">
      <h1>{t('post.title')}</h1>
      <p dir="auto">{slug}</p>
    </section>
  );
}

export function App() {
  return (
    <div data-mfe="@agency/mf-blog">
      <BrowserRouter>
        <Routes>
          <Route path="/blog" element={<BlogList />} />
          <Route path="/blog/:slug" element={<BlogPost />} />
        </Routes>
      </BrowserRouter>
    </div>
  );
}
