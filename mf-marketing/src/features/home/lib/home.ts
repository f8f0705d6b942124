import type { PublicHome } from '@agency/core/content';
import { STORED_IMAGES_PATH, storedImageUrl } from '@agency/core/images';

/** The home page in an answer of GET /api/home (at `data`); throws on anything else. */
export function parseHome(body: unknown): PublicHome {
  const home = (body as { data?: PublicHome } | null)?.data;
  if (!home || typeof home.texts !== 'object' || !Array.isArray(home.logos))
    throw new Error('Unexpected home');
  return home;
}

export type HomeLogo = PublicHome['logos'][number];

/**
 * Where a logo's picture is fetched from. A seeded logo is an SVG shipped with this micro-frontend, used as
 * it is; an uploaded one was re-encoded to WebP by the server, which also gives it at fixed widths: a logo is
 * at most 200 px wide on screen, so the 480 px file is sharp on any screen and far lighter than the original.
 */
export function logoSource(image: string): string {
  if (!image.startsWith(STORED_IMAGES_PATH)) return image;
  return storedImageUrl(decodeURIComponent(image.slice(STORED_IMAGES_PATH.length)), 480);
}
