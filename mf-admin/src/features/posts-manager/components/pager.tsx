import { useTranslation } from '@agency/core';

interface PagerProps {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}

/** Previous / next and 'page X of Y', only when there is more than one page. */
export function Pager({ page, lastPage, onPage }: PagerProps) {
  const { t } = useTranslation('admin');
  if (lastPage <= 1) return null;
  return (
    <nav className="pager" aria-label={t('posts.pagination')}>
      <button
        type="button"
        className="admin-button admin-button--quiet"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
      >
        {t('posts.previous')}
      </button>
      <span className="pager__status" aria-live="polite">
        {t('posts.pageOf', { page, total: lastPage })}
      </span>
      <button
        type="button"
        className="admin-button admin-button--quiet"
        onClick={() => onPage(page + 1)}
        disabled={page >= lastPage}
      >
        {t('posts.next')}
      </button>
    </nav>
  );
}
