import { adminFetch } from '../../../lib/admin-api';

/** A shared preview link as listed (GET /api/posts/{slug}/preview-links): its token is never shown again. */
export interface PreviewLink {
  id: number;
  created_at: string;
  expires_at: string;
}

/** POST /api/posts/preview: the post's page, as readers will see it, for the form as it is (nothing is saved). */
export async function previewPage(form: FormData, signal?: AbortSignal): Promise<string> {
  const body = await adminFetch<unknown>('/posts/preview', { method: 'POST', form, signal });
  return typeof body === 'string' ? body : '';
}

const links = (slug: string) => `/posts/${encodeURIComponent(slug)}/preview-links`;

export async function listPreviewLinks(slug: string, signal?: AbortSignal): Promise<PreviewLink[]> {
  return (await adminFetch<{ data: PreviewLink[] }>(links(slug), { signal })).data;
}

/** A new link: `url` is site-relative (`/preview/{token}`), shown this once. */
export async function createPreviewLink(
  slug: string,
): Promise<{ id: number; url: string; expires_at: string }> {
  return adminFetch(links(slug), { method: 'POST' });
}

export async function revokePreviewLink(id: number): Promise<void> {
  await adminFetch<null>(`/preview-links/${id}`, { method: 'DELETE' });
}
