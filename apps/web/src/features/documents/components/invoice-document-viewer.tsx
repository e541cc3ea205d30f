import { Box, Button, Group, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TInvoiceStatus } from '@settle/shared/invoices';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { InvoiceDocumentError, invoiceDocumentSource } from '../api/get-invoice-document';
import { documentErrorText, endSessionIfRefused } from '../lib/document-error';
import { readViewerSettings, VIEWER_MODAL_STYLES } from '../lib/viewer-config';
import { ExternalDocumentFrame, HtmlDocumentFrame } from './document-frames';
import { PdfDocumentPane } from './pdf-document-pane';

export interface InvoiceDocumentViewerProps {
  opened: boolean;
  /** One document for all of them, each invoice from a new page. */
  invNos: string[];
  invStatus: TInvoiceStatus;
  /** Called by the header X, the footer Close, Escape, and after an error has been reported. */
  onClose: () => void;
  /** The spec's show-cancel flag: a Close button in the footer. */
  showCancel?: boolean;
  /** Print as soon as the document has loaded (the grid's print action). */
  autoPrint?: boolean;
}

/**
 * The invoice viewer dialog (spec section 2, "Invoice viewer"). The mode is a setting
 * (window.settleConfig.viewer.mode):
 * - pdf (default): the PDF drawn page by page with pdf.js, with the spec's controls;
 * - html: the document in a frame, shown by the browser's own PDF viewer (autoPrint and the
 *   toolbar are the pdf mode's: that viewer has its own);
 * - external: a form posted to viewer.externalUrl; without that address, pdf.
 *
 * A refused document (the "message" response header) is reported in a notification that
 * outlives the dialog, then onClose() is called: the caller closes the dialog and resets its
 * print state, as the spec says.
 */
export function InvoiceDocumentViewer({
  opened,
  invNos,
  invStatus,
  onClose,
  showCancel = false,
  autoPrint = false,
}: InvoiceDocumentViewerProps) {
  const { t } = useTranslation(['documents', 'errors']);
  const settings = readViewerSettings();
  const title =
    invNos.length === 1
      ? t('documents:titleOne', { invNo: invNos[0] })
      : t('documents:titleMany', { count: invNos.length });

  // One report per opening, however many parts fail.
  const reported = useRef(false);
  useEffect(() => {
    if (opened) reported.current = false;
  }, [opened]);

  const fail = useCallback(
    (error: unknown) => {
      if (reported.current) return;
      reported.current = true;
      if (!endSessionIfRefused(error)) {
        notifications.show({
          id: 'invoice-document-error',
          color: 'red',
          title: t('documents:errorTitle'),
          message: documentErrorText(t, error),
          autoClose: 10_000,
        });
      }
      onClose();
    },
    [t, onClose],
  );

  // Nothing to show: the spec's bulk-action message, without asking the server.
  const nothingSelected = opened && invNos.length === 0;
  useEffect(() => {
    if (nothingSelected) {
      fail(
        new InvoiceDocumentError({
          status: 400,
          code: 'NO_INVOICE_SELECTED',
          message: 'No invoice selected.',
        }),
      );
    }
  }, [nothingSelected, fail]);

  // A new set of invoices is a new document: fresh page, zoom and print state.
  const documentKey = `${invStatus}:${invNos.join('\u0000')}`;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={860}
      closeButtonProps={{ 'aria-label': t('documents:close') }}
      styles={VIEWER_MODAL_STYLES}
    >
      {opened && !nothingSelected && (
        <Box
          data-testid="document-viewer"
          style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
        >
          {settings.mode === 'html' ? (
            <HtmlDocumentFrame key={documentKey} invNos={invNos} invStatus={invStatus} onError={fail} />
          ) : settings.mode === 'external' && settings.externalUrl ? (
            <ExternalDocumentFrame
              key={documentKey}
              invNos={invNos}
              invStatus={invStatus}
              externalUrl={settings.externalUrl}
            />
          ) : (
            <PdfDocumentPane
              key={documentKey}
              source={invoiceDocumentSource({ invNos, invStatus })}
              startZoom={settings.startZoom}
              autoPrint={autoPrint}
              onError={fail}
            />
          )}
        </Box>
      )}
      {showCancel && (
        <Group justify="flex-end" pt="sm">
          <Button variant="default" onClick={onClose} data-testid="viewer-close">
            {t('documents:close')}
          </Button>
        </Group>
      )}
    </Modal>
  );
}
