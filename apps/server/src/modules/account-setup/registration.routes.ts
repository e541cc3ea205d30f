import {
  ZRegistrationContext,
  ZRegistrationContextQuery,
  ZRegistrationRequest,
  ZRegistrationResponse,
} from '@settle/shared/account-setup';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Services } from '../../services';

const tags = ['account set-up'];

const ZRegistrationLinksQuery = z.object({
  custNo: z.string().trim().min(1, 'A customer number is required').max(40),
  email: z.string().trim().max(254).optional(),
});
const ZRegistrationLink = z.object({
  custNo: z.string(),
  company: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  registeredAs: z.string().nullable(),
  url: z.string().nullable(),
});

/** Registration from the provider's link (/registration?companyId&contactId): public calls. */
export function registrationRoutes(
  app: FastifyInstance,
  { services, config }: { services: Services; config: AppConfig },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/user/registration',
    {
      schema: {
        tags,
        summary:
          "What the registration page shows: the company, the contact's name and email, the phone mask",
        description:
          'companyId and contactId are the sealed values of the registration link: a changed value, or a contact of ' +
          'another company, answers 400 INVALID_LINK; a contact whose account is already active answers 406 ' +
          'CONTACT_ALREADY_REGISTERED; one whose account the provider deactivated answers 415 USER_INACTIVE, ' +
          'as POST user/registration does.',
        querystring: ZRegistrationContextQuery,
        response: {
          200: ZRegistrationContext,
          400: ZErrorResponse,
          406: ZErrorResponse,
          415: ZErrorResponse,
        },
      },
    },
    (request) => services.accountSetup.registrationContext(request.query),
  );

  routes.post(
    '/user/registration',
    {
      schema: {
        tags,
        summary:
          'Register the contact of a registration link: the account is created and an activation link emailed',
        description:
          'The address becomes the login name. Needs the id and answer of a captcha picture (GET resource/captcha); ' +
          'a wrong, used or expired answer is 400 CAPTCHA_WRONG with a field message on captchaAnswer. 406 ' +
          'CONTACT_ALREADY_REGISTERED or LOGIN_NAME_TAKEN when the contact or the address has an account. A contact ' +
          'whose account waits for activation may send the same address again to get a new link, unless the ' +
          'provider deactivated the account (415 USER_INACTIVE).',
        body: ZRegistrationRequest,
        response: {
          200: ZRegistrationResponse,
          400: ZErrorResponse,
          406: ZErrorResponse,
          415: ZErrorResponse,
        },
      },
    },
    (request) => services.accountSetup.register(request.body),
  );

  // What `npm run admin -- registration-link` prints, for browser tests and demos (like the outbox).
  if (!config.devOutbox) return;
  routes.get(
    '/dev/registrationLinks',
    {
      schema: {
        tags: ['development'],
        summary: "Development only: the registration links of a customer's contacts (null once registered)",
        querystring: ZRegistrationLinksQuery,
        response: { 200: z.array(ZRegistrationLink), 400: ZErrorResponse },
      },
    },
    (request) => services.accountSetup.registrationLinks(request.query),
  );
}
