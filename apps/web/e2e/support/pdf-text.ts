import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, read back with pdf.js (not the library that wrote it). */
export async function pdfText(data: Uint8Array): Promise<string> {
  const document = await getDocument({ data, useSystemFonts: false, disableFontFace: true, verbosity: 0 })
    .promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join('\n');
  } finally {
    await document.destroy();
  }
}
