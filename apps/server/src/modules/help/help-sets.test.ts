import { HELP_TOPICS, type THelpBlock, ZHelpSection } from '@settle/shared/help';
import { describe, expect, it } from 'vitest';
import { typesetFrench } from './french-typography';
import { HELP_SET_EN, HELP_SET_FR } from './help-content';
import type { HelpSet } from './help-set';

function textsOf(set: HelpSet): string[] {
  return Object.values(set).flatMap((topic) => [
    topic.title,
    topic.summary,
    ...topic.sections.flatMap((section) => [
      section.heading,
      ...section.blocks.flatMap((block: THelpBlock) =>
        block.type === 'paragraph' || block.type === 'tip' ? [block.text] : block.items,
      ),
    ]),
  ]);
}

describe('the help sets', () => {
  it.each([
    ['en', HELP_SET_EN],
    ['fr', HELP_SET_FR],
  ] as const)('%s covers every topic with valid sections and no markup', (_language, set) => {
    expect(Object.keys(set).sort()).toEqual([...HELP_TOPICS].sort());
    for (const topic of Object.values(set)) {
      expect(topic.sections.length).toBeGreaterThan(0);
      for (const section of topic.sections) expect(ZHelpSection.safeParse(section).success).toBe(true);
    }
    for (const text of textsOf(set)) {
      // Help is text, never HTML: nothing to sanitize on the way to the page.
      expect(text).not.toMatch(/<[a-z/!]/i);
      // Bold markers come in pairs.
      expect(text.split('**').length % 2).toBe(1);
      expect(text.trim()).toBe(text);
    }
  });

  it('gives both languages the same sections in the same order', () => {
    for (const topic of HELP_TOPICS) {
      const shape = (set: HelpSet) =>
        set[topic].sections.map((section) => section.blocks.map((block) => block.type).join(','));
      expect(shape(HELP_SET_FR), topic).toEqual(shape(HELP_SET_EN));
    }
  });
});

describe('typesetFrench', () => {
  it('puts no-break spaces where French typography wants them', () => {
    expect(typesetFrench('Compte : « Château » ; vraiment ? Oui ! 1 000 lignes, 10 %')).toBe(
      'Compte\u00a0: «\u00a0Château\u00a0»\u202f; vraiment\u202f? Oui\u202f! 1\u202f000 lignes, 10\u00a0%',
    );
  });

  it('leaves text without such punctuation alone', () => {
    expect(typesetFrench('Choisissez **Vérifier**.')).toBe('Choisissez **Vérifier**.');
  });
});
