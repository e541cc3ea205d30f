import { z } from 'zod';
import { ZDataSources } from './data-sources';

/** What the browser needs before sign-in, answered by {api}/config.js. */
export const ZPublicConfig = z
  .object({
    apiBase: z.string(),
    appHeaderName: z.string(),
    solutionInstanceGuid: z.string(),
    ssoEnabled: z.boolean(),
    languages: z.array(z.string()),
    defaultLanguage: z.string(),
    viewer: z.object({
      startZoom: z.number(),
      mode: z.enum(['pdf', 'html', 'external']),
      /** Where the external variant posts the invoice numbers to. */
      externalUrl: z.string().optional(),
    }),
    searchApplyImmediate: z.string(),
    /** How many days ahead a promise's follow-up date may be. */
    promiseMaxDays: z.number().int(),
    /** Send PUT, PATCH and DELETE as POST with X-HTTP-Method-Override (proxies that pass only GET and POST). */
    methodOverride: z.boolean(),
    /** The multi-select data sources; a filter whose source is absent is hidden. */
    dataSources: ZDataSources,
  })
  .meta({ id: 'PublicConfig' });
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
