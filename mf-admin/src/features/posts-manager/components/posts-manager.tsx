import {
  ApiError,
  directionOf,
  isLanguage,
  LANGUAGES,
  Link,
  type PostSummary,
  toast,
  useLanguage,
  useSearchParams,
  useTranslation,
} from '@agency/core';
import { POST_STATES, type PostState, SEARCH_MAX_LENGTH } from '@agency/core/rules';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { ClearFilters, FilterSearch } from '../../../components/filter-search';
import { useOutcome } from '../../../components/outcome-line';
import { Pager, useLastPage } from '../../../components/pager';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { formatSavedAt } from '../../../lib/dates';
import { failureText, translateServerMessage } from '../../../lib/failure-text';
import { deletePostById } from '../api/delete-post';
import { filtersQuery, type PostFilters } from '../api/get-posts';
import { usePostsPage } from '../hooks/use-posts-page';
import { PostsTable } from './posts-table';
import './posts-manager.css';

/** The server's limits on the list's query (an address typed by hand is held to them, not refused). */
const LIMITS = { page: 100_000, q: SEARCH_MAX_LENGTH };

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? Math.min(page, LIMITS.page) : 1;
}

/**
 * The filters written in the address (so a reload, the back button or a shared link keeps them); a value
 * the list does not know is left out, as if absent.
 */
export function filtersFrom(params: URLSearchParams): PostFilters {
  const language = params.get('language');
  const status = params.get('status');
  const q = params.get('q')?.trim().slice(0, LIMITS.q);
  return {
    ...(isLanguage(language) ? { language } : {}),
    ...((POST_STATES as readonly string[]).includes(status ?? '') ? { status: status as PostState } : {}),
    ...(q ? { q } : {}),
    ...(params.get('translation') === 'missing' ? { missingTranslation: true } : {}),
  };
}

/**
 * /posts: the editor's list of every post, in both languages, a page at a time, with filters by language,
 * status, title and missing translation. `children` come between the heading and the list (the app puts the
 * unsent drafts there).
 */
export function PostsManager({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const page = pageFrom(params.get('page'));
  const [reloadToken, setReloadToken] = useState(0);
  const state = usePostsPage(filters, page, reloadToken);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [query, setQuery] = useState(filters.q ?? '');
  // The last delete's result stays written on the page, and focus goes to it: the row and its button are gone.
  const { line: outcomeLine, report } = useOutcome();
  useScreenTitle(t('screens.posts.title'));
  const lastPage = useLastPage(state.status === 'loaded' ? state.data.last_page : undefined);

  // The deleted row stays marked until the reloaded page replaces it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new answer arrives.
  useEffect(() => setDeletingId(null), [state]);
  // The search box follows the address (the back button, "Clear filters").
  useEffect(() => setQuery(filters.q ?? ''), [filters.q]);

  const show = (next: PostFilters, nextPage = 1) =>
    setParams({ ...filtersQuery(next), ...(nextPage > 1 ? { page: String(nextPage) } : {}) });
  const setPage = (next: number) => show(filters, next);

  function search(event: FormEvent) {
    event.preventDefault();
    show({ ...filters, q: query.trim() || undefined });
  }

  async function remove(post: PostSummary) {
    if (!window.confirm(t('confirm_delete_post'))) return;
    const rowsOnPage = state.status === 'loaded' ? state.data.data.length : 0;
    setDeletingId(post.id);
    try {
      await deletePostById(post.id);
      toast.success(t('post_deleted'));
      report(t('post_deleted'), false);
      if (rowsOnPage === 1 && page > 1) setPage(page - 1);
      else setReloadToken((n) => n + 1);
    } catch (error) {
      setDeletingId(null);
      if (error instanceof ApiError && error.status === 403) {
        toast.error(t('delete_forbidden_error'));
        report(t('delete_forbidden_error'), true);
      } else if (!(error instanceof ApiError && error.status === 401)) {
        toast.error(failureText(t, 'post_delete_error', error));
        report(failureText(t, 'post_delete_error', error), true);
      }
    }
  }

  if (state.status === 'error') {
    const { error } = state;
    const message =
      error instanceof ApiError
        ? error.isNetworkError
          ? t('no_server_response')
          : translateServerMessage(t, error.message)
        : t('posts.loadError');
    return (
      <section className="admin-page container" dir={directionOf(language)}>
        <p className="admin-alert admin-alert--error" role="alert">
          {message}
        </p>
        {children}
      </section>
    );
  }

  const loaded = state.status === 'loaded' ? state : null;
  const filtered = Boolean(filters.language || filters.status || filters.q || filters.missingTranslation);
  return (
    <section className="admin-page container" dir={directionOf(language)} aria-labelledby="posts-heading">
      <header className="admin-page__header">
        <h1 id="posts-heading">{t('screens.posts.title')}</h1>
        <Link className="button button--primary" to="/new_blog">
          {t('admin.newPost')}
        </Link>
      </header>
      {children}
      {outcomeLine}
      <search aria-label={t('posts.filters')}>
        <form className="admin-filters posts-filters" onSubmit={search}>
          <label className="admin-field">
            <span className="admin-field__label">{t('posts.filterLanguage')}</span>
            <select
              value={filters.language ?? ''}
              onChange={(event) =>
                show({
                  ...filters,
                  language: isLanguage(event.target.value) ? event.target.value : undefined,
                })
              }
            >
              <option value="">{t('posts.allLanguages')}</option>
              {LANGUAGES.map((one) => (
                <option key={one} value={one} lang={one}>
                  {t(`posts.language.${one}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="admin-field">
            <span className="admin-field__label">{t('posts.filterStatus')}</span>
            <select
              value={filters.status ?? ''}
              onChange={(event) =>
                show({ ...filters, status: (event.target.value || undefined) as PostState | undefined })
              }
            >
              <option value="">{t('posts.allStatuses')}</option>
              {POST_STATES.map((one) => (
                <option key={one} value={one}>
                  {t(`posts.status.${one}`)}
                </option>
              ))}
            </select>
          </label>
          <FilterSearch
            id="posts-q"
            label={t('posts.search')}
            value={query}
            maxLength={LIMITS.q}
            onChange={setQuery}
            button={t('posts.searchButton')}
          />
          <ClearFilters
            shown={filtered}
            onClear={() => {
              setQuery('');
              show({});
            }}
          >
            {t('posts.clearFilters')}
          </ClearFilters>
          <label className="posts-filter">
            <input
              type="checkbox"
              checked={Boolean(filters.missingTranslation)}
              onChange={(event) =>
                show({ ...filters, missingTranslation: event.target.checked || undefined })
              }
            />
            {t('posts.translation.filter')}
          </label>
        </form>
      </search>
      {loaded?.savedAt && (
        <p className="admin-alert admin-alert--warning" role="status">
          {t('posts.stale', { date: formatSavedAt(loaded.savedAt, language) })}
        </p>
      )}
      <PostsTable
        posts={loaded ? loaded.data.data : null}
        language={language}
        emptyText={
          filters.missingTranslation && !(filters.language || filters.status || filters.q)
            ? t('posts.translation.emptyMissing')
            : filtered
              ? t('posts.emptyFiltered')
              : undefined
        }
        deletingId={deletingId}
        canDelete={!loaded?.savedAt}
        onDelete={remove}
      />
      <Pager page={page} lastPage={lastPage} onPage={setPage} />
    </section>
  );
}
