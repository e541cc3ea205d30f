import { Box, getDefaultZIndex, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfFileSource } from '../api/use-pdf-file';
import { documentErrorText, endSessionIfRefused } from '../lib/document-error';
import { readViewerSettings, VIEWER_MODAL_STYLES } from '../lib/viewer-config';
import { PdfDocumentPane } from './pdf-document-pane';

/**
 * The app's PDF viewer for a document that is not an invoice (a payment receipt): the same pane,
 * toolbar (pages, zoom, download, print) and frame as the invoice viewer.
 */
export function PdfViewerDialog(props: { title: string; source: PdfFileSource | null; onClose: () => void }) {
  const { t } = useTranslation(['documents', 'errors']);
  const { onClose } = props;
  const fail = useCallback(
    (error: unknown) => {
      if (!endSessionIfRefused(error))
        notifications.show({
          color: 'red',
          title: t('documents:errorTitle'),
          message: documentErrorText(t, error),
          autoClose: 10_000,
        });
      onClose();
    },
    [t, onClose],
  );
  return (
    <Modal
      opened={props.source !== null}
      onClose={onClose}
      title={props.title}
      size={860}
      // Over the dialog it is opened from (the receipt, the payment's detail), whichever mounted first.
      zIndex={getDefaultZIndex('modal') + 1}
      closeButtonProps={{ 'aria-label': t('documents:close'), 'data-testid': 'pdf-viewer-close' } as object}
      styles={VIEWER_MODAL_STYLES}
    >
      {props.source ? (
        <Box
          data-testid="document-viewer"
          style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
        >
          <PdfDocumentPane
            key={props.source.key.join('\u0000')}
            source={props.source}
            startZoom={readViewerSettings().startZoom}
            autoPrint={false}
            onError={fail}
          />
        </Box>
      ) : null}
    </Modal>
  );
}
