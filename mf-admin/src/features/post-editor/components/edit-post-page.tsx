import { toast, useLanguage, useLocation, useTranslation } from '@agency/core';
import { useEffect, useState } from 'react';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { type DraftRecord, deleteDraft, editDraftKey } from '../../drafts/api/draft-store';
import { RestorePrompt } from '../../drafts/components/restore-prompt';
import { useAutosave } from '../../drafts/hooks/use-autosave';
import { toSnapshot, useEditorState } from '../hooks/use-editor-state';
import { usePostDelete } from '../hooks/use-post-delete';
import { usePostLoader } from '../hooks/use-post-loader';
import { usePostUpdate } from '../hooks/use-post-update';
import { type EditorForm, emptyForm, formFromDraft, sameContent } from '../lib/form-state';
import { ConflictDialog } from './conflict-dialog';
import { EditorHeader } from './editor-header';
import { PostForm } from './post-form';

/** /edit_blog/{slug}: the stored post, its unsent draft if any, update and delete. */
export function EditPostPage({ slug }: { slug: string }) {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const key = editDraftKey(slug);
  const load = usePostLoader(slug, key, useLanguage());
  const editor = useEditorState(emptyForm());
  const { form, dispatch, setBanner } = editor;
  const [server, setServer] = useState<EditorForm | null>(null);
  const [offer, setOffer] = useState<{ draft: DraftRecord; serverChanged: boolean } | null>(null);
  // Set together with the loaded form, so the empty initial form is never shown nor saved.
  const [shown, setShown] = useState(false);
  // The stored title names the window (a draft's changes do not, until they are saved).
  useScreenTitle(
    server?.fields.title
      ? t('screens.editPost.documentTitle', { title: server.fields.title })
      : t('screens.editPost.title'),
  );

  const autosave = useAutosave({
    snapshot: toSnapshot(key, 'edit', slug, form),
    enabled: shown && !offer,
    dirty: server ? !sameContent(form, server) : true,
    cleanState: 'server',
  });
  const { adopt } = autosave;
  const draft = { flush: autosave.flush, markSent: () => autosave.markSent(key) };
  const update = usePostUpdate(slug, editor, draft, setServer);
  const { deleted, remove } = usePostDelete(slug, editor, draft.markSent);

  useEffect(() => {
    setShown(load.status !== 'loading');
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

  function restore(saved: DraftRecord) {
    dispatch({ type: 'replace', form: formFromDraft(saved) });
    adopt(saved);
    setOffer(null);
  }

  function discard(saved: DraftRecord) {
    void deleteDraft(saved.key).catch(() => undefined);
    setOffer(null);
  }

  return (
    <section className="admin-page container" aria-labelledby="editor-heading">
      <EditorHeader title={t('screens.editPost.title')} />
      {!shown && <p role="status">{t('editor.loading')}</p>}
      {offer && (
        <RestorePrompt
          savedAt={offer.draft.savedAt}
          hasServerCopy
          serverChanged={offer.serverChanged}
          onRestore={() => restore(offer.draft)}
          onDiscard={() => discard(offer.draft)}
        />
      )}
      {update.conflict && (
        <ConflictDialog
          savedAt={update.conflict.updated_at ?? ''}
          onKeepMine={() => update.resolve('mine')}
          onTakeTheirs={() => update.resolve('theirs')}
        />
      )}
      {shown && !offer && (
        <PostForm
          mode="edit"
          form={form}
          dispatch={dispatch}
          fieldErrors={editor.fieldErrors}
          busy={editor.busy}
          disabled={deleted}
          saveState={autosave.state}
          banner={editor.banner}
          bannerRef={editor.bannerRef}
          fileInputRef={editor.fileInputRef}
          onSubmit={(next) => update.save(next ?? form)}
          onDelete={remove}
          onError={(text) => toast.error(text)}
          storedSlug={slug}
          publishedSlug={server?.fields.status === 'published' ? server.fields.slug : null}
        />
      )}
    </section>
  );
}
