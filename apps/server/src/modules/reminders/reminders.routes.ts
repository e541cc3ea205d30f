import { ZErrorResponse } from '@settle/shared/errors';
import { ZReminderSettings, ZUnsubscribeQuery, ZUnsubscribeResult } from '@settle/shared/reminders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';

export const REMINDERS_UNSUBSCRIBE_PATH = '/reminders/unsubscribe';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

/** The page the emailed link opens: no script, both languages (the link carries no language). */
const DONE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reminders stopped</title></head><body><main><h1>Reminders stopped</h1><p>You will no longer receive reminders of invoices falling due. You can turn them on again in your profile.</p><h1 lang="fr">Rappels arrêtés</h1><p lang="fr">Vous ne recevrez plus de rappels d'échéance de factures. Vous pouvez les réactiver dans votre profil.</p></main></body></html>`;

export function remindersRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reminders'];

  routes.get(
    '/reminders',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Which due-date reminders the signed-in user receives by email',
        response: { 200: ZReminderSettings, ...errors },
      },
    },
    (request) => services.reminders.get(sessionOf(request)),
  );

  routes.put(
    '/reminders',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Choose the reminders: 7 days before, 1 day before, and once overdue (one digest a day)',
        body: ZReminderSettings,
        response: { 200: ZReminderSettings, ...errors },
      },
    },
    (request) => services.reminders.save(sessionOf(request), request.body),
  );

  routes.get(
    REMINDERS_UNSUBSCRIBE_PATH,
    {
      schema: {
        tags,
        summary:
          "The digest's one-click unsubscribe link: no session; the user id signed with the app's secret. Answers a page",
        querystring: ZUnsubscribeQuery,
        response: { 200: z.string().meta({ description: 'A text/html confirmation page' }), ...errors },
      },
    },
    async (request, reply) => {
      await services.reminders.unsubscribe(request.query);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(DONE_PAGE);
    },
  );

  // Mail clients post the one-click form body (RFC 8058: List-Unsubscribe=One-Click); the signed
  // query is all that counts, so this context takes that body as text and ignores it.
  app.register(async (form) => {
    form.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    form.withTypeProvider<ZodTypeProvider>().post(
      REMINDERS_UNSUBSCRIBE_PATH,
      {
        schema: {
          tags,
          summary: 'One-click unsubscribe (RFC 8058) with the same signed query; no session, no CSRF token',
          querystring: ZUnsubscribeQuery,
          response: { 200: ZUnsubscribeResult, ...errors },
        },
      },
      (request) => services.reminders.unsubscribe(request.query),
    );
  });
}
