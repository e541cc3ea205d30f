import { z } from 'zod';

/** The largest page a grid serves. */
export const MAX_PAGE_SIZE = 200;

/** Paging and the advanced filter, the same on every server-paged grid (invoices, disputes, payment logs). */
export const ZGridPage = z.coerce.number().int().min(1, 'page starts at 1').default(1);
export const ZGridPageSize = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE_SIZE, `pageSize is at most ${MAX_PAGE_SIZE}`)
  .default(50);
export const ZGridDirection = z.enum(['asc', 'desc']);
export const ZGridFilter = z.string().max(4000, 'The filter has at most 4000 characters').optional();

/**
 * Where a filtered list's totals come from: inline (default, in the page's answer) or separate
 * (the page answers total and totals null, and the client asks the grid's /totals call beside
 * it, so the rows never wait for a count of the whole filtered set). Unfiltered lists always
 * answer their totals inline: they come from aggregates and cost nothing.
 */
export const ZGridTotalsMode = z
  .enum(['inline', 'separate'], { message: 'totals is inline or separate' })
  .default('inline');

/**
 * Keyset paging: the nextCursor of page N's answer, sent with page N+1, lets the server seek to
 * the first row after page N instead of skipping N pages of entries. A cursor from another list,
 * sort or page is ignored (the page is then found by the bounded strategy, see the README).
 */
export const ZGridCursor = z
  .string()
  .max(400, 'The cursor has at most 400 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'The cursor is not one this list gave')
  .optional();
export const ZGridNextCursor = z
  .string()
  .nullable()
  .meta({ description: 'Send it as cursor with the next page to page by keyset; null on the last page' });
