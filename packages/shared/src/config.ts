import { z } from 'zod';

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
    }),
    searchApplyImmediate: z.string(),
  })
  .meta({ id: 'PublicConfig' });
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
