import {
  HELP_TOPICS,
  PUBLIC_HELP_TOPICS,
  resolveHelpLanguage,
  type THelpLanguage,
  type THelpTopic,
  type THelpTopicResponse,
} from '@settle/shared/help';
import { typesetFrenchHelpSet } from './french-typography';
import { HELP_SET_EN, HELP_SET_FR } from './help-content';
import type { HelpSet } from './help-set';

const HELP_SETS: Record<THelpLanguage, HelpSet> = {
  en: HELP_SET_EN,
  fr: typesetFrenchHelpSet(HELP_SET_FR),
};

/**
 * A help topic in the asked language, English for any language without a help set of its
 * own. The index lists only what the caller may read: signed out, the public topics, so
 * that the login page's help offers no link that would answer 401.
 */
export function findHelpTopic(options: {
  topic: THelpTopic;
  /** The interface language as the browser names it: en, fr, fr-CA, de... */
  language?: string;
  signedIn: boolean;
}): THelpTopicResponse {
  const language = resolveHelpLanguage(options.language);
  const set = HELP_SETS[language];
  const readable = HELP_TOPICS.filter((topic) => options.signedIn || PUBLIC_HELP_TOPICS.has(topic));
  return {
    language,
    topic: options.topic,
    ...set[options.topic],
    topics: readable.map((topic) => ({ topic, title: set[topic].title })),
  };
}
