import { ZAnnouncement } from '@settle/shared/announcements';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';

export function announcementsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/annoucment/customerPortalAnnouncement',
    {
      preHandler: requireSession,
      schema: {
        tags: ['announcements'],
        summary: "The tenant's scrolling announcement (the specification's spelling of the path)",
        response: { 200: ZAnnouncement, 401: ZErrorResponse },
      },
    },
    (request) => services.announcements.get(sessionOf(request).tenantId),
  );
}
