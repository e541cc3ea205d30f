import type { PrintPage } from './pdf-renderer';

/** Saves a file the page already holds, under the name given, without another request. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; a later revoke keeps slow browsers safe.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const PRINT_FRAME_ID = 'invoice-document-print-frame';

/**
 * Prints pages already drawn as images (see PdfDocumentHandle.renderPrintPages) from a
 * hidden same-origin frame: an about:blank frame holding one <img> per page, each on a
 * sheet of its own size, and that frame's window prints.
 *
 * Why not the PDF itself in a blob: frame: that depends on the browser's built-in PDF viewer,
 * which users and policies can turn off (the file is then downloaded, not printed), which
 * some browsers keep cross-origin (print() throws), and whose print crashed the tab in the
 * Chromium we test with. Images only need `img-src blob:`, which the CSP grants.
 *
 * The frame stays until the next print or removePrintFrame(): some browsers read it after
 * print() has returned.
 */
export async function printPageImages(pages: PrintPage[]): Promise<void> {
  removePrintFrame();
  const urls = pages.map((page) => URL.createObjectURL(page.image));
  const frame = document.createElement('iframe');
  frame.id = PRINT_FRAME_ID;
  frame.dataset.blobUrls = urls.join(' ');
  frame.title = 'print';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  // Not display:none: some browsers print a frame that is not rendered as a blank page.
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '1px',
    height: '1px',
    border: '0',
    opacity: '0',
    pointerEvents: 'none',
  });
  document.body.append(frame);

  const frameWindow = frame.contentWindow;
  const frameDocument = frame.contentDocument;
  if (!frameWindow || !frameDocument) throw new Error('The print frame has no document.');

  const style = frameDocument.createElement('style');
  // Each sheet takes the size of its page; no margins: the PDF has its own.
  style.textContent = [
    '@page { margin: 0; }',
    'html, body { margin: 0; padding: 0; }',
    'img { display: block; break-after: page; page-break-after: always; }',
    'img:last-child { break-after: auto; page-break-after: auto; }',
  ].join('\n');
  frameDocument.head.append(style);
  const images = pages.map((page, index) => {
    const image = frameDocument.createElement('img');
    image.src = urls[index] ?? '';
    image.alt = '';
    image.style.width = `${page.widthPt}pt`;
    image.style.height = `${page.heightPt}pt`;
    frameDocument.body.append(image);
    return image;
  });
  // Print only once every page is decoded, or the first sheets come out blank.
  await Promise.all(images.map((image) => (typeof image.decode === 'function' ? image.decode() : undefined)));
  frameWindow.focus();
  frameWindow.print();
}

export function removePrintFrame(): void {
  const frame = document.getElementById(PRINT_FRAME_ID);
  if (!frame) return;
  const urls = (frame as HTMLIFrameElement).dataset.blobUrls ?? '';
  frame.remove();
  for (const url of urls.split(' ')) if (url) URL.revokeObjectURL(url);
}
