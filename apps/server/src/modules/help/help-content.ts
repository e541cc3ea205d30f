import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HELP_TOPICS, type THelpLanguage } from '@settle/shared/help';
import { serverRoot } from '../../lib/package-root';
import { parseHelpTopic } from './help-markdown';
import type { HelpSet } from './help-set';

/** content/<language>/<topic>.md, found from the package root so that a bundled server finds it too. */
export const HELP_CONTENT_DIR = path.join(serverRoot, 'src/modules/help/content');

/**
 * Every topic of one language, read and checked. A missing or malformed topic throws, naming
 * the file: the server does not start with a hole in its help.
 */
export function loadHelpSet(language: THelpLanguage, contentDir = HELP_CONTENT_DIR): HelpSet {
  const entries = HELP_TOPICS.map((topic) => {
    const file = path.join(contentDir, language, `${topic}.md`);
    return [topic, parseHelpTopic(readFileSync(file, 'utf8'), file)] as const;
  });
  return Object.fromEntries(entries) as HelpSet;
}

// Read once, when the server starts: the content does not change while it runs.
export const HELP_SET_EN: HelpSet = loadHelpSet('en');
/** As written, with plain spaces: help.service typesets it (french-typography.ts). */
export const HELP_SET_FR: HelpSet = loadHelpSet('fr');
