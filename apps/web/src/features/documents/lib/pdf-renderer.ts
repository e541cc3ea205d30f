import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * The only module that touches pdf.js. Components use this small interface, so tests replace
 * this file (vi.mock) instead of needing a canvas and a worker in jsdom.
 *
 * pdf.js is imported on first use: its ~1 MB stays out of the app's first bundle and is only
 * fetched when someone opens an invoice. The worker is a same-origin file emitted by Vite
 * (`?url`), as the CSP (`worker-src 'self' blob:`, `script-src 'self'`) requires.
 */

export interface RenderJob {
  /** Resolves when the page is on the canvas; rejects with a cancellation when cancelled. */
  promise: Promise<void>;
  cancel: () => void;
}

/** One page drawn for the printer: a PNG and the page's size in PDF points (1/72 inch). */
export interface PrintPage {
  image: Blob;
  widthPt: number;
  heightPt: number;
}

export interface PdfDocumentHandle {
  numPages: number;
  /** Draws one page (1-based) at `zoom`, sharp on screens with a device pixel ratio above 1. */
  renderPage: (options: {
    pageNumber: number;
    canvas: HTMLCanvasElement;
    zoom: number;
    pixelRatio?: number;
  }) => RenderJob;
  /**
   * Every page as an image for printing, one after the other (one canvas in memory at a
   * time). `isCancelled` stops the work between pages when the viewer has closed.
   */
  renderPrintPages: (options?: { dpi?: number; isCancelled?: () => boolean }) => Promise<PrintPage[]>;
  destroy: () => Promise<void>;
}

/** What pdf.js's own viewer prints at: sharp text, a few MB per page at most. */
export const PRINT_DPI = 150;

export class RenderCancelledError extends Error {
  constructor() {
    super('Rendering cancelled');
    this.name = 'RenderCancelledError';
  }
}

export function isRenderCancelled(error: unknown): boolean {
  return (
    error instanceof RenderCancelledError ||
    (error instanceof Error && error.name === 'RenderingCancelledException')
  );
}

type PdfJs = typeof import('pdfjs-dist');
let pdfJsPromise: Promise<PdfJs> | undefined;

function loadPdfJs(): Promise<PdfJs> {
  pdfJsPromise ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  // A failed chunk load (a deploy replaced the files) may succeed on the next try.
  pdfJsPromise.catch(() => {
    pdfJsPromise = undefined;
  });
  return pdfJsPromise;
}

export async function openPdfDocument(data: Blob): Promise<PdfDocumentHandle> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // A copy: pdf.js transfers (detaches) the buffer it is given to its worker.
    data: new Uint8Array(await data.arrayBuffer()),
    // No `new Function`: the CSP forbids eval, and the check itself would log a violation.
    isEvalSupported: false,
    // The WebAssembly decoders (JPEG 2000, colour profiles) need 'wasm-unsafe-eval', which the
    // CSP does not grant; invoices are text and vector graphics, so the JavaScript paths do.
    useWasm: false,
    enableXfa: false,
  });
  const pdfDocument = await task.promise;

  return {
    numPages: pdfDocument.numPages,
    renderPage: ({ pageNumber, canvas, zoom, pixelRatio = window.devicePixelRatio || 1 }) => {
      let cancelled = false;
      let cancelTask: (() => void) | undefined;
      const promise = (async () => {
        const page = await pdfDocument.getPage(pageNumber);
        if (cancelled) throw new RenderCancelledError();
        const viewport = page.getViewport({ scale: zoom });
        // The bitmap has device pixels; CSS keeps the page at its zoomed size.
        canvas.width = Math.floor(viewport.width * pixelRatio);
        canvas.height = Math.floor(viewport.height * pixelRatio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        const task = page.render({
          canvas,
          viewport,
          transform: pixelRatio === 1 ? undefined : [pixelRatio, 0, 0, pixelRatio, 0, 0],
        });
        cancelTask = () => task.cancel();
        await task.promise;
      })();
      return {
        promise,
        cancel: () => {
          cancelled = true;
          cancelTask?.();
        },
      };
    },
    renderPrintPages: async ({ dpi = PRINT_DPI, isCancelled = () => false } = {}) => {
      const pages: PrintPage[] = [];
      for (let pageNumber = 1; pageNumber <= pdfDocument.numPages; pageNumber++) {
        if (isCancelled()) throw new RenderCancelledError();
        const page = await pdfDocument.getPage(pageNumber);
        const size = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: dpi / 72 });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        await page.render({ canvas, viewport, intent: 'print' }).promise;
        const image = await new Promise<Blob>((resolve, reject) =>
          canvas.toBlob(
            (blob) => (blob ? resolve(blob) : reject(new Error('The page image is empty.'))),
            'image/png',
          ),
        );
        // Free the bitmap now rather than when the collector gets to it.
        canvas.width = 0;
        canvas.height = 0;
        pages.push({ image, widthPt: size.width, heightPt: size.height });
      }
      return pages;
    },
    destroy: () => task.destroy(),
  };
}
