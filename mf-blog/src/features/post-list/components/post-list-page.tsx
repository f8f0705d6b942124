import { useDocumentMeta, useLanguage, useSearchParams, useSiteName, useTranslation } from '@agency/core';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { LoadFailure } from '../../../components/load-failure';
import { Notice } from '../../../components/notice';
import { Spinner } from '../../../components/spinner';
import { httpErrorMessage } from '../../../lib/errors';
import { NoPostsError, usePosts } from '../api/get-posts';
import { parsePage } from '../lib/pagination';
import { Pagination } from './pagination';
import { PostCard } from './post-card';
import './post-list.css';

/** /blog: the hero, then one page of posts (?page=N) with the server's pagination. */
export function PostListPage() {
  const { t } = useTranslation('blog');
  const language = useLanguage();
  const [params] = useSearchParams();
  const page = parsePage(params.get('page'));
  const posts = usePosts(language, page);
  const headingId = useId();
  useDocumentMeta(t('list.documentTitle', { name: useSiteName() }), t('list.lead'));

  // The shell scrolls up when the path changes; a new page of the list changes only the query.
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    window.scrollTo({ top: 0 });
  }, [page]);

  let body: ReactNode;
  if (posts.status === 'loading') {
    body = <Spinner label={t('list.loading')} />;
  } else if (posts.status === 'error') {
    const { error } = posts;
    const message =
      error instanceof NoPostsError
        ? t('errors.noPosts')
        : (httpErrorMessage(error, t) ?? t('errors.listDefault'));
    body = <LoadFailure error={error} message={message} onRetry={posts.retry} />;
  } else {
    const { data: list, last_page: lastPage, links } = posts.data;
    body = (
      <>
        {list.length === 0 ? (
          <Notice tone="info" role="status" title={t('list.empty')} />
        ) : (
          <ul className="post-list" aria-labelledby={headingId}>
            {list.map((post, index) => (
              <li key={post.id}>
                <PostCard post={post} eager={index === 0} />
              </li>
            ))}
          </ul>
        )}
        {/* Also under an empty page (a link to a page past the last one), so the reader can go back. */}
        {lastPage > 1 ? <Pagination links={links} /> : null}
      </>
    );
  }

  return (
    <div data-page="blog">
      <header className="page-hero">
        <h1>{t('list.title')}</h1>
        <p>{t('list.lead')}</p>
      </header>
      <section className="container blog-section" aria-labelledby={headingId}>
        <h2 id={headingId} className="visually-hidden">
          {t('list.postsLabel')}
        </h2>
        {body}
      </section>
    </div>
  );
}
