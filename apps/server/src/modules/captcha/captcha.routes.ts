import { CAPTCHA_ID_HEADER } from '@settle/shared/account-setup';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { notFound } from '../../lib/app-error';
import type { Services } from '../../services';

const ZCaptchaIdParams = z.object({ id: z.string().min(1).max(64) });

/** The registration form's captcha picture, and (development only) its answer. */
export function captchaRoutes(
  app: FastifyInstance,
  { services, config }: { services: Services; config: AppConfig },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/resource/captcha',
    {
      schema: {
        tags: ['account set-up'],
        summary: 'A new captcha picture (image/svg+xml); its id is in the x-captcha-id header',
        description:
          'Six characters from an alphabet without look-alikes (no 0, O, 1, I, L), compared without case. ' +
          'Send the id and the typed answer with the registration; each picture can be answered once, within ' +
          `${config.captcha.ttlMinutes} minutes. Limited per client address.`,
        response: {
          200: z.any().meta({ description: `An SVG picture; the id is in the ${CAPTCHA_ID_HEADER} header` }),
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { id, svg } = await services.captcha.generate({ ipAddress: request.ip });
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'no-store')
        .header(CAPTCHA_ID_HEADER, id)
        .send(Buffer.from(svg));
    },
  );

  routes.get(
    '/resource/captcha/audio',
    {
      schema: {
        tags: ['account set-up'],
        summary:
          'The audio alternative: a new challenge as a WAV file (audio/wav); its id is in the x-captcha-id header',
        description:
          'For people who cannot see the picture: five numbers from 1 to 6, each played as that many beeps. ' +
          'The answer is the numbers typed in order (e.g. 31524). Checked as a picture: sent with the ' +
          `registration, once, within ${config.captcha.ttlMinutes} minutes; counted in the same per-address limit.`,
        response: {
          200: z.any().meta({ description: `A WAV file; the id is in the ${CAPTCHA_ID_HEADER} header` }),
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { id, wav } = await services.captcha.generateAudio({ ipAddress: request.ip });
      return reply
        .type('audio/wav')
        .header('cache-control', 'no-store')
        .header(CAPTCHA_ID_HEADER, id)
        .send(wav);
    },
  );

  // The answers in plain text are for browser tests and demos only, like the outbox (DEV_OUTBOX).
  if (!config.devOutbox) return;
  routes.get(
    '/dev/captcha/:id',
    {
      schema: {
        tags: ['development'],
        summary: 'Development only: the answer of a captcha picture not yet checked',
        params: ZCaptchaIdParams,
        response: { 200: z.object({ answer: z.string() }), 404: ZErrorResponse },
      },
    },
    async (request) => {
      const answer = services.captcha.keptAnswer(request.params.id);
      if (!answer) throw notFound('Captcha');
      return { answer };
    },
  );
}
