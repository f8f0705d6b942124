import { BrowserRouter, Route, Routes } from '@agency/core';
import { PostPage } from '../features/post/components/post-page';
import { PostListPage } from '../features/post-list/components/post-list-page';
import '../components/blog.css';

export function App() {
  return (
    <div data-mfe="@agency/mf-blog">
      <BrowserRouter>
        <Routes>
          <Route path="/blog" element={<PostListPage />} />
          <Route path="/blog/:slug" element={<PostPage />} />
        </Routes>
      </BrowserRouter>
    </div>
  );
}
