import type { PostSummary } from '@agency/core';
import { can } from '@agency/core/roles';
import type { Editor } from '../../../hooks/use-editor';

/**
 * Whether the signed-in editor may edit and delete `post`, as the server decides (core/src/rules/roles.ts): an
 * author only their own posts, and not once published. Offline with nobody to say the role, or a list kept on
 * this device from before lists said whose each post is, it is offered: the server refuses what is not allowed.
 */
export function mayChangePost(
  editor: Editor | null,
  post: Pick<PostSummary, 'author_id' | 'status'>,
): boolean {
  if (editor === null || can(editor.role, 'others_posts')) return true;
  if (post.author_id === undefined) return true;
  return post.author_id === editor.id && (post.status !== 'published' || can(editor.role, 'publish'));
}
