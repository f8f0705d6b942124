import type { Language, PostSummary } from '@agency/core';
import { useTranslation } from '@agency/core';
import { useEditor } from '../../../hooks/use-editor';
import { mayChangePost } from '../lib/may-change';
import { PostRow } from './post-row';

interface PostsTableProps {
  posts: PostSummary[] | null;
  language: Language;
  deletingId: number | null;
  canDelete: boolean;
  onDelete: (post: PostSummary) => void;
  /** What an empty list says (a filtered list has its own words). */
  emptyText?: string;
}

const COLUMNS = ['title', 'status', 'language', 'translation', 'publishedAt', 'actions'] as const;

/** The posts, or one row saying they are loading (posts = null) or that there are none. */
export function PostsTable({ posts, language, deletingId, canDelete, onDelete, emptyText }: PostsTableProps) {
  const { t } = useTranslation('admin');
  const editor = useEditor();
  return (
    <table className="admin-table posts-table">
      <caption className="visually-hidden">{t('posts.caption')}</caption>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              {t(`posts.columns.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {posts === null || posts.length === 0 ? (
          <tr className="admin-table__empty">
            <td colSpan={COLUMNS.length} role={posts === null ? 'status' : undefined}>
              {posts === null ? t('posts.loading') : (emptyText ?? t('posts.empty'))}
            </td>
          </tr>
        ) : (
          posts.map((post) => (
            <PostRow
              key={post.id}
              post={post}
              language={language}
              deleting={deletingId === post.id}
              canDelete={canDelete}
              mayChange={mayChangePost(editor, post)}
              onDelete={onDelete}
            />
          ))
        )}
      </tbody>
    </table>
  );
}
