import { ZErrorResponse } from '@settle/shared/errors';
import {
  ZUpdateUserProfileRequest,
  ZUpdateUserProfileResponse,
  ZUserProfile,
} from '@settle/shared/user-profile';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse, 406: ZErrorResponse };

export function userProfileRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/user/profile',
    {
      preHandler: requireSession,
      schema: {
        tags: ['user'],
        summary: "The signed-in user's own profile, with the current company's phone mask",
        response: { 200: ZUserProfile, ...errors },
      },
    },
    (request) => services.userProfile.getProfile(sessionOf(request)),
  );

  routes.put(
    '/user/profile',
    {
      preHandler: requireSession,
      schema: {
        tags: ['user'],
        summary: 'Save the profile; a password change needs the current password and ends the other sessions',
        body: ZUpdateUserProfileRequest,
        response: { 200: ZUpdateUserProfileResponse, ...errors },
      },
    },
    (request) => services.userProfile.updateProfile(sessionOf(request), request.body),
  );
}
