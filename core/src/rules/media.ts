import type { Language } from '../i18n/constants';

/**
 * The media library: every image the server stored (uploaded inline, as a featured image, for a project, a
 * logo or a service), with its alt text in each language and where it is used. The API (`/api/media`) and the
 * admin's library screen and picker share these shapes and rules.
 */

/** Longest alt text, in characters, in each language (as a service's or a gallery image's). */
export const MEDIA_ALT_MAX = 300;

/** Images on one page of the library, unless `per_page` says otherwise (1-100). */
export const MEDIA_PER_PAGE = 24;

/** What uses an image: a post, a portfolio project, an FAQ answer, a service or a client logo. */
export type MediaUseKind = 'post' | 'portfolio' | 'faq' | 'service' | 'client_logo';

/**
 * How it is used: a post's featured image (`featured`) or an image in its text (`inline`); a project's cover,
 * gallery image, sharing image or an image in its text (`cover`, `gallery`, `seo`, `inline`); an image in an FAQ
 * answer (`inline`); a service's or a logo's picture (`image`).
 */
export type MediaUseRole = 'featured' | 'inline' | 'cover' | 'gallery' | 'seo' | 'image';

export interface MediaUse {
  kind: MediaUseKind;
  role: MediaUseRole;
  /** The post's, project's, service's or logo's id. */
  id: number;
  language: Language;
  /** Its title (a logo: its name). */
  title: string;
  /**
   * Where an editor changes it, site-relative: `/edit_blog/{slug}`, `/site/portfolio/{id}`, `/site/faq/{id}`,
   * `/site/services/{slug}?language=`, `/site/logos/{id}`.
   */
  edit_url: string;
}

export interface MediaItem {
  id: number;
  /** The stored file name, `{32 hex}.webp`. */
  name: string;
  /** `/storage/poster_images/{name}`; also at the fixed widths (`-480w.webp` …). */
  url: string;
  /** The name of the file as it was uploaded (`""` when not known: an image stored before the library). */
  file_name: string;
  /** The stored file's size in bytes, and its size in pixels. */
  bytes: number;
  width: number;
  height: number;
  /** Its alt text in each language; `""` where none is written yet. */
  alt: Record<Language, string>;
  created_at: string;
  /** Its `updated_at`: a change of alt text sends it back (409 when someone changed it since). */
  version: string;
  uploaded_by: { id: number; name: string } | null;
  /** Everything that shows it now; an image with a use cannot be deleted. */
  uses: MediaUse[];
}

export type MediaAltErrorKey = 'too_long' | 'invalid_type';

/** What is wrong with one alt text, or null: a string of at most MEDIA_ALT_MAX characters. */
export function mediaAltProblem(value: unknown): MediaAltErrorKey | null {
  if (typeof value !== 'string') return 'invalid_type';
  return Array.from(value).length > MEDIA_ALT_MAX ? 'too_long' : null;
}

/** A file size as people read it: "820 KB", "1.4 MB" (with the page's digits left to the caller). */
export function mediaSize(bytes: number): { value: number; unit: 'B' | 'KB' | 'MB' } {
  if (bytes < 1024) return { value: bytes, unit: 'B' };
  if (bytes < 1024 * 1024) return { value: Math.round(bytes / 1024), unit: 'KB' };
  return { value: Math.round((bytes / (1024 * 1024)) * 10) / 10, unit: 'MB' };
}
