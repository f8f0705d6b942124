import { BrowserRouter, Navigate, Route, Routes, useParams } from '@agency/core';
import { useTranslation } from 'react-i18next';

function Screen({ page }: { page: 'posts' | 'newPost' | 'editPost' | 'login' }) {
  const { t } = useTranslation('admin');
  return (
    <section className="page-hero" data-page={page}>
      <h1>{t(`screens.${page}.title`)}</h1>
    </section>
  );
}

/** The spec's edit screen navigates to /posts/edit/{slug} after a slug change: send it to the real route. */
function EditAlias() {
  const { slug = '' } = useParams();
  return <Navigate replace to={`/edit_blog/${encodeURIComponent(slug)}`} />;
}

export function App() {
  return (
    <div data-mfe="@agency/mf-admin">
      <BrowserRouter>
        <Routes>
          <Route path="/posts" element={<Screen page="posts" />} />
          <Route path="/new_blog" element={<Screen page="newPost" />} />
          <Route path="/edit_blog/:slug" element={<Screen page="editPost" />} />
          <Route path="/posts/edit/:slug" element={<EditAlias />} />
          <Route path="/login" element={<Screen page="login" />} />
        </Routes>
      </BrowserRouter>
    </div>
  );
}
