import { Alert, Box, Center, Loader, Stack, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PdfFileSource, usePdfFile } from '../api/use-pdf-file';
import { useViewerState } from '../hooks/use-viewer-state';
import { printPageImages, removePrintFrame, saveBlob } from '../lib/pdf-file-actions';
import { isRenderCancelled, openPdfDocument, type PdfDocumentHandle } from '../lib/pdf-renderer';
import { VIEWER_AREA_MAX_HEIGHT } from '../lib/viewer-config';
import { ViewerToolbar } from './viewer-toolbar';

export interface PdfDocumentPaneProps {
  /** The PDF to show: an invoice document, a payment receipt. */
  source: PdfFileSource;
  startZoom: number;
  autoPrint: boolean;
  /** A refused or unreadable document: the dialog reports it and closes. */
  onError: (error: unknown) => void;
}

/** The spec's PDF variant: the document drawn page by page with pdf.js, with its toolbar. */
export function PdfDocumentPane({ source, startZoom, autoPrint, onError }: PdfDocumentPaneProps) {
  const { t } = useTranslation('documents');
  const document = usePdfFile(source);
  const [state, dispatch] = useViewerState(startZoom);
  const [pdf, setPdf] = useState<PdfDocumentHandle | null>(null);
  const [renderFailed, setRenderFailed] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The latest callback without re-running the effects below when the parent re-renders.
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  useEffect(() => {
    if (document.error) onErrorRef.current(document.error);
  }, [document.error]);

  const file = document.data;
  useEffect(() => {
    if (!file) return;
    let active = true;
    let opened: PdfDocumentHandle | undefined;
    openPdfDocument(file.blob).then(
      (handle) => {
        if (!active) {
          void handle.destroy();
          return;
        }
        opened = handle;
        setPdf(handle);
        dispatch({ type: 'loaded', total: handle.numPages });
      },
      (error: unknown) => {
        if (active) onErrorRef.current(error);
      },
    );
    return () => {
      active = false;
      setPdf(null);
      void opened?.destroy();
    };
  }, [file, dispatch]);

  // One render at a time: a new page or zoom cancels the one still drawing.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!pdf || !canvas) return;
    let current = true;
    setRenderFailed(false);
    const job = pdf.renderPage({ pageNumber: state.page, canvas, zoom: state.zoom });
    job.promise.then(
      () => {
        if (current) dispatch({ type: 'rendered' });
      },
      (error: unknown) => {
        if (!current || isRenderCancelled(error)) return;
        setRenderFailed(true);
        dispatch({ type: 'renderFailed' });
      },
    );
    return () => {
      current = false;
      job.cancel();
    };
  }, [pdf, state.page, state.zoom, dispatch]);

  // Printing draws every page for the printer first: the button spins meanwhile.
  const [printing, setPrinting] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      removePrintFrame();
    };
  }, []);
  const print = useCallback(
    async (handle: PdfDocumentHandle) => {
      setPrinting(true);
      try {
        const pages = await handle.renderPrintPages({ isCancelled: () => !mounted.current });
        if (mounted.current) await printPageImages(pages);
      } catch (error) {
        // Closing the viewer while the pages were drawn is not a failure.
        if (mounted.current && !isRenderCancelled(error)) {
          notifications.show({ id: 'invoice-print-failed', color: 'red', message: t('printFailed') });
        }
      } finally {
        if (mounted.current) setPrinting(false);
      }
    },
    [t],
  );

  // The grid's print action: print as soon as the document is loaded, once per opening.
  const autoPrinted = useRef(false);
  useEffect(() => {
    if (!autoPrint || !pdf || autoPrinted.current) return;
    autoPrinted.current = true;
    void print(pdf);
  }, [autoPrint, pdf, print]);

  const busy = document.isPending || state.rendering;

  return (
    <Stack gap={0} style={{ flex: 1, minHeight: 0 }}>
      <ViewerToolbar
        state={state}
        dispatch={dispatch}
        canDownload={Boolean(file)}
        canPrint={Boolean(pdf) && !printing}
        printing={printing}
        onDownload={() => file && saveBlob(file.blob, file.filename)}
        onPrint={() => pdf && void print(pdf)}
      />
      <Box pos="relative" style={{ flex: 1, minHeight: 0, maxHeight: VIEWER_AREA_MAX_HEIGHT }}>
        <Box
          h="100%"
          bg="var(--settle-pane-background)"
          style={{ overflow: 'auto', display: 'flex', padding: 'var(--mantine-spacing-sm)' }}
          // A zoomed page overflows: focusable so that the arrow keys scroll it without a mouse.
          tabIndex={0}
          role="region"
          aria-label={t('pageArea')}
          data-testid="viewer-area"
        >
          <canvas
            ref={canvasRef}
            data-testid="viewer-canvas"
            role="img"
            aria-label={t('pageImage', { page: state.page })}
            style={{
              display: 'block',
              // Auto margins centre the page and, unlike centring, keep a wide page scrollable from its left edge.
              margin: 'auto',
              flexShrink: 0,
              background: 'white',
              boxShadow: 'var(--mantine-shadow-sm)',
              visibility: pdf ? 'visible' : 'hidden',
            }}
          />
        </Box>
        {renderFailed && (
          <Alert color="red" pos="absolute" top={8} left={8} right={8} data-testid="viewer-render-error">
            {t('renderFailed')}
          </Alert>
        )}
        {busy && !renderFailed && (
          <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
            <Loader data-testid="viewer-spinner" />
            <VisuallyHidden role="status">{t('loading')}</VisuallyHidden>
          </Center>
        )}
      </Box>
    </Stack>
  );
}
