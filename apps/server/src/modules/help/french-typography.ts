import type { THelpBlock } from '@settle/shared/help';
import type { HelpSet, HelpTopicContent } from './help-set';

const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';

/**
 * French typography wants a no-break space before the colon and inside guillemets, and a
 * narrow one before ; ? ! and between thousands. Invisible characters in the source are
 * easy to lose in an edit, so the French help is written with plain spaces and typeset here.
 */
export function typesetFrench(text: string): string {
  return text
    .replace(/ :/g, `${NBSP}:`)
    .replace(/ ([;?!])/g, `${NARROW_NBSP}$1`)
    .replace(/« /g, `«${NBSP}`)
    .replace(/ »/g, `${NBSP}»`)
    .replace(/(\d) %/g, `$1${NBSP}%`)
    .replace(/(\d) (\d{3})\b/g, `$1${NARROW_NBSP}$2`);
}

function typesetBlock(block: THelpBlock): THelpBlock {
  return block.type === 'paragraph' || block.type === 'tip'
    ? { ...block, text: typesetFrench(block.text) }
    : { ...block, items: block.items.map(typesetFrench) };
}

function typesetTopic(topic: HelpTopicContent): HelpTopicContent {
  return {
    title: typesetFrench(topic.title),
    summary: typesetFrench(topic.summary),
    sections: topic.sections.map((section) => ({
      heading: typesetFrench(section.heading),
      blocks: section.blocks.map(typesetBlock),
    })),
  };
}

export function typesetFrenchHelpSet(set: HelpSet): HelpSet {
  return Object.fromEntries(
    Object.entries(set).map(([topic, content]) => [topic, typesetTopic(content)]),
  ) as HelpSet;
}
