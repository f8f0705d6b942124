import type { FastifyPluginAsync } from 'fastify';
import { recordAudit } from '../../lib/audit';
import { previewLinkById, revokePreviewLink } from '../../lib/preview-links';
import { roleRefusal } from './index';
import { revokePreviewLinkSchema } from './preview-schemas';

export const PREVIEW_LINK_NOT_FOUND = 'preview_link_not_found';

/** `/api/preview-links/{id}`: a post's shared preview link, revoked under the rule for changing the post. */
export const previewLinksRoutes: FastifyPluginAsync = async (app) => {
  app.delete<{ Params: { id: string } }>(
    '/:id',
    { schema: revokePreviewLinkSchema },
    async (request, reply) => {
      const raw = request.params.id;
      const id = /^\d{1,10}$/.test(raw) ? Number(raw) : null;
      const link = id !== null && id <= 2_147_483_647 ? await previewLinkById(app.db, id) : null;
      const post = link ? await app.postsRepository.findById(link.postId) : null;
      if (!link || !post) return reply.code(404).send({ message: PREVIEW_LINK_NOT_FOUND });
      // Its post's author rule, without the one on publishing: an author may end a link to their own post.
      const refusal = roleRefusal(request, post);
      if (refusal === 'forbidden') return reply.code(403).send({ message: refusal });
      await app.db.transaction(async (tx) => {
        if (!(await revokePreviewLink(tx, link.id))) return;
        await recordAudit(tx, request, {
          action: 'preview_link_revoked',
          target: { type: 'post', id: post.id, label: post.title },
          details: { link: link.id },
        });
      });
      return reply.code(204).send();
    },
  );
};
