import { z } from 'zod';

/** How many entries a multi-select source answers at most per page. */
export const MAX_SOURCE_PAGE_SIZE = 100;

/** A multi-select source's query: what was typed (matched as a case-insensitive prefix) and the page. */
export const ZDataSourceQuery = z.object({
  startsWith: z
    .string()
    .trim()
    .max(100, 'startsWith has at most 100 characters')
    .default('')
    .meta({ description: 'Case-insensitive prefix of the number or the name; empty lists everything' }),
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, 'pageSize is at least 1')
    .max(MAX_SOURCE_PAGE_SIZE, `pageSize is at most ${MAX_SOURCE_PAGE_SIZE}`)
    .default(20),
});
export type TDataSourceQuery = z.infer<typeof ZDataSourceQuery>;

/** One choice of a multi-select: the value sent back in filters and the text shown. */
export const ZDataSourceItem = z.object({ value: z.string(), label: z.string() });
export type TDataSourceItem = z.infer<typeof ZDataSourceItem>;

/** The answer of every multi-select source (customer here; a tenant's team and portfolio sources answer alike). */
export const ZDataSourcePage = z
  .object({
    items: z.array(ZDataSourceItem),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().meta({ description: 'How many entries match the prefix, over all pages' }),
  })
  .meta({ id: 'DataSourcePage' });
export type TDataSourcePage = z.infer<typeof ZDataSourcePage>;

/** Where the multi-select sources are; team and portfolio only when the tenant configures them. */
export const ZDataSources = z.object({
  customer: z.string(),
  team: z.string().optional(),
  portfolio: z.string().optional(),
});
export type TDataSources = z.infer<typeof ZDataSources>;

/** GET {api}/data/: the tenant's public facts and the addresses of the data sources. */
export const ZDataIndex = z
  .object({
    tenant: z.object({
      solutionInstanceGuid: z.string(),
      appHeaderName: z.string(),
      ssoEnabled: z.boolean(),
      languages: z.array(z.string()),
      defaultLanguage: z.string(),
      phoneMask: z.string(),
    }),
    sources: ZDataSources,
  })
  .meta({ id: 'DataIndex' });
export type TDataIndex = z.infer<typeof ZDataIndex>;
