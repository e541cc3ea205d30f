import { ZErrorResponse } from '@settle/shared/errors';
import { PROFILE_LOCALES, ZContactAddress, ZLocaleList, ZTimeZoneList } from '@settle/shared/user-profile';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';

/** Every IANA zone the runtime knows, computed once: the list does not change while the process runs. */
const TIME_ZONES: string[] = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])];

export function locationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/location/locales',
    {
      preHandler: requireSession,
      schema: {
        tags: ['location'],
        summary: 'Locales a user may choose for formatting',
        response: { 200: ZLocaleList, 401: ZErrorResponse },
      },
    },
    () => PROFILE_LOCALES.map((locale) => ({ ...locale })),
  );

  routes.get(
    '/location/timeZones',
    {
      preHandler: requireSession,
      schema: {
        tags: ['location'],
        summary: 'IANA time zones a user may choose',
        response: { 200: ZTimeZoneList, 401: ZErrorResponse },
      },
    },
    () => TIME_ZONES,
  );

  routes.get(
    '/location/address/contact',
    {
      preHandler: requireSession,
      schema: {
        tags: ['location'],
        summary: "The signed-in contact and the current customer's address (billing info)",
        response: { 200: ZContactAddress, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    (request) => services.userProfile.contactAddress(sessionOf(request)),
  );
}
