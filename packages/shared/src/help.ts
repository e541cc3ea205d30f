import { z } from 'zod';

/**
 * The help topics, one per screen of the portal, in the order of the help index. The help
 * sets (English and French) are written on the server; the web maps its routes to these.
 */
export const HELP_TOPICS = [
  'index',
  'sign-in',
  'home',
  'accounts',
  'invoices',
  'advanced-search',
  'invoice-detail',
  'documents',
  'promise-to-pay',
  'payment-cart',
] as const;
export type THelpTopic = (typeof HELP_TOPICS)[number];

/** Readable before sign-in, so that the login page's help works; every other topic needs the session. */
export const PUBLIC_HELP_TOPICS: ReadonlySet<THelpTopic> = new Set<THelpTopic>(['sign-in']);

export const HELP_LANGUAGES = ['en', 'fr'] as const;
export type THelpLanguage = (typeof HELP_LANGUAGES)[number];

/** English and French have their own help sets; any other language reads the English one. */
export function resolveHelpLanguage(language: string | null | undefined): THelpLanguage {
  const primary = (language ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'fr' ? 'fr' : 'en';
}

export function isHelpTopic(value: string): value is THelpTopic {
  return (HELP_TOPICS as readonly string[]).includes(value);
}

/**
 * Help text is structured, never markup: a block is a paragraph, a list or a tip. Inside a
 * text, **two asterisks** around words mark the name of a button or field, shown in bold.
 */
export const ZHelpBlock = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('paragraph'), text: z.string() }),
    z.object({ type: z.literal('steps'), items: z.array(z.string()).min(1) }),
    z.object({ type: z.literal('list'), items: z.array(z.string()).min(1) }),
    z.object({ type: z.literal('tip'), text: z.string() }),
  ])
  .meta({ id: 'HelpBlock' });
export type THelpBlock = z.infer<typeof ZHelpBlock>;

export const ZHelpSection = z
  .object({ heading: z.string(), blocks: z.array(ZHelpBlock).min(1) })
  .meta({ id: 'HelpSection' });
export type THelpSection = z.infer<typeof ZHelpSection>;

export const ZHelpTopicLink = z
  .object({ topic: z.enum(HELP_TOPICS), title: z.string() })
  .meta({ id: 'HelpTopicLink' });
export type THelpTopicLink = z.infer<typeof ZHelpTopicLink>;

/** GET {api}/help/{topic}?language=xx */
export const ZHelpTopicResponse = z
  .object({
    language: z.enum(HELP_LANGUAGES).meta({ description: 'The help set answered: en, or fr for French' }),
    topic: z.enum(HELP_TOPICS),
    title: z.string(),
    summary: z.string(),
    sections: z.array(ZHelpSection),
    topics: z
      .array(ZHelpTopicLink)
      .meta({ description: 'The help index: the topics the caller may read (signed out: the public ones)' }),
  })
  .meta({ id: 'HelpTopicResponse' });
export type THelpTopicResponse = z.infer<typeof ZHelpTopicResponse>;

export const ZHelpTopicParams = z.object({
  topic: z
    .string()
    .max(60)
    .meta({ description: `One of ${HELP_TOPICS.join(', ')}` }),
});

export const ZHelpTopicQuery = z.object({
  language: z
    .string()
    .max(35)
    .regex(/^[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*$/, 'language is a language tag such as en, fr or fr-CA')
    .optional()
    .meta({ description: 'The interface language; other than English or French, the English help is sent' }),
});
