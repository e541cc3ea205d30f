import type { THelpSection, THelpTopic } from '@settle/shared/help';

/** One topic of a help set: what the page's heading, lead paragraph and body show. */
export type HelpTopicContent = {
  title: string;
  /** One sentence under the title: what the topic is for. */
  summary: string;
  sections: THelpSection[];
};

/** Every topic in one language; help-content.ts refuses to start without one of them. */
export type HelpSet = Record<THelpTopic, HelpTopicContent>;
