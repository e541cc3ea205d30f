import { ZErrorResponse } from '@settle/shared/errors';
import { ZUploadMetaData, ZUploadResponse } from '@settle/shared/uploads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';
import type { UploadPart } from './uploads.service';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

export function uploadsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['uploads'];

  routes.post(
    '/upload/file',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary:
          'Upload files (multipart/form-data, parts named "file", at most 10; an optional "description" field first), for the current customer',
        consumes: ['multipart/form-data'],
        response: { 200: ZUploadResponse, ...errors, 507: ZErrorResponse },
      },
    },
    (request) => services.uploads.receive(sessionOf(request), request.parts() as AsyncIterable<UploadPart>),
  );

  routes.get(
    '/upload/fileMetaData/',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'The upload limit: maxFileSize in MB',
        response: { 200: ZUploadMetaData, ...errors },
      },
    },
    () => services.uploads.metaData(),
  );
}
