import {
  formatInteger,
  useDocumentMeta,
  useLanguage,
  useSearchParams,
  useSiteName,
  useTranslation,
} from '@agency/core';
import { useEffect, useId, useRef } from 'react';
import { LoadFailure } from '../../../components/load-failure';
import { Notice } from '../../../components/notice';
import { Spinner } from '../../../components/spinner';
import { httpErrorMessage } from '../../../lib/errors';
import { NoPostsError, usePosts } from '../api/get-posts';
import { parsePage } from '../lib/pagination';
import { Pagination } from './pagination';
import { PostCard } from './post-card';
import { SearchForm } from './search-form';
import './post-list.css';

/**
 * /blog: the hero and the search box, then one page of posts (?page=N) with the server's pagination; with
 * `?q=`, one page of the search's results instead, how many there are said first.
 */
export function PostListPage() {
  const { t } = useTranslation('blog');
  const [params] = useSearchParams();
  const page = parsePage(params.get('page'));
  const q = params.get('q')?.trim() || undefined;
  const headingId = useId();
  const siteName = useSiteName();
  useDocumentMeta(
    q ? t('search.documentTitle', { query: q, name: siteName }) : t('list.documentTitle', { name: siteName }),
    t('list.lead'),
  );

  // The shell scrolls up when the path changes; a new page of the list changes only the query.
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    window.scrollTo({ top: 0 });
  }, [page]);

  return (
    <div data-page="blog">
      <header className="page-hero">
        <h1>{t('list.title')}</h1>
        <p>{t('list.lead')}</p>
        <SearchForm q={q} />
      </header>
      <section className="container blog-section" aria-labelledby={headingId}>
        <h2 id={headingId} className="visually-hidden">
          {t('list.postsLabel')}
        </h2>
        <ListBody page={page} q={q} headingId={headingId} />
      </section>
    </div>
  );
}

const SEARCH_ERRORS = ['search_too_long', 'search_character_invalid'] as const;

/** One page of the list, or of a search's results (`q`), as the API answers it. */
function ListBody({ page, q, headingId }: { page: number; q?: string; headingId: string }) {
  const { t } = useTranslation('blog');
  const language = useLanguage();
  const posts = usePosts(language, page, q);

  if (posts.status === 'loading') return <Spinner label={t('list.loading')} />;
  if (posts.status === 'error') {
    const { error } = posts;
    const message =
      error instanceof NoPostsError
        ? t('errors.noPosts')
        : (httpErrorMessage(error, t) ?? t('errors.listDefault'));
    // A search the API refused (too long, a control character): why, in the reader's language; trying the
    // same query again would not help.
    const refused = SEARCH_ERRORS.find((key) => key === message);
    if (refused) return <Notice tone="error" role="alert" title={t(`search.errors.${refused}`)} />;
    return (
      <LoadFailure
        error={error}
        message={message}
        onRetry={posts.retry}
        offlineText={q ? t('search.offline') : undefined}
      />
    );
  }
  const { data: list, last_page: lastPage, links, total } = posts.data;
  return (
    <>
      {q && total > 0 ? (
        <p className="blog-search__summary" role="status">
          {t('search.results', { count: total, total: formatInteger(total, language), query: q })}
        </p>
      ) : null}
      {list.length === 0 ? (
        <Notice tone="info" role="status" title={q ? t('search.none', { query: q }) : t('list.empty')} />
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
      {lastPage > 1 ? <Pagination links={links} q={q} /> : null}
    </>
  );
}
