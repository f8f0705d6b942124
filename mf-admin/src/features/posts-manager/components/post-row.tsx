import { type Language, Link, type PostSummary, useTranslation } from '@agency/core';
import { postStateOf } from '@agency/core/rules';
import { formatPostTime } from '../../../lib/post-time';

interface PostRowProps {
  post: PostSummary;
  language: Language;
  deleting: boolean;
  /** False while offline from this device's copy: a delete could not reach the server. */
  canDelete: boolean;
  /** Whether the editor's role lets them edit and delete this post (an author: only their own drafts). */
  mayChange: boolean;
  onDelete: (post: PostSummary) => void;
}

/**
 * The post's translation: a link to edit it (marked when it is a draft), or "No translation" with a link
 * that starts one (the editor's translate screen, linked to this post). Nothing for a list saved on this
 * device before lists carried translations.
 */
function TranslationState({ post }: { post: PostSummary }) {
  const { t } = useTranslation('admin');
  if (!post.translations) return null;
  const translation = post.translations.find((one) => one.language !== post.language);
  if (!translation) {
    const into = post.language === 'ar' ? 'en' : 'ar';
    return (
      <span className="translation-state">
        <span className="translation-state--missing">{t('posts.translation.missing')}</span>
        <Link
          className="admin-button admin-button--quiet"
          to={`/new_blog?translation_of=${encodeURIComponent(post.slug)}`}
          aria-label={t('posts.translation.translateLabel', {
            title: post.title,
            language: t(`posts.language.${into}`),
          })}
        >
          {t('posts.translation.translate')}
        </Link>
      </span>
    );
  }
  return (
    <span className="translation-state">
      <Link
        to={`/edit_blog/${encodeURIComponent(translation.slug)}`}
        lang={translation.language}
        dir="auto"
        aria-label={t('posts.translation.linkedLabel', { title: translation.title })}
      >
        {translation.title}
      </Link>
      {translation.status === 'draft' && (
        <span className="status-pill status-pill--draft">{t('posts.status.draft')}</span>
      )}
    </span>
  );
}

/**
 * Draft, Published, or Scheduled with the date and time it goes out (published, its date still to come: the
 * public does not see it yet).
 */
function StatePill({ post, language }: { post: PostSummary; language: Language }) {
  const { t } = useTranslation('admin');
  const state = postStateOf(post);
  return (
    <>
      <span className={`status-pill status-pill--${state}`}>{t(`posts.status.${state}`)}</span>
      {state === 'scheduled' && (
        <span className="posts-table__when">
          <time dateTime={post.published_at}>
            {t('posts.scheduledFor', { date: formatPostTime(post.published_at, language) })}
          </time>
        </span>
      )}
    </>
  );
}

/** Title (slug beneath), status, language as a word, translation, publication date and time, edit and delete. */
export function PostRow({ post, language, deleting, canDelete, mayChange, onDelete }: PostRowProps) {
  const { t } = useTranslation('admin');
  return (
    <tr className="admin-table__row" aria-busy={deleting || undefined}>
      <td className="admin-table__main posts-table__title" data-label={t('posts.columns.title')}>
        <span className="posts-table__title-text" dir="auto">
          {post.title}
        </span>
        <span className="posts-table__slug" dir="auto">
          {post.slug}
        </span>
      </td>
      <td data-label={t('posts.columns.status')}>
        <StatePill post={post} language={language} />
      </td>
      <td data-label={t('posts.columns.language')}>
        <span lang={post.language}>{t(`posts.language.${post.language}`)}</span>
      </td>
      <td data-label={t('posts.columns.translation')}>
        <TranslationState post={post} />
      </td>
      <td data-label={t('posts.columns.publishedAt')}>
        <time dateTime={post.published_at}>{formatPostTime(post.published_at, language)}</time>
      </td>
      <td className="admin-table__actions" data-label={t('posts.columns.actions')}>
        {mayChange ? (
          <PostActions post={post} deleting={deleting} canDelete={canDelete} onDelete={onDelete} />
        ) : (
          <span className="posts-table__read-only">{t('posts.readOnly')}</span>
        )}
      </td>
    </tr>
  );
}

/** Edit and delete, for a post the editor may change. */
function PostActions({
  post,
  deleting,
  canDelete,
  onDelete,
}: Pick<PostRowProps, 'post' | 'deleting' | 'canDelete' | 'onDelete'>) {
  const { t } = useTranslation('admin');
  return (
    <>
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
    </>
  );
}
