import { type Language, Link, type PostSummary, useTranslation } from '@agency/core';
import { formatLongDate } from '@agency/core/rules';

interface PostRowProps {
  post: PostSummary;
  language: Language;
  deleting: boolean;
  /** False while offline from this device's copy: a delete could not reach the server. */
  canDelete: boolean;
  onDelete: (post: PostSummary) => void;
}

/** Title (slug beneath), status, language as a word, long published date, edit link and delete button. */
export function PostRow({ post, language, deleting, canDelete, onDelete }: PostRowProps) {
  const { t } = useTranslation('admin');
  return (
    <tr className="posts-table__row" aria-busy={deleting || undefined}>
      <td className="posts-table__title" data-label={t('posts.columns.title')}>
        <span className="posts-table__title-text" dir="auto">
          {post.title}
        </span>
        <span className="posts-table__slug" dir="auto">
          {post.slug}
        </span>
      </td>
      <td data-label={t('posts.columns.status')}>
        <span className={`status-pill status-pill--${post.status}`}>{t(`posts.status.${post.status}`)}</span>
      </td>
      <td data-label={t('posts.columns.language')}>
        <span lang={post.language}>{t(`posts.language.${post.language}`)}</span>
      </td>
      <td data-label={t('posts.columns.publishedAt')}>
        <time dateTime={post.published_at}>{formatLongDate(post.published_at, language)}</time>
      </td>
      <td className="posts-table__actions" data-label={t('posts.columns.actions')}>
        <Link
          className="admin-button admin-button--quiet"
          to={`/edit_blog/${encodeURIComponent(post.slug)}`}
          aria-label={t('posts.editLabel', { title: post.title })}
        >
          {t('posts.edit')}
        </Link>
        <button
          type="button"
          className="admin-button admin-button--danger"
          onClick={() => onDelete(post)}
          disabled={deleting || !canDelete}
          aria-label={deleting ? undefined : t('posts.deleteLabel', { title: post.title })}
        >
          {deleting ? t('posts.deleting') : t('posts.delete')}
        </button>
      </td>
    </tr>
  );
}
