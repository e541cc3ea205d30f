import { ZErrorResponse } from '@settle/shared/errors';
import {
  isHelpTopic,
  PUBLIC_HELP_TOPICS,
  ZHelpTopicParams,
  ZHelpTopicQuery,
  ZHelpTopicResponse,
} from '@settle/shared/help';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { requireSession } from '../../plugins/session';
import { findHelpTopic } from './help.service';

export function helpRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/help/:topic',
    {
      schema: {
        tags: ['help'],
        summary: 'One help topic in the interface language (English or French; English for any other)',
        description:
          'The help page fetches its topic with the session cookie: every topic but sign-in needs a signed-in ' +
          'session (401 otherwise). The answer holds structured text (sections of paragraphs, steps, lists and ' +
          'tips; **words** between double asterisks name a button or field), never markup, and the index of the ' +
          'topics the caller may read.',
        params: ZHelpTopicParams,
        querystring: ZHelpTopicQuery,
        response: { 200: ZHelpTopicResponse, 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => {
      const { topic } = request.params;
      if (!isHelpTopic(topic)) throw notFound(`Help topic “${topic}”`);
      if (!PUBLIC_HELP_TOPICS.has(topic)) await requireSession(request);
      return findHelpTopic({
        topic,
        language: request.query.language,
        signedIn: request.session?.state === 'active',
      });
    },
  );
}
