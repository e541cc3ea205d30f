import { type THelpBlock, type THelpSection, ZHelpSection } from '@settle/shared/help';
import type { HelpTopicContent } from './help-set';

/**
 * One help topic from its Markdown file (content/<language>/<topic>.md). Only the few forms
 * a help page shows are read, so that writers need no other syntax and the page never gets
 * markup: see content/README.md. Blocks are separated by blank lines; a line that wraps
 * goes on with the next line (joined by a space). Anything else is refused with its file
 * and line, so that a slip in the content stops the server at start rather than show a
 * broken page.
 */
export function parseHelpTopic(markdown: string, source: string): HelpTopicContent {
  const chunks = splitIntoChunks(markdown);
  const fail = (line: number, problem: string): never => {
    throw new Error(`${source}:${line}: ${problem}`);
  };

  const [titleChunk, summaryChunk, ...rest] = chunks;
  if (!titleChunk?.lines[0]?.startsWith('# ') || titleChunk.lines.length > 1) {
    return fail(titleChunk?.line ?? 1, 'a topic starts with its title, on one line: "# Title"');
  }
  if (!summaryChunk || kindOf(summaryChunk.lines[0]!) !== 'paragraph') {
    return fail(summaryChunk?.line ?? 1, 'the title is followed by a one-paragraph summary');
  }

  const sections: THelpSection[] = [];
  for (const chunk of rest) {
    const first = chunk.lines[0]!;
    if (first.startsWith('## ')) {
      if (chunk.lines.length > 1) fail(chunk.line, 'a section heading stands on a line of its own');
      sections.push({ heading: first.slice(3).trim(), blocks: [] });
      continue;
    }
    const section = sections.at(-1);
    if (!section) return fail(chunk.line, 'after the summary, every block belongs to a "## Section"');
    section.blocks.push(readBlock(chunk, fail));
  }
  if (sections.length === 0) fail(titleChunk.line, 'a topic has at least one "## Section"');
  for (const section of sections) {
    const checked = ZHelpSection.safeParse(section);
    if (!checked.success) fail(titleChunk.line, `section "${section.heading}": ${checked.error.message}`);
  }
  return {
    title: titleChunk.lines[0].slice(2).trim(),
    summary: joinLines(summaryChunk.lines),
    sections,
  };
}

type Chunk = { line: number; lines: string[] };
type LineKind = 'heading' | 'list' | 'steps' | 'tip' | 'paragraph';

const LIST_ITEM = /^- /;
const STEP_ITEM = /^\d+\. /;
const TIP_LINE = /^> ?/;

function kindOf(line: string): LineKind {
  if (line.startsWith('#')) return 'heading';
  if (LIST_ITEM.test(line)) return 'list';
  if (STEP_ITEM.test(line)) return 'steps';
  if (TIP_LINE.test(line)) return 'tip';
  return 'paragraph';
}

/** Runs of non-blank lines, each with the number of its first line (1-based). */
function splitIntoChunks(markdown: string): Chunk[] {
  const chunks: Chunk[] = [];
  let current: Chunk | undefined;
  markdown.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      current = undefined;
      return;
    }
    if (!current) {
      current = { line: index + 1, lines: [] };
      chunks.push(current);
    }
    current.lines.push(line);
  });
  return chunks;
}

function joinLines(lines: string[]): string {
  return lines.map((line) => line.trim()).join(' ');
}

/** Items start with their marker; a line without one continues the item above it. */
function readItems(lines: string[], marker: RegExp): string[] {
  const items: string[][] = [];
  for (const line of lines) {
    if (marker.test(line)) items.push([line.replace(marker, '')]);
    else items.at(-1)!.push(line);
  }
  return items.map(joinLines);
}

function readBlock(chunk: Chunk, fail: (line: number, problem: string) => never): THelpBlock {
  const kind = kindOf(chunk.lines[0]!);
  switch (kind) {
    case 'heading':
      return fail(chunk.line, 'only "# Title" and "## Section" headings exist, each on a line of its own');
    case 'list':
      return { type: 'list', items: readItems(chunk.lines, LIST_ITEM) };
    case 'steps':
      return { type: 'steps', items: readItems(chunk.lines, STEP_ITEM) };
    case 'tip':
      if (!chunk.lines.every((line) => TIP_LINE.test(line))) {
        return fail(chunk.line, 'every line of a tip starts with "> "');
      }
      return { type: 'tip', text: joinLines(chunk.lines.map((line) => line.replace(TIP_LINE, ''))) };
    case 'paragraph':
      return { type: 'paragraph', text: joinLines(chunk.lines) };
  }
}
