import { type Post, useNavigate, useTranslation } from '@agency/core';
import { useState } from 'react';
import { failureText } from '../../../lib/failure-text';
import { conflictingPost, updatePost } from '../api/update-post';
import { type EditorForm, formFromPost } from '../lib/form-state';
import { postFormData } from '../lib/post-form-data';
import type { EditorState } from './use-editor-state';

interface DraftControl {
  flush: () => Promise<void>;
  markSent: () => Promise<void>;
}

/**
 * Sends the edit form (PUT with the version it started from). The draft goes only once the server took
 * it. A 409 leaves the choice to the editor: keep theirs (send again over the newer copy) or take the
 * server's. A new slug moves to the spec's /posts/edit/{slug}, which the app redirects.
 */
export function usePostUpdate(
  slug: string,
  editor: EditorState,
  draft: DraftControl,
  setServer: (form: EditorForm) => void,
) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [conflict, setConflict] = useState<Post | null>(null);
  const { dispatch, setBanner } = editor;

  async function save(toSend: EditorForm) {
    if (!editor.validate(toSend)) return;
    await draft.flush();
    editor.setBusy('saving');
    setBanner(null);
    try {
      const post = await updatePost(slug, postFormData(toSend, 'update'));
      await draft.markSent();
      if (post.slug !== slug) {
        navigate(`/posts/edit/${encodeURIComponent(post.slug)}`, {
          replace: true,
          state: { banner: 'post_updated' },
        });
        return;
      }
      const next = formFromPost(post);
      setServer(next);
      dispatch({ type: 'replace', form: next });
      editor.clearFileInput();
      setBanner({ kind: 'success', text: t('post_updated') }, true);
    } catch (error) {
      const current = conflictingPost(error);
      if (current) setConflict(current);
      const text = current ? t('post_conflict') : failureText(t, 'post_update_error', error);
      setBanner({ kind: 'error', text, note: t('drafts.kept') }, true);
    } finally {
      editor.setBusy('idle');
    }
  }

  function resolve(choice: 'mine' | 'theirs') {
    if (!conflict) return;
    const theirs = formFromPost(conflict);
    setConflict(null);
    setServer(theirs);
    if (choice === 'mine') {
      const mine = {
        ...editor.form,
        baseVersion: theirs.baseVersion,
        baseTranslationId: theirs.baseTranslationId,
      };
      dispatch({ type: 'replace', form: mine });
      void save(mine);
    } else {
      dispatch({ type: 'replace', form: theirs });
      setBanner(null);
      void draft.markSent();
    }
  }

  return { save, conflict, resolve };
}
