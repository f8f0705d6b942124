import { ApiError, useNavigate, useTranslation } from '@agency/core';
import { useEffect, useRef, useState } from 'react';
import { failureText } from '../../../lib/failure-text';
import { deletePostBySlug } from '../api/delete-post';
import type { EditorState } from './use-editor-state';

/** After a delete, the spec waits this long on the success message before going to /posts. */
export const DELETE_REDIRECT_MS = 1500;

/**
 * Deletes the post being edited after a confirmation: post_deleted, the draft goes, and after 1500 ms
 * /posts replaces this screen in the history.
 */
export function usePostDelete(slug: string, editor: EditorState, forgetDraft: () => Promise<void>) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [deleted, setDeleted] = useState(false);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  async function remove() {
    if (!window.confirm(t('confirm_delete_post'))) return;
    editor.setBusy('deleting');
    try {
      await deletePostBySlug(slug);
      setDeleted(true);
      await forgetDraft();
      editor.setBanner({ kind: 'success', text: t('post_deleted') }, true);
      redirect.current = window.setTimeout(() => navigate('/posts', { replace: true }), DELETE_REDIRECT_MS);
    } catch (error) {
      const forbidden = error instanceof ApiError && error.status === 403;
      const text = forbidden ? t('delete_forbidden_error') : failureText(t, 'post_delete_error', error);
      editor.setBanner({ kind: 'error', text }, true);
      editor.setBusy('idle');
    }
  }

  return { deleted, remove };
}
