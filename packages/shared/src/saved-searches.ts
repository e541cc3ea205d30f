import { z } from 'zod';

export const GRIDS = ['invoices', 'disputes', 'paymentLogs'] as const;
export const ZGridName = z.enum(GRIDS, { message: `grid is one of ${GRIDS.join(', ')}` });

export const ZSavedSearch = z
  .object({
    id: z.number().int(),
    grid: ZGridName,
    name: z.string(),
    criteria: z.unknown().meta({ description: 'The criteria group as the panel built it' }),
    filter: z.string().meta({ description: 'The same criteria in the $filter dialect' }),
    createdAt: z.string(),
  })
  .meta({ id: 'SavedSearch' });
export type TSavedSearch = z.infer<typeof ZSavedSearch>;

export const ZSaveSearchRequest = z
  .object({
    grid: ZGridName,
    name: z.string().trim().min(1, 'Give the search a name').max(80, 'A name has at most 80 characters'),
    criteria: z.unknown(),
    filter: z.string().max(4000, 'The filter has at most 4000 characters'),
  })
  .meta({ id: 'SaveSearchRequest' });
export type TSaveSearchRequest = z.infer<typeof ZSaveSearchRequest>;

export const ZSearchField = z.object({ field: z.string(), title: z.string(), dataType: z.string() });
export type TSearchField = z.infer<typeof ZSearchField>;
