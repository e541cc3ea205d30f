import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type ReadPdf = { pageCount: number; pages: string[]; text: string; title: string | undefined };

/**
 * Reads a PDF back with pdf.js (a different library than the writer): the text of every
 * page, items joined by spaces, and the document title. `exact` reads the characters as the
 * document's ToUnicode maps say, without pdf.js's normalization (which turns the ligature
 * character U+FB03 into "ffi", for one).
 */
export async function readPdf(
  data: Buffer | Uint8Array,
  options: { exact?: boolean } = {},
): Promise<ReadPdf> {
  const document = await getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
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
