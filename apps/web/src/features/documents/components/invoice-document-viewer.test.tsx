import type { TPublicConfig } from '@settle/shared/config';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { readLogoutReason } from '../../../lib/logout-reason';
import { getUserData } from '../../../lib/user-storage';
import { stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { openPdfDocument, type PdfDocumentHandle, type RenderJob } from '../lib/pdf-renderer';
import { documentRoute, pdfReply, refusalReply } from '../testing/document-routes';
import { InvoiceDocumentViewer, type InvoiceDocumentViewerProps } from './invoice-document-viewer';

// pdf.js needs a worker and a real canvas: the one module that wraps it is replaced.
vi.mock('../lib/pdf-renderer', () => ({
  openPdfDocument: vi.fn(),
  isRenderCancelled: (error: unknown) => error instanceof Error && error.name === 'RenderCancelledError',
}));

type RenderOptions = Parameters<PdfDocumentHandle['renderPage']>[0];

function fakePdf(numPages: number, job: (options: RenderOptions) => RenderJob = () => doneJob()) {
  const handle = {
    numPages,
    renderPage: vi.fn(job),
    renderPrintPages: vi.fn(async () =>
      Array.from({ length: numPages }, () => ({ image: new Blob(['png']), widthPt: 612, heightPt: 792 })),
    ),
    destroy: vi.fn(async () => {}),
  };
  vi.mocked(openPdfDocument).mockResolvedValue(handle);
  return handle;
}

function doneJob(): RenderJob {
  return { promise: Promise.resolve(), cancel: vi.fn() };
}

function setViewerConfig(viewer: Record<string, unknown>) {
  window.settleConfig = { apiBase: '/getpaid-rest/api', viewer } as unknown as TPublicConfig;
}

/** The viewer as a grid would hold it: open until onClose. */
function Harness(props: Partial<InvoiceDocumentViewerProps> & { onClosed?: () => void }) {
  const [opened, setOpened] = useState(true);
  const { onClosed, ...rest } = props;
  return (
    <InvoiceDocumentViewer
      opened={opened}
      invNos={['INV-1']}
      invStatus="O"
      {...rest}
      onClose={() => {
        onClosed?.();
        setOpened(false);
      }}
    />
  );
}

/**
 * jsdom cannot print: the print frame's print() is replaced as soon as the frame is added
 * (a mutation observer runs before the images are awaited).
 */
function watchPrintFrame() {
  const print = vi.fn();
  const observer = new MutationObserver(() => {
    const frame = document.getElementById('invoice-document-print-frame') as HTMLIFrameElement | null;
    if (!frame?.contentWindow || frame.dataset.watched) return;
    frame.dataset.watched = 'true';
    Object.defineProperty(frame.contentWindow, 'print', { value: print, configurable: true });
    Object.defineProperty(frame.contentWindow, 'focus', { value: vi.fn(), configurable: true });
  });
  observer.observe(document.body, { childList: true });
  onTestFinished(() => observer.disconnect());
  return print;
}

const lastRender = (handle: ReturnType<typeof fakePdf>) => handle.renderPage.mock.lastCall?.[0];

describe('InvoiceDocumentViewer', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/document-1');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.mocked(openPdfDocument).mockReset();
    document.getElementById('invoice-document-print-frame')?.remove();
  });

  it('asks for all invoices in one call and shows the controls with the first page drawn', async () => {
    const calls = stubApi([documentRoute()]);
    const pdf = fakePdf(3);
    renderComponent(<Harness invNos={['INV-1', 'INV-2']} invStatus="C" />, { userData: buildUserData() });

    expect(screen.getByTestId('document-viewer')).toBeInTheDocument();
    expect(screen.getByText('Invoices (2)')).toBeInTheDocument();
    expect(screen.getByTestId('viewer-spinner')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('viewer-page-total')).toHaveTextContent('of 3'));
    await waitFor(() => expect(screen.queryByTestId('viewer-spinner')).not.toBeInTheDocument());

    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.pathname).toBe('/getpaid-rest/api/gateway/downloadLinkedContent');
    expect(calls[0]?.url.searchParams.getAll('invNo')).toEqual(['INV-1', 'INV-2']);
    expect(calls[0]?.url.searchParams.get('invStatus')).toBe('C');
    expect(calls[0]?.url.searchParams.get('type')).toBe('download');
    expect(calls[0]?.credentials).toBe('same-origin');

    expect(lastRender(pdf)).toMatchObject({ pageNumber: 1, zoom: 1 });
    // Identity, not deep equality: comparing DOM nodes field by field never ends.
    expect(lastRender(pdf)?.canvas).toBe(screen.getByTestId('viewer-canvas'));
    expect(screen.getByTestId('viewer-page-input')).toHaveValue('1');
    expect(screen.getByTestId('viewer-page-input')).toHaveAttribute('maxLength', '4');
    expect(screen.getByTestId('viewer-zoom-level')).toHaveTextContent('100%');
    for (const [testId, label] of [
      ['viewer-first', 'First page'],
      ['viewer-prev', 'Previous page'],
      ['viewer-next', 'Next page'],
      ['viewer-last', 'Last page'],
      ['viewer-zoom-in', 'Zoom in'],
      ['viewer-zoom-out', 'Zoom out'],
      ['viewer-download', 'Download'],
      ['viewer-print', 'Print'],
    ]) {
      expect(screen.getByTestId(testId as string)).toHaveAccessibleName(label as string);
    }
    expect(screen.getByTestId('viewer-first')).toBeDisabled();
    expect(screen.getByTestId('viewer-prev')).toBeDisabled();
    expect(screen.getByTestId('viewer-next')).toBeEnabled();
  });

  it('pages, goes to a typed page and zooms, redrawing each time', async () => {
    stubApi([documentRoute()]);
    const pdf = fakePdf(3);
    const { user } = renderComponent(<Harness />);
    await waitFor(() => expect(screen.getByTestId('viewer-page-total')).toHaveTextContent('of 3'));
    expect(screen.getByText('Invoice INV-1')).toBeInTheDocument();

    await user.click(screen.getByTestId('viewer-next'));
    expect(screen.getByTestId('viewer-page-input')).toHaveValue('2');
    await waitFor(() => expect(lastRender(pdf)).toMatchObject({ pageNumber: 2 }));

    await user.click(screen.getByTestId('viewer-last'));
    expect(screen.getByTestId('viewer-page-input')).toHaveValue('3');
    expect(screen.getByTestId('viewer-next')).toBeDisabled();
    expect(screen.getByTestId('viewer-last')).toBeDisabled();

    const input = screen.getByTestId('viewer-page-input');
    await user.clear(input);
    await user.type(input, '2x9{Enter}');
    // "2x9" keeps its digits, 29 is past the last page: back to the page on screen.
    expect(input).toHaveValue('3');
    await user.clear(input);
    await user.type(input, '1{Enter}');
    expect(input).toHaveValue('1');
    await waitFor(() => expect(lastRender(pdf)).toMatchObject({ pageNumber: 1 }));

    await user.click(screen.getByTestId('viewer-zoom-in'));
    expect(screen.getByTestId('viewer-zoom-level')).toHaveTextContent('110%');
    await waitFor(() => expect(lastRender(pdf)).toMatchObject({ pageNumber: 1, zoom: 1.1 }));
    await user.click(screen.getByTestId('viewer-zoom-out'));
    await user.click(screen.getByTestId('viewer-zoom-out'));
    expect(screen.getByTestId('viewer-zoom-level')).toHaveTextContent('90%');
  });

  it('starts at the configured zoom of 1.29', async () => {
    setViewerConfig({ startZoom: 1.29, mode: 'pdf' });
    stubApi([documentRoute()]);
    const pdf = fakePdf(1);
    renderComponent(<Harness />);
    await waitFor(() => expect(lastRender(pdf)).toMatchObject({ zoom: 1.29 }));
    expect(screen.getByTestId('viewer-zoom-level')).toHaveTextContent('129%');
  });

  it('cancels a page still drawing when another is asked for', async () => {
    stubApi([documentRoute()]);
    const jobs: RenderJob[] = [];
    fakePdf(2, () => {
      const job = { promise: new Promise<void>(() => {}), cancel: vi.fn() };
      jobs.push(job);
      return job;
    });
    const { user } = renderComponent(<Harness />);
    await waitFor(() => expect(jobs).toHaveLength(1));
    await user.click(screen.getByTestId('viewer-next'));
    await waitFor(() => expect(jobs).toHaveLength(2));
    expect(jobs[0]?.cancel).toHaveBeenCalledTimes(1);
    expect(jobs[1]?.cancel).not.toHaveBeenCalled();
    // Still drawing page 2: the spinner stays.
    expect(screen.getByTestId('viewer-spinner')).toBeInTheDocument();
  });

  it('shows the translated, filled message header in an alert and closes', async () => {
    stubApi([documentRoute(() => refusalReply({ status: 404, message: 'INVOICE_NOT_FOUND', arg: 'INV-9' }))]);
    const onClosed = vi.fn();
    renderComponent(<Harness invNos={['INV-9']} onClosed={onClosed} />);

    expect(await screen.findByText('Invoice INV-9 was not found.')).toBeInTheDocument();
    expect(screen.getByText('The invoice could not be opened')).toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId('document-viewer')).not.toBeInTheDocument());
    expect(openPdfDocument).not.toHaveBeenCalled();
  });

  it('fills {0} and {1} from the arg header, in French', async () => {
    stubApi([documentRoute(() => refusalReply({ status: 400, message: 'TOO_MANY_INVOICES', arg: '60,50' }))]);
    const onClosed = vi.fn();
    renderComponent(<Harness invNos={['A', 'B']} onClosed={onClosed} />, { language: 'fr' });
    expect(
      await screen.findByText(
        'Vous avez sélectionné 60 factures ; vous pouvez en ouvrir au plus 50 à la fois.',
      ),
    ).toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('says Unknown Error for a key it cannot translate', async () => {
    stubApi([documentRoute(() => refusalReply({ status: 400, message: 'SOMETHING_NEW', arg: 'x' }))]);
    const onClosed = vi.fn();
    renderComponent(<Harness onClosed={onClosed} />);
    expect(await screen.findByText('Unknown Error')).toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('does not ask the server when no invoice is selected', async () => {
    const calls = stubApi([documentRoute()]);
    const onClosed = vi.fn();
    renderComponent(<Harness invNos={[]} onClosed={onClosed} />);
    expect(await screen.findByText('Please select Transactions to Include')).toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0);
  });

  it('signs out quietly when the session has ended', async () => {
    stubApi([documentRoute(() => refusalReply({ status: 401, message: 'SESSION_EXPIRED' }))]);
    const onClosed = vi.fn();
    renderComponent(<Harness onClosed={onClosed} />, { userData: buildUserData() });
    await waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1));
    expect(getUserData()).toBeNull();
    expect(readLogoutReason()).toBe('SESSION_EXPIRED');
    expect(screen.queryByText('The invoice could not be opened')).not.toBeInTheDocument();
  });

  it('tells the user when a page cannot be drawn, and stops the spinner', async () => {
    stubApi([documentRoute()]);
    fakePdf(1, () => ({ promise: Promise.reject(new Error('bad page')), cancel: vi.fn() }));
    renderComponent(<Harness />);
    expect(await screen.findByTestId('viewer-render-error')).toHaveTextContent(
      'This page could not be drawn',
    );
    expect(screen.queryByTestId('viewer-spinner')).not.toBeInTheDocument();
  });

  it('shows the footer Close button only with showCancel; the header X always closes', async () => {
    stubApi([documentRoute()]);
    fakePdf(1);
    const onClosed = vi.fn();
    const first = renderComponent(<Harness onClosed={onClosed} />);
    expect(screen.queryByTestId('viewer-close')).not.toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClosed).toHaveBeenCalledTimes(1);
    first.unmount();

    const second = renderComponent(<Harness onClosed={onClosed} showCancel />);
    expect(screen.getByTestId('viewer-close')).toHaveTextContent('Close');
    await second.user.click(screen.getByTestId('viewer-close'));
    expect(onClosed).toHaveBeenCalledTimes(2);
  });

  it('downloads the PDF it holds under invoice-<invNo>.pdf', async () => {
    const calls = stubApi([documentRoute()]);
    fakePdf(1);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = renderComponent(<Harness invNos={['INV-2025-000165']} />);
    await waitFor(() => expect(screen.getByTestId('viewer-download')).toBeEnabled());
    await user.click(screen.getByTestId('viewer-download'));

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('invoice-INV-2025-000165.pdf');
    expect(clicked[0]?.href).toBe('blob:http://localhost/document-1');
    expect(calls).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it('prints every page, drawn for the printer, from a hidden same-origin frame', async () => {
    stubApi([documentRoute()]);
    const pdf = fakePdf(2);
    const print = watchPrintFrame();
    const { user } = renderComponent(<Harness />);
    await waitFor(() => expect(screen.getByTestId('viewer-print')).toBeEnabled());
    await user.click(screen.getByTestId('viewer-print'));

    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(pdf.renderPrintPages).toHaveBeenCalledTimes(1);
    const frame = document.getElementById('invoice-document-print-frame') as HTMLIFrameElement;
    const images = [...(frame.contentDocument?.querySelectorAll('img') ?? [])];
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      'blob:http://localhost/document-1',
      'blob:http://localhost/document-1',
    ]);
    expect(images[0]?.style.width).toBe('612pt');
  });

  it('prints by itself once the document is loaded when opened with autoPrint', async () => {
    stubApi([documentRoute()]);
    const pdf = fakePdf(1);
    const print = watchPrintFrame();
    renderComponent(<Harness autoPrint />);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(pdf.renderPrintPages).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('document-viewer')).toBeInTheDocument();
  });

  it('tells the user when printing fails and keeps the viewer open', async () => {
    stubApi([documentRoute()]);
    const pdf = fakePdf(1);
    pdf.renderPrintPages.mockRejectedValue(new Error('out of memory'));
    const onClosed = vi.fn();
    const { user } = renderComponent(<Harness onClosed={onClosed} />);
    await waitFor(() => expect(screen.getByTestId('viewer-print')).toBeEnabled());
    await user.click(screen.getByTestId('viewer-print'));
    expect(await screen.findByText(/could not be printed from here/)).toBeInTheDocument();
    expect(onClosed).not.toHaveBeenCalled();
    expect(screen.getByTestId('viewer-print')).toBeEnabled();
  });

  it('frames the fetched document for the browser viewer in the html mode', async () => {
    setViewerConfig({ startZoom: 1, mode: 'html' });
    const calls = stubApi([documentRoute()]);
    renderComponent(<Harness invNos={['A', 'B']} />);
    expect(screen.getByTestId('viewer-spinner')).toBeInTheDocument();
    const frame = await screen.findByTestId('viewer-frame');
    expect(frame).toHaveAttribute('src', 'blob:http://localhost/document-1');
    expect(calls[0]?.url.searchParams.getAll('invNo')).toEqual(['A', 'B']);
    expect(screen.queryByTestId('viewer-next')).not.toBeInTheDocument();
    expect(openPdfDocument).not.toHaveBeenCalled();
  });

  it('gives the html mode the same translated alert when the document is refused', async () => {
    setViewerConfig({ startZoom: 1, mode: 'html' });
    stubApi([documentRoute(() => refusalReply({ status: 404, message: 'INVOICE_NOT_FOUND', arg: 'A' }))]);
    const onClosed = vi.fn();
    renderComponent(<Harness invNos={['A']} onClosed={onClosed} />);
    expect(await screen.findByText('Invoice A was not found.')).toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('posts the invoice numbers to the external address in the external mode', () => {
    setViewerConfig({ startZoom: 1, mode: 'external', externalUrl: 'https://docs.example.com/view' });
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    stubApi([documentRoute()]);
    renderComponent(<Harness invNos={['A', 'B']} invStatus="C" />);
    const form = screen.getByTestId('viewer-external-form') as HTMLFormElement;
    expect(form.action).toBe('https://docs.example.com/view');
    expect(form.method).toBe('post');
    expect(form.target).toBe(screen.getByTestId('viewer-frame').getAttribute('name'));
    expect(new FormData(form).getAll('invNo')).toEqual(['A', 'B']);
    expect(new FormData(form).get('invStatus')).toBe('C');
    expect(submit).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('falls back to the pdf mode when the external mode has no address', async () => {
    setViewerConfig({ startZoom: 1, mode: 'external' });
    const calls = stubApi([documentRoute(pdfReply)]);
    fakePdf(1);
    renderComponent(<Harness />);
    expect(screen.getByTestId('viewer-canvas')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});
