import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HELP_LANGUAGES, HELP_TOPICS } from '@settle/shared/help';
import { afterEach, describe, expect, it } from 'vitest';
import { HELP_CONTENT_DIR, loadHelpSet } from './help-content';
import { parseHelpTopic } from './help-markdown';

describe('the help content files', () => {
  it.each(HELP_LANGUAGES)('hold exactly one file per topic in %s', (language) => {
    const files = readdirSync(path.join(HELP_CONTENT_DIR, language)).sort();
    expect(files).toEqual(HELP_TOPICS.map((topic) => `${topic}.md`).sort());
  });

  describe('a missing topic', () => {
    let directory: string | undefined;
    afterEach(() => {
      if (directory) rmSync(directory, { recursive: true, force: true });
    });

    it('stops the loading with the name of the missing file', () => {
      directory = mkdtempSync(path.join(tmpdir(), 'settle-help-'));
      mkdirSync(path.join(directory, 'en'));
      for (const topic of HELP_TOPICS.filter((name) => name !== 'home')) {
        writeFileSync(path.join(directory, 'en', `${topic}.md`), '# T\n\nS.\n\n## H\n\nP.\n');
      }
      expect(() => loadHelpSet('en', directory)).toThrow(/home\.md/);
    });
  });
});

describe('parseHelpTopic', () => {
  it('reads every kind of block, and joins a wrapped line to the one above', () => {
    const topic = parseHelpTopic(
      [
        '# Title',
        '',
        'The summary,',
        'wrapped.',
        '',
        '## First',
        '',
        'A paragraph.',
        '',
        '1. One',
        '2. Two,',
        '   wrapped',
        '',
        '- A',
        '- B',
        '',
        '> A tip.',
        '',
      ].join('\n'),
      'test.md',
    );
    expect(topic).toEqual({
      title: 'Title',
      summary: 'The summary, wrapped.',
      sections: [
        {
          heading: 'First',
          blocks: [
            { type: 'paragraph', text: 'A paragraph.' },
            { type: 'steps', items: ['One', 'Two, wrapped'] },
            { type: 'list', items: ['A', 'B'] },
            { type: 'tip', text: 'A tip.' },
          ],
        },
      ],
    });
  });

  it.each([
    ['no title', 'The summary.\n\n## H\n\nP.\n', /test\.md:1: a topic starts with its title/],
    ['no summary', '# T\n\n## H\n\nP.\n', /test\.md:3: the title is followed by a one-paragraph summary/],
    ['a block before any section', '# T\n\nS.\n\nP.\n', /test\.md:5: .*belongs to a "## Section"/],
    ['a deeper heading', '# T\n\nS.\n\n## H\n\n### Deeper\n', /test\.md:7: only "# Title" and "## Section"/],
    ['an empty section', '# T\n\nS.\n\n## H\n', /test\.md:1: section "H"/],
  ])('refuses %s, naming the file and line', (_case, markdown, message) => {
    expect(() => parseHelpTopic(markdown, 'test.md')).toThrow(message);
  });
});
