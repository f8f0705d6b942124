import {
  ApiError,
  directionOf,
  Link,
  type PostSummary,
  toast,
  useLanguage,
  useSearchParams,
  useTranslation,
} from '@agency/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useOutcome } from '../../../components/outcome-line';
import { Pager, useLastPage } from '../../../components/pager';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { formatSavedAt } from '../../../lib/dates';
import { failureText, translateServerMessage } from '../../../lib/failure-text';
import { deletePostById } from '../api/delete-post';
import { usePostsPage } from '../hooks/use-posts-page';
import { PostsTable } from './posts-table';
import './posts-manager.css';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * /posts: the editor's list of every post, in the site's language, a page at a time. `children` come
 * between the heading and the list (the app puts the unsent drafts there).
 */
export function PostsManager({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const missingTranslation = params.get('translation') === 'missing';
  const [reloadToken, setReloadToken] = useState(0);
  const state = usePostsPage(language, page, reloadToken, missingTranslation);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  // The last delete's result stays written on the page, and focus goes to it: the row and its button are gone.
  const { line: outcomeLine, report } = useOutcome();
  useScreenTitle(t('screens.posts.title'));
  const lastPage = useLastPage(state.status === 'loaded' ? state.data.last_page : undefined);

  // The deleted row stays marked until the reloaded page replaces it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new answer arrives.
  useEffect(() => setDeletingId(null), [state]);

  const show = (next: number, missing: boolean) =>
    setParams({
      ...(missing ? { translation: 'missing' } : {}),
      ...(next > 1 ? { page: String(next) } : {}),
    });
  const setPage = (next: number) => show(next, missingTranslation);

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
      <label className="posts-filter">
        <input
          type="checkbox"
          checked={missingTranslation}
          onChange={(event) => show(1, event.target.checked)}
        />
        {t('posts.translation.filter')}
      </label>
      {loaded?.savedAt && (
        <p className="admin-alert admin-alert--warning" role="status">
          {t('posts.stale', { date: formatSavedAt(loaded.savedAt, language) })}
        </p>
      )}
      <PostsTable
        posts={loaded ? loaded.data.data : null}
        language={language}
        emptyText={missingTranslation ? t('posts.translation.emptyMissing') : undefined}
        deletingId={deletingId}
        canDelete={!loaded?.savedAt}
        onDelete={remove}
      />
      <Pager page={page} lastPage={lastPage} onPage={setPage} />
    </section>
  );
}
