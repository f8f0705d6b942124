import { useTranslation } from '@agency/core';
import { useState } from 'react';

/**
 * The last page of the list, kept while the next page loads (undefined then): the pager stays on screen,
 * and the button just pressed keeps focus instead of vanishing with it.
 */
export function useLastPage(loaded: number | undefined): number {
  const [lastPage, setLastPage] = useState(loaded ?? 1);
  if (loaded !== undefined && loaded !== lastPage) setLastPage(loaded);
  return loaded ?? lastPage;
}

interface PagerProps {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}

/**
 * Previous / next and 'page X of Y', only when there is more than one page. At either end the button is
 * marked unavailable (aria-disabled) rather than disabled, so the one just pressed keeps focus.
 */
export function Pager({ page, lastPage, onPage }: PagerProps) {
  const { t } = useTranslation('admin');
  if (lastPage <= 1) return null;
  const go = (next: number) => {
    if (next >= 1 && next <= lastPage) onPage(next);
  };
  return (
    <nav className="pager" aria-label={t('posts.pagination')}>
      <button
        type="button"
        className="admin-button admin-button--quiet"
        onClick={() => go(page - 1)}
        aria-disabled={page <= 1 || undefined}
      >
        {t('posts.previous')}
      </button>
      <span className="pager__status" aria-live="polite">
        {t('posts.pageOf', { page, total: lastPage })}
      </span>
      <button
        type="button"
        className="admin-button admin-button--quiet"
        onClick={() => go(page + 1)}
        aria-disabled={page >= lastPage || undefined}
      >
        {t('posts.next')}
      </button>
    </nav>
  );
}
