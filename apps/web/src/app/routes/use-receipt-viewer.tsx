import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfViewerDialog } from '../../features/documents/components/pdf-viewer-dialog';
import { getReceiptPdf } from '../../lib/receipt-pdf';

type ReceiptKey = { custNo: string; paymentLogId: number };

/**
 * A payment's receipt in the app's PDF viewer (the receipt dialog and the payment log's print
 * receipt): `open` shows it, `viewer` is the dialog to render.
 */
export function useReceiptViewer() {
  const { t } = useTranslation('payments');
  const [key, setKey] = useState<ReceiptKey | null>(null);
  const viewer = (
    <PdfViewerDialog
      title={key ? t('receipt.pdfTitle', { id: key.paymentLogId }) : ''}
      source={
        key
          ? {
              key: ['receipt', key.custNo, key.paymentLogId],
              load: async () => ({
                blob: await getReceiptPdf(key),
                filename: `receipt-${key.paymentLogId}.pdf`,
              }),
            }
          : null
      }
      onClose={() => setKey(null)}
    />
  );
  return { open: setKey, viewer };
}
