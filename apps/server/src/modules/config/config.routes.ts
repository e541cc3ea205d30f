import { ZSolutionInstanceQuery } from '@settle/shared/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import { setXsrfCookie, XSRF_COOKIE } from '../../lib/cookies';
import type { Services } from '../../services';
import { randomToken } from '../auth/session.service';

/**
 * {api}/config.js is a script: the page loads it before the app so that the app starts
 * with its settings (no inline script, so the CSP stays strict). It also hands out the
 * XSRF-TOKEN cookie the sign-in call needs.
 */
export function configRoutes(
  app: FastifyInstance,
  { services, config }: { services: Services; config: AppConfig },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/config.js',
    {
      schema: {
        tags: ['config'],
        summary: 'Public settings as a script that sets window.settleConfig',
        querystring: ZSolutionInstanceQuery,
      },
    },
    async (request, reply) => {
      const script = await services.publicConfig.script(request.query.solutionInstanceGuid);
      if (!request.cookies[XSRF_COOKIE])
        setXsrfCookie(reply, config, request.session?.csrfToken ?? randomToken());
      return reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(script);
    },
  );
}
