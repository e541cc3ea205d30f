import { z } from 'zod';

/** The largest page a grid serves. */
export const MAX_PAGE_SIZE = 200;

/** Paging and the advanced filter, the same on every server-paged grid (invoices, disputes). */
export const ZGridPage = z.coerce.number().int().min(1, 'page starts at 1').default(1);
export const ZGridPageSize = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE_SIZE, `pageSize is at most ${MAX_PAGE_SIZE}`)
  .default(50);
export const ZGridDirection = z.enum(['asc', 'desc']);
export const ZGridFilter = z.string().max(4000, 'The filter has at most 4000 characters').optional();
