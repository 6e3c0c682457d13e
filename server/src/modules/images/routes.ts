// HTTP routes of the images module (api.md § Images). Multipart parsing is registered here only, with
// busboy's limits at the product's (one file of at most 15 MB, small fields).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../auth/plugin.ts';
import { AppError } from '../../errors.ts';
import { checkedText } from '../../input.ts';
import { limits } from '../../limits.ts';
import { Message } from '../../contract/accounts.ts';
import { Pagination } from '../../contract/common.ts';
import { ChapterImage, UpdateImageBody, UserImage, UserImageList } from '../../contract/images.ts';
import type { ImagesService, Upload } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['images'];
// Any text: a malformed id is a 404 like an unknown one (docs/api.md).
const ChapterParams = Type.Object({ id: Type.String() });
const ImageParams = Type.Object({ id: Type.String(), imageId: Type.String() });
const OwnImageParams = Type.Object({ imageId: Type.String() });
/** Room for the multipart framing and the legend around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_FIELD_BYTES = 16 * 1024;
const uploadDescription =
  'multipart/form-data: `file` (JPEG, PNG or WebP, by content; at most 15 MB and 40 megapixels) and an optional `legend`.';

/** Busboy's limits for a picture upload (also the circle's suggested photos). */
export const uploadMultipartOptions = {
  limits: {
    fileSize: limits.imageMaxBytes,
    files: 1,
    fields: 10,
    parts: 12,
    fieldSize: MAX_FIELD_BYTES,
  },
};

/** The `file` and `legend` parts of an upload; every way the body can be wrong is a 4xx. */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  const length = Number(request.headers['content-length']);
  // Refused before reading a byte when the declared size already says too much.
  if (length > limits.imageMaxBytes + MULTIPART_OVERHEAD) throw new AppError('file_too_large');
  let bytes: Buffer | undefined;
  let legend: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file' && !bytes) bytes = data;
      } else if (part.fieldname === 'legend') {
        if (part.valueTruncated || typeof part.value !== 'string')
          throw new AppError('validation_error', {}, { loc: ['body', 'legend'] });
        legend = checkedText(part.value, ['body', 'legend']);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file_too_large');
    if (statusCode === 413) throw new AppError('payload_too_large');
    // Malformed multipart framing, a body cut short: the request cannot be read.
    throw new AppError('bad_request');
  }
  if (!bytes) throw new AppError('validation_error', {}, { loc: ['body', 'file'] });
  return { bytes, legend };
}

export function imagesRoutes(images: ImagesService) {
  return async function (app: FastifyInstance) {
    await app.register(multipart, uploadMultipartOptions);
    app.addHook('onRequest', app.authenticate);

    // A file uploads it; no multipart body asks for a generated picture (api.md § Images).
    for (const url of ['/conversations/:id/images', '/conversations/:id/images/'])
      app.post(
        url,
        {
          schema: {
            tags,
            security: bearer,
            params: ChapterParams,
            description: uploadDescription,
            response: { 201: ChapterImage },
          },
        },
        async (request, reply) => {
          const { id } = request.params as { id: string };
          const user = currentUser(request);
          const image = request.isMultipart()
            ? await images.upload(user, id, await readUpload(request))
            : await images.generate(user, id);
          return reply.code(201).send(image);
        },
      );

    app.patch(
      '/conversations/:id/images/:imageId',
      {
        schema: {
          tags,
          security: bearer,
          params: ImageParams,
          body: UpdateImageBody,
          response: { 200: ChapterImage },
        },
      },
      async (request) => {
        const { id, imageId } = request.params as { id: string; imageId: string };
        return images.update(currentUser(request), id, imageId, request.body as UpdateImageBody);
      },
    );

    app.delete(
      '/conversations/:id/images/:imageId',
      { schema: { tags, security: bearer, params: ImageParams, response: { 200: Message } } },
      async (request) => {
        const { id, imageId } = request.params as { id: string; imageId: string };
        await images.delete(currentUser(request), id, imageId);
        return { message: 'deleted' };
      },
    );

    app.post(
      '/images',
      {
        schema: {
          tags,
          security: bearer,
          description: uploadDescription,
          response: { 201: UserImage },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new AppError('validation_error', {}, { loc: ['body', 'file'] });
        const image = await images.uploadOwn(currentUser(request), await readUpload(request));
        return reply.code(201).send(image);
      },
    );

    app.get(
      '/images',
      {
        schema: {
          tags,
          security: bearer,
          querystring: Pagination,
          response: { 200: UserImageList },
        },
      },
      async (request) => {
        const { skip, limit } = request.query as { skip?: number; limit?: number };
        return images.listOwn(currentUser(request), skip ?? 0, limit ?? 100);
      },
    );

    app.delete(
      '/images/:imageId',
      { schema: { tags, security: bearer, params: OwnImageParams, response: { 200: Message } } },
      async (request) => {
        await images.deleteOwn(
          currentUser(request),
          (request.params as { imageId: string }).imageId,
        );
        return { message: 'deleted' };
      },
    );
  };
}
