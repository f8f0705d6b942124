import type { FastifyPluginAsync } from 'fastify';
import { readForm } from '../../lib/form';
import { processImage } from '../../lib/images';
import { uploadedFileName } from '../../plugins/media-repository';
import { POSTER_IMAGES_URL } from '../../plugins/posts-repository';
import { commonErrorResponses, errorSchema, storageErrorResponses } from '../../schemas';
import { formErrorSchema } from '../posts/schemas';

const uploadImageSchema = {
  summary:
    'Stores an image in the media library, for the editor to insert into post content or a content field',
  description:
    'The same validator as the featured image: at most 2,097,152 bytes, PNG, JPEG, GIF, WebP or AVIF by content ' +
    '(never SVG), at most 40 megapixels; re-encoded to WebP without metadata under a server-made name, and ' +
    'added to the media library (GET /api/media) with the file name it was sent under.',
  tags: ['posts'],
  consumes: ['multipart/form-data'],
  'x-multipart-body': {
    type: 'object',
    required: ['poster_image'],
    properties: { poster_image: { type: 'string', format: 'binary' } },
  },
  response: {
    201: { type: 'string', description: 'The image URL, /storage/poster_images/{file}' },
    413: errorSchema,
    415: errorSchema,
    422: formErrorSchema,
    ...commonErrorResponses,
    ...storageErrorResponses,
  },
} as const;

export const uploadRoutes: FastifyPluginAsync = async (app) => {
  app.post('/upload-image', { schema: uploadImageSchema }, async (request, reply) => {
    const { file } = await readForm(request, 'poster_image');
    const result = file ? await processImage(file.bytes, { truncated: file.truncated }) : null;
    if (!result?.ok) {
      const key = result?.key ?? 'image_type_error';
      return reply.code(422).send({ message: key, errors: { poster_image: [key] } });
    }
    // Into the media library, under the name the editor knows it by.
    const name = await app.media.add(result, {
      fileName: uploadedFileName(file?.fileName),
      uploadedBy: request.editor?.id ?? null,
    });
    // A JSON string, as the spec's editor reads it; a string payload with a JSON type is sent as it is.
    return reply
      .code(201)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(`${POSTER_IMAGES_URL}${name}`));
  });
};
