import { Route, Routes, SiteRouter } from '@agency/core';
import { PostPage } from '../features/post/components/post-page';
import { PostListPage } from '../features/post-list/components/post-list-page';
import '../components/blog.css';

export function App() {
  return (
    <div data-mfe="@agency/mf-blog">
      <SiteRouter>
        <Routes>
          <Route path="/blog" element={<PostListPage />} />
          <Route path="/blog/:slug" element={<PostPage />} />
        </Routes>
      </SiteRouter>
    </div>
  );
}
