import { type Language, type Post, toast, useLanguage, useSearchParams, useTranslation } from '@agency/core';
import { postStateOf } from '@agency/core/rules';
import { useEffect, useMemo, useState } from 'react';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { failureText } from '../../../lib/failure-text';
import {
  type DraftRecord,
  deleteDraft,
  getDraft,
  newDraftId,
  newDraftKey,
} from '../../drafts/api/draft-store';
import { RestorePrompt } from '../../drafts/components/restore-prompt';
import { useAutosave } from '../../drafts/hooks/use-autosave';
import { createPost } from '../api/create-post';
import { getPost } from '../api/get-post';
import { toSnapshot, useEditorState } from '../hooks/use-editor-state';
import { showDraftInAddress } from '../lib/draft-address';
import { type EditorForm, emptyForm, formFromDraft, otherLanguage, sameContent } from '../lib/form-state';
import { postFormData } from '../lib/post-form-data';
import { EditorHeader } from './editor-header';
import type { ImageOffer } from './featured-image-field';
import { PostForm } from './post-form';
import { PreviewSection } from './preview-section';

/** A post's featured image, which its new translation keeps unless the editor removes or replaces it. */
const imageOf = (post: Post): ImageOffer | null =>
  post.poster_image_url ? { url: post.poster_image_url, title: post.title } : null;

/**
 * /new_blog: writes a post; every change is kept on this device until the server accepts the post.
 * /new_blog?translation_of={slug}: a new post in the other language, linked to that one as its translation,
 * keeping its featured image (the server copies it) unless the editor removes or replaces it.
 */
export function NewPostPage() {
  const { t } = useTranslation('admin');
  const siteLanguage = useLanguage();
  useScreenTitle(t('screens.newPost.title'));
  const [params] = useSearchParams();
  const [requested] = useState(() => params.get('draft'));
  const [translating] = useState(() => (requested ? null : params.get('translation_of')));
  // The featured image of the post this one translates, by that post's slug (asked once per slug).
  const [offer, setOffer] = useState<{ slug: string; image: ImageOffer | null } | null>(null);
  const [draftId, setDraftId] = useState(() => requested ?? newDraftId());
  // undefined while looking for the requested draft; null once there is nothing to offer.
  const [offered, setOffered] = useState<DraftRecord | null | undefined>(requested ? undefined : null);
  const [first] = useState(() => emptyForm());
  const editor = useEditorState(first);
  const { form, dispatch, setBanner } = editor;
  const key = newDraftKey(draftId);
  // The minute the blank form was dated with: a form the editor has not touched is not a draft, whatever
  // the time is now.
  const [blankAt, setBlankAt] = useState(first.fields.published_at);
  const fresh = (language: Language): EditorForm => {
    const next = emptyForm(language);
    setBlankAt(next.fields.published_at);
    return next;
  };

  const blank = useMemo(() => emptyForm(form.fields.language, blankAt), [form.fields.language, blankAt]);
  const autosave = useAutosave({
    snapshot: toSnapshot(key, 'new', null, form),
    enabled: offered === null,
    dirty: !sameContent(form, blank),
    cleanState: 'idle',
  });

  useEffect(() => {
    if (!requested) return;
    getDraft(newDraftKey(requested)).then(
      (draft) => setOffered(draft ?? null),
      () => setOffered(null),
    );
  }, [requested]);

  useEffect(() => {
    if (autosave.state.status === 'local') showDraftInAddress(draftId);
  }, [autosave.state.status, draftId]);

  // A translation: the form starts in the other language, linked to the post it translates.
  useEffect(() => {
    if (!translating) return;
    const controller = new AbortController();
    getPost(translating, siteLanguage, controller.signal).then(
      (post) => {
        const { id, language, slug, title, status } = post;
        const form = emptyForm(otherLanguage(language));
        setBlankAt(form.fields.published_at);
        dispatch({ type: 'replace', form: { ...form, translation: { id, language, slug, title, status } } });
        setOffer({ slug, image: imageOf(post) });
      },
      () => {
        if (!controller.signal.aborted) toast.error(t('post_fetch_error'));
      },
    );
    return () => controller.abort();
  }, [translating, siteLanguage, dispatch, t]);

  // The translated post's featured image, kept while this post has none of its own (after a reload too).
  const translatedSlug = form.translation?.slug ?? null;
  const offeredFor = offer?.slug ?? null;
  useEffect(() => {
    if (!translatedSlug || offeredFor === translatedSlug) return;
    const controller = new AbortController();
    getPost(translatedSlug, siteLanguage, controller.signal).then(
      (post) => setOffer({ slug: translatedSlug, image: imageOf(post) }),
      () => undefined, // offline, or gone: nothing to offer
    );
    return () => controller.abort();
  }, [translatedSlug, offeredFor, siteLanguage]);
  const imageOffer = offer && offer.slug === translatedSlug ? offer.image : null;

  /** The post just created: its edit screen, and its public page once readers can see it. */
  function createdLinks(post: Post) {
    const slug = encodeURIComponent(post.slug);
    const links = [{ to: `/edit_blog/${slug}`, text: t('editor.editCreated', { title: post.title }) }];
    if (postStateOf(post) === 'published') links.push({ to: `/blog/${slug}`, text: t('editor.viewCreated') });
    return links;
  }

  function restore(draft: DraftRecord) {
    dispatch({ type: 'replace', form: formFromDraft(draft) });
    autosave.adopt(draft);
    setOffered(null);
  }

  async function discard(draft: DraftRecord) {
    await deleteDraft(draft.key).catch(() => undefined);
    setDraftId(newDraftId());
    showDraftInAddress(null);
    setOffered(null);
  }

  async function submit(toSend: EditorForm = form) {
    if (!editor.validate(toSend)) return;
    await autosave.flush();
    editor.setBusy('saving');
    setBanner(null);
    try {
      const created = await createPost(postFormData(toSend, 'create', imageOffer !== null));
      await autosave.markSent(key);
      dispatch({ type: 'replace', form: fresh(toSend.fields.language) });
      editor.clearFileInput();
      setDraftId(newDraftId());
      showDraftInAddress(null);
      setBanner({ kind: 'success', text: t('post_created'), links: createdLinks(created) }, true);
    } catch (error) {
      setBanner({ kind: 'error', text: failureText(t, 'post_error', error), note: t('drafts.kept') }, true);
    } finally {
      editor.setBusy('idle');
    }
  }

  return (
    <section className="admin-page container" aria-labelledby="editor-heading">
      <EditorHeader title={t('screens.newPost.title')} />
      {offered ? (
        <RestorePrompt
          savedAt={offered.savedAt}
          hasServerCopy={false}
          serverChanged={false}
          onRestore={() => restore(offered)}
          onDiscard={() => discard(offered)}
        />
      ) : offered === null ? (
        <>
          <PreviewSection form={form} storedSlug={null} />
          <PostForm
            mode="create"
            form={form}
            dispatch={dispatch}
            fieldErrors={editor.fieldErrors}
            busy={editor.busy}
            saveState={autosave.state}
            banner={editor.banner}
            bannerRef={editor.bannerRef}
            fileInputRef={editor.fileInputRef}
            onSubmit={submit}
            onError={(text) => toast.error(text)}
            imageOffer={imageOffer}
          />
        </>
      ) : null}
    </section>
  );
}
