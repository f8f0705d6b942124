import { ApiError, type Post, toast, useLocation, useNavigate } from '@agency/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../hooks/use-language';
import { failureText } from '../../../lib/failure-text';
import { type DraftRecord, deleteDraft, editDraftKey } from '../../drafts/api/draft-store';
import { RestorePrompt } from '../../drafts/components/restore-prompt';
import { useAutosave } from '../../drafts/hooks/use-autosave';
import { deletePostBySlug } from '../api/delete-post';
import { conflictingPost, updatePost } from '../api/update-post';
import { toSnapshot, useEditorState } from '../hooks/use-editor-state';
import { usePostLoader } from '../hooks/use-post-loader';
import { type EditorForm, emptyForm, formFromDraft, formFromPost, sameContent } from '../lib/form-state';
import { postFormData } from '../lib/post-form-data';
import { ConflictDialog } from './conflict-dialog';
import { EditorHeader } from './editor-header';
import { PostForm } from './post-form';

/** After a delete, the spec waits this long on the success message before going to /posts. */
export const DELETE_REDIRECT_MS = 1500;

/** /edit_blog/{slug}: the stored post, its unsent draft if any, update and delete. */
export function EditPostPage({ slug }: { slug: string }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const location = useLocation();
  const key = editDraftKey(slug);
  const load = usePostLoader(slug, key, useLanguage());
  const editor = useEditorState(emptyForm());
  const { form, dispatch, setBanner } = editor;
  const [server, setServer] = useState<EditorForm | null>(null);
  const [offer, setOffer] = useState<{ draft: DraftRecord; serverChanged: boolean } | null>(null);
  const [conflict, setConflict] = useState<Post | null>(null);
  const [deleted, setDeleted] = useState(false);
  const redirect = useRef<number | undefined>(undefined);

  const autosave = useAutosave({
    snapshot: toSnapshot(key, 'edit', slug, form),
    enabled: load.status !== 'loading' && !offer && !deleted,
    dirty: server ? !sameContent(form, server) : true,
    cleanState: 'server',
  });
  const { adopt } = autosave;

  useEffect(() => {
    if (load.status === 'ready') {
      setServer(load.server);
      dispatch({ type: 'replace', form: load.server });
      setOffer(load.draft ? { draft: load.draft, serverChanged: load.serverChanged } : null);
      if ((location.state as { banner?: string } | null)?.banner === 'post_updated') {
        setBanner({ kind: 'success', text: t('post_updated') });
      }
    } else if (load.status === 'offline') {
      dispatch({ type: 'replace', form: formFromDraft(load.draft) });
      adopt(load.draft);
      setBanner({ kind: 'info', text: t('drafts.openedOffline') });
    }
  }, [load, dispatch, adopt, setBanner, t, location.state]);

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  async function save(toSend: EditorForm = form) {
    if (!editor.validate(toSend)) return;
    await autosave.flush();
    editor.setBusy('saving');
    setBanner(null);
    try {
      const post = await updatePost(slug, postFormData(toSend, 'update'));
      await autosave.markSent(key);
      if (post.slug !== slug) {
        // The spec's path after a slug change; the app sends it on to /edit_blog/{slug}.
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

  async function remove() {
    if (!window.confirm(t('confirm_delete_post'))) return;
    editor.setBusy('deleting');
    try {
      await deletePostBySlug(slug);
      setDeleted(true);
      await autosave.markSent(key);
      setBanner({ kind: 'success', text: t('post_deleted') }, true);
      redirect.current = window.setTimeout(() => navigate('/posts', { replace: true }), DELETE_REDIRECT_MS);
    } catch (error) {
      const forbidden = error instanceof ApiError && error.status === 403;
      setBanner(
        {
          kind: 'error',
          text: forbidden ? t('delete_forbidden_error') : failureText(t, 'post_delete_error', error),
        },
        true,
      );
      editor.setBusy('idle');
    }
  }

  function restore(draft: DraftRecord) {
    dispatch({ type: 'replace', form: formFromDraft(draft) });
    adopt(draft);
    setOffer(null);
  }

  function discard(draft: DraftRecord) {
    void deleteDraft(draft.key).catch(() => undefined);
    setOffer(null);
  }

  function resolveConflict(choice: 'mine' | 'theirs') {
    if (!conflict) return;
    const theirs = formFromPost(conflict);
    setConflict(null);
    setServer(theirs);
    if (choice === 'mine') {
      const mine = { ...form, baseVersion: theirs.baseVersion };
      dispatch({ type: 'replace', form: mine });
      void save(mine);
    } else {
      dispatch({ type: 'replace', form: theirs });
      void autosave.markSent(key);
      setBanner(null);
    }
  }

  return (
    <section className="admin-page container" aria-labelledby="editor-heading">
      <EditorHeader title={t('screens.editPost.title')} />
      {load.status === 'loading' && <p role="status">{t('editor.loading')}</p>}
      {offer && (
        <RestorePrompt
          savedAt={offer.draft.savedAt}
          hasServerCopy
          serverChanged={offer.serverChanged}
          onRestore={() => restore(offer.draft)}
          onDiscard={() => discard(offer.draft)}
        />
      )}
      {conflict && (
        <ConflictDialog
          savedAt={conflict.updated_at ?? ''}
          onKeepMine={() => resolveConflict('mine')}
          onTakeTheirs={() => resolveConflict('theirs')}
        />
      )}
      {load.status !== 'loading' && !offer && (
        <PostForm
          mode="edit"
          form={form}
          dispatch={dispatch}
          fieldError={editor.fieldError}
          busy={editor.busy}
          disabled={deleted}
          saveState={autosave.state}
          banner={editor.banner}
          bannerRef={editor.bannerRef}
          fileInputRef={editor.fileInputRef}
          onSubmit={() => save()}
          onDelete={remove}
          onError={(text) => toast.error(text)}
        />
      )}
    </section>
  );
}
