import type { TInvoiceStatus } from '@settle/shared/invoices';
import { type ReactNode, useCallback, useState } from 'react';
import { InvoiceDocumentViewer } from '../../features/documents/components/invoice-document-viewer';

/**
 * Print from the grid, the selection or the detail page opens the invoices in the viewer
 * (a print preview): the user pages, zooms, prints or downloads from there.
 */
export function useDocumentViewer(): {
  open: (invNos: string[], status: TInvoiceStatus) => void;
  viewer: ReactNode;
} {
  const [documents, setDocuments] = useState<{ invNos: string[]; status: TInvoiceStatus } | null>(null);
  const open = useCallback(
    (invNos: string[], status: TInvoiceStatus) => setDocuments({ invNos, status }),
    [],
  );
  const viewer = (
    <InvoiceDocumentViewer
      opened={documents !== null}
      invNos={documents?.invNos ?? []}
      invStatus={documents?.status ?? 'O'}
      onClose={() => setDocuments(null)}
      showCancel
    />
  );
  return { open, viewer };
}
