import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

/**
 * What every generated PDF (the invoice document, the grid exports, the statement and the
 * receipt) shares: the embedded DejaVu fonts (so that é, €, £ and French spacing render),
 * word wrapping and the "Page X of Y" footer. Their words come from document-texts.ts, their
 * amounts and dates from the shared formatters (@settle/shared/format) in the reader's locale.
 */

/** The only fonts a request can name: the served name -> the file in dejavu-fonts-ttf/ttf. */
export const FONT_FILES = {
  DejaVuSans: 'DejaVuSans.ttf',
  'DejaVuSans-Bold': 'DejaVuSans-Bold.ttf',
} as const;
export type FontName = keyof typeof FONT_FILES;

const fontDirectory = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);

/**
 * The names the documents switch fonts by. Each face is registered under exactly one name and
 * always selected by it: pdfkit caches a document's font under the key it was first opened
 * with, and a second name for the same face would open it again on every switch.
 */
export const FONT_REGULAR = path.join(fontDirectory, FONT_FILES.DejaVuSans);
export const FONT_BOLD = 'Bold';
const fontCache = new Map<FontName, Buffer>();

export function isFontName(name: string): name is FontName {
  return Object.hasOwn(FONT_FILES, name);
}

/** The font file of an allow-listed name; the path never comes from a request. */
export function readFont(name: FontName): Buffer {
  let data = fontCache.get(name);
  if (!data) {
    data = readFileSync(path.join(fontDirectory, FONT_FILES[name]));
    fontCache.set(name, data);
  }
  return data;
}

export type PdfDocument = InstanceType<typeof PDFDocument>;

type ParsedFonts = { regular: fontkit.Font; bold: fontkit.Font };
let parsedFonts: Promise<ParsedFonts> | undefined;
const importPdfkit = () => import('pdfkit');
/** The module, kept: an import() of a loaded module still goes through the loader each time. */
let pdfkitModule: ReturnType<typeof importPdfkit> | undefined;

/**
 * The two faces, parsed once per process and never handed out: documents get a view of them
 * (documentFont). Given a file, pdfkit reads and parses it for every document, and fontkit
 * then decodes the GSUB/GPOS lookups at the first layout and the loca/hmtx tables for the
 * subset, all again per document: about 20 ms of a 25 ms one-invoice PDF. A parsed font
 * keeps what it decoded, so only the first document pays.
 */
function loadFonts(): Promise<ParsedFonts> {
  parsedFonts ??= import('fontkit')
    .then(({ create }) => ({
      regular: create(readFont('DejaVuSans')) as fontkit.Font,
      bold: create(readFont('DejaVuSans-Bold')) as fontkit.Font,
    }))
    .catch((error: unknown) => {
      parsedFonts = undefined;
      throw error;
    });
  return parsedFonts;
}

/**
 * One document's view of a shared face: the decoded tables and glyphs are the shared font's,
 * but which glyph object the document sees is its own choice. fontkit keeps a glyph's code
 * points from the first text that asked for it (the ligature in "office" and the character
 * U+FB03 are one glyph) and pdfkit writes them into the document's ToUnicode map; with the
 * glyphs of the process, what a document's text reads as would depend on the documents made
 * before it. So a document gets the shared glyph when it asks with the same code points, and
 * a copy of it carrying the code points it asked with otherwise, remembered for the document.
 * fontkit caches its layout engine on the object that first asks for it, which is the view
 * (the shared font is never laid out itself), so the engine makes its glyphs through this
 * getGlyph. Layout and subsetting are synchronous calls: documents made at the same time
 * (a grid export awaits its rows between pages) never meet inside one.
 */
function documentFont(shared: fontkit.Font): fontkit.Font {
  const glyphs = new Map<number, fontkit.Glyph>();
  const fixedOutlines = Object.keys(shared.variationAxes).length === 0;
  const getGlyph = (id: number, codePoints: number[] = []): fontkit.Glyph => {
    let glyph = glyphs.get(id);
    if (!glyph) {
      const base = shared.getGlyph(id, codePoints);
      if (fixedOutlines) decodeOnce(base);
      glyph = sameCodePoints(base.codePoints, codePoints)
        ? base
        : (Object.create(base, { codePoints: { value: codePoints } }) as fontkit.Glyph);
      glyphs.set(id, glyph);
    }
    return glyph;
  };
  return Object.create(shared, { getGlyph: { value: getGlyph } }) as fontkit.Font;
}

const decodedOnce = new WeakSet<fontkit.Glyph>();

/**
 * fontkit decodes a glyph's outline from the glyf table every time a subset copies the glyph
 * (TTFGlyph._decode, a private method it does not cache): about 1 ms of every document. The
 * decoded outline of a face without variations is the same every time and only read (the
 * subset reads its contour count and components), so each shared glyph decodes once. Should
 * fontkit drop the method, this does nothing and the documents are the same.
 */
function decodeOnce(glyph: fontkit.Glyph): void {
  const target = glyph as unknown as { _decode?: () => unknown };
  if (decodedOnce.has(glyph) || typeof target._decode !== 'function') return;
  decodedOnce.add(glyph);
  const decode = target._decode;
  let decoded: { value: unknown } | undefined;
  target._decode = () => {
    decoded ??= { value: decode.call(glyph) };
    return decoded.value;
  };
}

function sameCodePoints(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * A buffered-pages document with the DejaVu fonts registered as FONT_REGULAR (its first
 * font, F1) and FONT_BOLD, each embedded as a subset of the glyphs the document uses. pdfkit,
 * fontkit and the fonts are loaded by the first document, not at start: a restart does not
 * need them.
 */
export async function createPdfDocument(options: {
  layout: 'portrait' | 'landscape';
  margin: number;
  title: string;
  author: string;
}): Promise<PdfDocument> {
  pdfkitModule ??= importPdfkit();
  const [{ default: Pdf }, fonts] = await Promise.all([pdfkitModule, loadFonts()]);
  const doc = new Pdf({
    size: 'LETTER',
    layout: options.layout,
    margin: options.margin,
    bufferPages: true,
    // No font yet: pdfkit would read and parse its default (Helvetica or a path) right here.
    font: null as unknown as string,
    info: { Title: options.title, Author: options.author, Creator: 'Settle' },
  });
  // pdfkit takes a parsed fontkit font as a source (it checks for layout()); its types do not say so.
  doc.registerFont(FONT_REGULAR, documentFont(fonts.regular) as unknown as Buffer);
  doc.registerFont(FONT_BOLD, documentFont(fonts.bold) as unknown as Buffer);
  // The regular face is the first font (F1), as when pdfkit opened it from the constructor.
  doc.font(FONT_REGULAR);
  return doc;
}

/** Where a line may break: white space, but not the no-break spaces a formatter puts in "1 234,50 €". */
const BREAKABLE_SPACE = /[^\S\u00a0\u2007\u202f]+/;

/**
 * The text cut into lines that fit `width` in the current font and size. Words longer
 * than a line are broken by characters; explicit newlines are kept.
 */
export function wrapText(doc: PdfDocument, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(BREAKABLE_SPACE).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (doc.widthOfString(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (doc.widthOfString(rest) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && doc.widthOfString(rest.slice(0, cut)) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** The text shortened with an ellipsis so that it fits on one line of `width`. */
export function fitText(doc: PdfDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 0 && doc.widthOfString(`${text.slice(0, end)}…`) > width) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * One line of text at an exact place, never wrapped and never starting a new page
 * (pdfkit only pages when it wraps). Right alignment is computed here.
 */
export function drawText(
  doc: PdfDocument,
  text: string,
  x: number,
  y: number,
  options: { width?: number; align?: 'left' | 'right' | 'center' } = {},
): void {
  if (!text) return;
  let left = x;
  if (options.width !== undefined && options.align && options.align !== 'left') {
    const free = options.width - doc.widthOfString(text);
    left = options.align === 'right' ? x + free : x + free / 2;
  }
  doc.text(text, left, y, { lineBreak: false });
}

/**
 * Writes the page number ("Page X of Y" in the document's language: documentTexts().pageOf) and
 * an optional left text on every buffered page.
 */
export function drawPageFooters(
  doc: PdfDocument,
  options: {
    margin: number;
    pageOf: (page: number, count: number) => string;
    leftText?: (pageIndex: number) => string;
  },
): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const y = doc.page.height - options.margin / 2 - 8;
    const width = doc.page.width - options.margin * 2;
    doc.font(FONT_REGULAR).fontSize(8).fillColor('#555555');
    const left = options.leftText?.(index);
    if (left) drawText(doc, left, options.margin, y);
    drawText(doc, options.pageOf(index + 1, range.count), options.margin, y, { width, align: 'right' });
  }
  doc.fillColor('black');
}
