import { type Post, toast, useLanguage, useLocation, useNavigate, useTranslation } from '@agency/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '../../../components/error-boundary';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import {
  type DraftRecord,
  deleteDraft,
  editDraftKey,
  getDraft,
  saveDraft,
} from '../../drafts/api/draft-store';
import { RestorePrompt } from '../../drafts/components/restore-prompt';
import { useAutosave } from '../../drafts/hooks/use-autosave';
import { toSnapshot, useEditorState } from '../hooks/use-editor-state';
import { usePostDelete } from '../hooks/use-post-delete';
import { usePostLoader } from '../hooks/use-post-loader';
import { usePostUpdate } from '../hooks/use-post-update';
import { type EditorForm, emptyForm, formFromDraft, formFromPost, sameContent } from '../lib/form-state';
import { ConflictDialog } from './conflict-dialog';
import { EditorHeader } from './editor-header';
import { PostForm } from './post-form';
import { PreviewSection } from './preview-section';

// The revisions (the comparison and its diff library) load only when the editor opens them.
const RevisionsPanel = lazy(() => import('../../post-revisions/components/revisions-panel'));

/** What a restore leaves in the editor's banner when the post moved to another address. */
const ARRIVAL_BANNERS = ['post_updated', 'post_restored', 'post_restored_without_image'] as const;

/** /edit_blog/{slug}: the stored post, its unsent draft if any, update, delete and the revisions. */
export function EditPostPage({ slug }: { slug: string }) {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const navigate = useNavigate();
  const key = editDraftKey(slug);
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  const revisionsToggle = useRef<HTMLButtonElement>(null);
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
      const arrival = (location.state as { banner?: string } | null)?.banner;
      const banner = ARRIVAL_BANNERS.find((known) => known === arrival);
      if (banner) {
        setBanner({ kind: banner === 'post_restored_without_image' ? 'info' : 'success', text: t(banner) });
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

  /**
   * A revision restored on the server: the form shows the post as restored. Unsent changes are not lost: they
   * stay on this device as the draft, and the editor is asked about it as when a draft meets a newer server
   * copy (restore it, and a save asks which version to keep; or discard it). True when that question is asked.
   */
  async function restored(post: Post, withoutImage: boolean): Promise<boolean> {
    const unsent = server !== null && !sameContent(form, server);
    if (unsent) await autosave.flush();
    const draftOf = unsent ? ((await getDraft(key).catch(() => undefined)) ?? null) : null;
    if (post.slug !== slug) {
      // The restore moved the post: its draft moves with it, to be offered at the new address.
      if (draftOf) {
        const { savedAt: _savedAt, ...rest } = draftOf;
        await saveDraft({ ...rest, key: editDraftKey(post.slug), slug: post.slug }).catch(() => undefined);
        await deleteDraft(key).catch(() => undefined);
      }
      const banner = withoutImage ? 'post_restored_without_image' : 'post_restored';
      navigate(`/edit_blog/${encodeURIComponent(post.slug)}`, { replace: true, state: { banner } });
      return true;
    }
    const next = formFromPost(post);
    setServer(next);
    dispatch({ type: 'replace', form: next });
    editor.clearFileInput();
    if (draftOf) setOffer({ draft: draftOf, serverChanged: true });
    return draftOf !== null;
  }

  /** Someone saved the post since: the server's copy is theirs; a form without changes shows it. */
  function conflicted(post: Post) {
    const theirs = formFromPost(post);
    const unsent = server !== null && !sameContent(form, server);
    setServer(theirs);
    if (!unsent) dispatch({ type: 'replace', form: theirs });
  }

  function closeRevisions() {
    setRevisionsOpen(false);
    requestAnimationFrame(() => revisionsToggle.current?.focus());
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
      {shown && load.status === 'ready' && !deleted && (
        <button
          ref={revisionsToggle}
          type="button"
          className="admin-button revisions-toggle"
          aria-expanded={revisionsOpen}
          aria-controls={revisionsOpen ? 'post-revisions' : undefined}
          onClick={() => (revisionsOpen ? closeRevisions() : setRevisionsOpen(true))}
        >
          {t(revisionsOpen ? 'revisions.hide' : 'revisions.show')}
        </button>
      )}
      {shown && load.status === 'ready' && !deleted && !offer && (
        <PreviewSection form={form} storedSlug={slug} />
      )}
      {revisionsOpen && server?.baseVersion && (
        <ErrorBoundary
          fallback={<p className="admin-alert admin-alert--error">{t('revisions.panelError')}</p>}
        >
          <Suspense fallback={<p role="status">{t('revisions.loading')}</p>}>
            <RevisionsPanel
              slug={slug}
              version={server.baseVersion}
              contentLanguage={server.fields.language}
              onRestored={restored}
              onConflict={conflicted}
              onClose={closeRevisions}
            />
          </Suspense>
        </ErrorBoundary>
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
