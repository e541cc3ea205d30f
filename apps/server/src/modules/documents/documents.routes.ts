import { ZCustNo } from '@settle/shared/accounts';
import { ZErrorResponse } from '@settle/shared/errors';
import { ZInvoiceStatus } from '@settle/shared/invoices';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';
import { createDocumentsService, type DocumentsService } from './documents.service';
import { addMessageHeaders } from './message-headers';

const ZInvNo = z
  .string()
  .min(1, 'An invoice number is required')
  .max(60, 'An invoice number has at most 60 characters');

export const ZDownloadLinkedContentQuery = z.object({
  type: z
    .string()
    .max(20)
    .optional()
    .meta({ description: 'download: sent as an attachment; otherwise inline, for the viewer' }),
  time: z.string().max(40).optional().meta({ description: 'Cache buster; ignored' }),
  invStatus: ZInvoiceStatus.optional(),
  invNo: z
    .union([ZInvNo, z.array(ZInvNo)])
    .optional()
    .meta({
      description: 'Invoice number, repeated for several (one document, each invoice from a new page)',
    }),
  custNo: ZCustNo.optional().meta({ description: "Defaults to the session's current customer" }),
});

export const ZGetFontsQuery = z.object({
  fontName: z.string().min(1).max(64).meta({ example: 'DejaVuSans' }),
});

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };
/** Binary bodies (a stream or a buffer) are never serialized; the schema only documents them. */
const binary = (description: string) => z.any().meta({ description });

export function documentsRoutes(
  app: FastifyInstance,
  deps: { services: Services; config: AppConfig; documents?: DocumentsService },
) {
  const documents =
    deps.documents ??
    createDocumentsService({ invoices: deps.services.invoices, accounts: deps.services.accounts });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];

  routes.get(
    '/gateway/downloadLinkedContent',
    {
      preHandler: requireSession,
      onSend: addMessageHeaders,
      schema: {
        tags,
        summary: 'Invoice documents as one PDF',
        description:
          'application/pdf on success. On failure the status is 4xx, the body has the error shape, and the ' +
          'headers `message` (a translatable key: INVOICE_NOT_FOUND, NO_INVOICE_SELECTED, TOO_MANY_INVOICES...) ' +
          'and `arg` (comma-separated values for the message) tell the viewer what to show.',
        querystring: ZDownloadLinkedContentQuery,
        response: { 200: binary('The invoices as application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const { invNo, invStatus, custNo, type } = request.query;
      const pdf = await documents.invoicePdf(sessionOf(request), {
        invNos: invNo === undefined ? [] : Array.isArray(invNo) ? invNo : [invNo],
        status: invStatus,
        custNo,
      });
      const disposition = type === 'download' ? 'attachment' : 'inline';
      return reply
        .type('application/pdf')
        .header('content-disposition', `${disposition}; filename="${pdf.filename}"`)
        .header('cache-control', 'private, no-store')
        .header('x-invoice-count', String(pdf.invoiceCount))
        .send(pdf.document);
    },
  );

  routes.get(
    '/invoices/getFonts',
    {
      onSend: addMessageHeaders,
      schema: {
        tags,
        summary:
          'A font file the documents use (font/ttf), by allow-listed name: DejaVuSans, DejaVuSans-Bold',
        querystring: ZGetFontsQuery,
        response: { 200: binary('The font as font/ttf'), ...errors },
      },
    },
    (request, reply) => {
      const font = documents.font(request.query.fontName);
      return reply
        .type('font/ttf')
        .header('content-disposition', `inline; filename="${font.name}.ttf"`)
        .header('cache-control', 'public, max-age=86400')
        .send(font.data);
    },
  );
}
