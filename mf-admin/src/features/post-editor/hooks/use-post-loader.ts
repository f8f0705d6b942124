import { ApiError, type Language, type Post, toast, useNavigate, useTranslation } from '@agency/core';
import { useEffect, useState } from 'react';
import { isNoResponse } from '../../../lib/failure-text';
import { type DraftRecord, deleteDraft, getDraft } from '../../drafts/api/draft-store';
import { getPost } from '../api/get-post';
import { type EditorForm, formFromDraft, formFromPost, sameContent } from '../lib/form-state';

export type PostLoad =
  | { status: 'loading' }
  /** The server copy, and an unsent draft to offer when there is one that differs from it. */
  | { status: 'ready'; post: Post; server: EditorForm; draft: DraftRecord | null; serverChanged: boolean }
  /** No answer from the server, but a draft on this device to go on with. */
  | { status: 'offline'; draft: DraftRecord };

/**
 * Loads the post and this device's draft of it, again when the slug or the language changes. A failed
 * load goes to /posts with post_fetch_error (spec section 8), unless offline with a draft to show.
 */
export function usePostLoader(slug: string, key: string, language: Language): PostLoad {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [load, setLoad] = useState<PostLoad>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    (async () => {
      const draft = (await getDraft(key).catch(() => undefined)) ?? null;
      try {
        const post = await getPost(slug, language, controller.signal);
        // An old slug of a renamed post: the server sent the read on to the post, so the editor goes on at the
        // post's current address (where a save is sent).
        if (post.slug !== slug) {
          navigate(`/edit_blog/${encodeURIComponent(post.slug)}`, { replace: true });
          return;
        }
        const server = formFromPost(post);
        const differs = draft !== null && !sameContent(formFromDraft(draft), server);
        if (draft && !differs) await deleteDraft(key).catch(() => undefined);
        const serverChanged = differs && draft?.baseVersion !== (post.updated_at ?? null);
        setLoad({ status: 'ready', post, server, draft: differs ? draft : null, serverChanged });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (draft && isNoResponse(error)) return setLoad({ status: 'offline', draft });
        // A 401 has already sent the editor to sign in.
        if (error instanceof ApiError && error.status === 401) return;
        toast.error(t('post_fetch_error'));
        navigate('/posts', { replace: true });
      }
    })();
    return () => controller.abort();
  }, [slug, key, language, navigate, t]);

  return load;
}
