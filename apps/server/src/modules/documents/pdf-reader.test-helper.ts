import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type ReadPdf = { pageCount: number; pages: string[]; text: string; title: string | undefined };

function openPdf(data: Buffer | Uint8Array) {
  return getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
}

/**
 * Reads a PDF back with pdf.js (a different library than the writer): the text of every
 * page, items joined by spaces, and the document title. `exact` reads the characters as the
 * document's ToUnicode maps say, without pdf.js's normalization (which turns the ligature
 * character U+FB03 into "ffi", for one). Either way pdf.js gives every kind of space as a
 * plain one: readPdfCharacters tells them apart.
 */
export async function readPdf(
  data: Buffer | Uint8Array,
  options: { exact?: boolean } = {},
): Promise<ReadPdf> {
  const document = await openPdf(data);
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent({ disableNormalization: options.exact ?? false });
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .filter(Boolean)
          .join(' '),
      );
    }
    const metadata = await document.getMetadata();
    const info = metadata.info as { Title?: string } | undefined;
    return { pageCount: document.numPages, pages, text: pages.join('\n'), title: info?.Title };
  } finally {
    await document.destroy();
  }
}

/**
 * The characters each page draws, one string per text drawing joined by a line break, exactly
 * as the document's ToUnicode maps say: the no-break spaces a French amount is written with
 * (U+202F between thousands, U+00A0 before the currency sign) stay what they are.
 */
export async function readPdfCharacters(data: Buffer | Uint8Array): Promise<string[]> {
  const document = await openPdf(data);
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const operators = await (await document.getPage(number)).getOperatorList();
      const drawn: string[] = [];
      operators.fnArray.forEach((operator, index) => {
        if (operator !== OPS.showText) return;
        const glyphs = operators.argsArray[index][0] as Array<{ unicode?: string } | number | null>;
        drawn.push(
          glyphs.map((glyph) => (glyph && typeof glyph === 'object' ? (glyph.unicode ?? '') : '')).join(''),
        );
      });
      pages.push(drawn.join('\n'));
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
