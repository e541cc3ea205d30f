import { Container } from '@mantine/core';
import type { TInvoiceStatus } from '@settle/shared/invoices';
import { Navigate, useParams } from 'react-router';
import { InvoiceActivity } from '../../features/activity/components/invoice-activity';
import { useAddToCartAction } from '../../features/cart/components/use-add-to-cart-action';
import { useOpenInvoiceDisputes } from '../../features/disputes/components/use-open-invoice-disputes';
import { InvoiceDetail } from '../../features/invoices/components/invoice-detail';
import { useDocumentViewer } from './use-document-viewer';

/** /detail/:status/:invNo: one invoice, with the cart and the printing composed in. */
export function InvoiceDetailRoute() {
  const params = useParams();
  const addToCart = useAddToCartAction();
  const documents = useDocumentViewer();
  const disputes = useOpenInvoiceDisputes();
  const status: TInvoiceStatus | null = params.status === 'O' || params.status === 'C' ? params.status : null;
  if (!status || !params.invNo) return <Navigate to="/invoices" replace />;
  return (
    <Container size="xl">
      <InvoiceDetail
        key={`${status}|${params.invNo}`}
        invNo={params.invNo}
        status={status}
        onPrint={documents.open}
        onAddToCart={addToCart}
        onDispute={disputes.open}
        footer={(invoice) => (
          <InvoiceActivity invNo={invoice.invNo} currencyCode={invoice.tranCurrencyCode} />
        )}
        backTo={status === 'C' ? '/invoices?status=C' : '/invoices'}
      />
      {documents.viewer}
    </Container>
  );
}
