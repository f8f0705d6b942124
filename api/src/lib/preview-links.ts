import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { postPreviewLinks, posts } from '../db/schema';
import type { PostRow } from '../plugins/posts-repository';
import { hashToken, isTokenShaped, newToken } from './one-time-tokens';

/** How long a shared preview link opens its post: 7 days. */
export const PREVIEW_LINK_DAYS = 7;
const PREVIEW_LINK_MS = PREVIEW_LINK_DAYS * 24 * 60 * 60 * 1000;

/** The page a preview link opens; the token is in the path, never stored. */
export const PREVIEW_PATH = '/preview/';

export interface PreviewLink {
  id: number;
  postId: number;
  createdAt: Date;
  expiresAt: Date;
}

/** A new link to `postId`'s preview: its row and the token, which is shown once and never stored. */
export async function createPreviewLink(
  db: Pick<Database, 'insert'>,
  postId: number,
  createdBy: number | null,
): Promise<PreviewLink & { token: string }> {
  const { token, hash } = newToken();
  const [row] = await db
    .insert(postPreviewLinks)
    .values({ postId, tokenHash: hash, createdBy, expiresAt: new Date(Date.now() + PREVIEW_LINK_MS) })
    .returning();
  if (!row) throw new Error('preview link not stored');
  return { id: row.id, postId: row.postId, createdAt: row.createdAt, expiresAt: row.expiresAt, token };
}

/** The post's links that still open it (neither revoked nor expired), oldest first. */
export async function livePreviewLinks(db: Database, postId: number): Promise<PreviewLink[]> {
  return db
    .select({
      id: postPreviewLinks.id,
      postId: postPreviewLinks.postId,
      createdAt: postPreviewLinks.createdAt,
      expiresAt: postPreviewLinks.expiresAt,
    })
    .from(postPreviewLinks)
    .where(
      and(
        eq(postPreviewLinks.postId, postId),
        isNull(postPreviewLinks.revokedAt),
        gt(postPreviewLinks.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(postPreviewLinks.id));
}

/** A link by its id, live or not (for revoking it): null when there is none. */
export async function previewLinkById(
  db: Database,
  id: number,
): Promise<(PreviewLink & { revokedAt: Date | null }) | null> {
  const [row] = await db.select().from(postPreviewLinks).where(eq(postPreviewLinks.id, id));
  return row ?? null;
}

/** Ends a link's life now: true when it did (a link already revoked keeps its first time). */
export async function revokePreviewLink(db: Pick<Database, 'update'>, id: number): Promise<boolean> {
  const ended = await db
    .update(postPreviewLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(postPreviewLinks.id, id), isNull(postPreviewLinks.revokedAt)))
    .returning({ id: postPreviewLinks.id });
  return ended.length > 0;
}

/** What a token opens: its post, or why it opens nothing. */
export type PreviewLinkState =
  | { state: 'live'; post: PostRow }
  | { state: 'expired' | 'revoked' | 'not_found' };

export async function openPreviewLink(db: Database, token: string): Promise<PreviewLinkState> {
  if (!isTokenShaped(token)) return { state: 'not_found' };
  const [row] = await db
    .select({ link: postPreviewLinks, post: posts })
    .from(postPreviewLinks)
    .innerJoin(posts, eq(posts.id, postPreviewLinks.postId))
    .where(eq(postPreviewLinks.tokenHash, hashToken(token)));
  if (!row) return { state: 'not_found' };
  if (row.link.revokedAt) return { state: 'revoked' };
  if (row.link.expiresAt.getTime() <= Date.now()) return { state: 'expired' };
  return { state: 'live', post: row.post };
}
