import type { TPaymentSummary } from '@settle/shared/payments';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { PaymentLogDetailDialog } from './payment-log-detail-dialog';

function buildSummary(overrides: Partial<TPaymentSummary> = {}): TPaymentSummary {
  return {
    paymentLogId: 42,
    extTranRefId: 'T-42',
    custNo: 'C10001',
    currencyCode: 'USD',
    paymentDecision: 'SUCCESS',
    responseText: 'Approved',
    methodType: 'CARD_PROFILE',
    paymentType: 'CREDIT_CARD',
    transactionType: 'INVOICES',
    amount: '1200.00',
    convenienceFeeAmount: '30.00',
    totalCharged: '1230.00',
    accountMasked: '************4242',
    trackingNo: 'TRK100042',
    authCode: '123456',
    note: null,
    contractNumber: null,
    createdAt: '2026-11-20T15:30:00.000Z',
    settledAt: '2026-11-20T15:31:00.000Z',
    paymentDetailLogViews: [
      { invNo: 'INV-7', amount: '1000.00', currCode: 'USD', shortPayReason: null },
      { invNo: 'INV-9', amount: '200.00', currCode: 'USD', shortPayReason: null },
    ],
    history: [
      { at: '2026-11-20T15:30:00.000Z', event: 'STARTED', detail: null },
      { at: '2026-11-20T15:31:00.000Z', event: 'SUCCEEDED', detail: 'Approved' },
    ],
    ...overrides,
  };
}

const KEY = { custNo: 'C10001', paymentLogId: 42 };

function renderDialog(
  summary: TPaymentSummary | { status: number; body: unknown },
  language: 'en' | 'fr' = 'en',
) {
  const calls = stubApi([
    {
      method: 'GET',
      path: '/payment/log/detail',
      reply: 'status' in summary ? summary : { body: summary },
    },
  ]);
  const onPrintReceipt = vi.fn(async () => {});
  const onClose = vi.fn();
  const rendered = renderComponent(
    <PaymentLogDetailDialog paymentKey={KEY} onClose={onClose} onPrintReceipt={onPrintReceipt} />,
    { userData: buildUserData(), language },
  );
  return { ...rendered, calls, onPrintReceipt, onClose };
}

describe('the payment log detail dialog', () => {
  it('shows the payment, its method type, fee, status, invoices and history, formatted', async () => {
    const { calls } = renderDialog(buildSummary());
    const dialog = await screen.findByRole('dialog', { name: 'Payment 42' });
    await within(dialog).findByTestId('payment-log-detail-status');

    expect(calls[0]!.query.get('custNo')).toBe('C10001');
    expect(calls[0]!.query.get('paymentLogId')).toBe('42');
    expect(within(dialog).getByTestId('payment-log-detail-status')).toHaveTextContent('Successful');
    expect(within(dialog).getByTestId('payment-log-detail-method')).toHaveTextContent('Saved card');
    expect(within(dialog).getByTestId('payment-log-detail-amount')).toHaveTextContent('$1,200.00');
    expect(within(dialog).getByTestId('payment-log-detail-fee')).toHaveTextContent('$30.00');
    expect(within(dialog).getByTestId('payment-log-detail-total')).toHaveTextContent('$1,230.00');
    const lines = within(within(dialog).getByTestId('payment-log-detail-lines')).getAllByRole('row');
    expect(lines.map((row) => row.textContent)).toEqual([
      'Invoice numberAmount',
      'INV-7$1,000.00',
      'INV-9$200.00',
    ]);
    expect(within(dialog).getByTestId('payment-log-detail-history')).toHaveTextContent('Payment succeeded');
  });

  it('hides the invoice grid for an on-account payment', async () => {
    renderDialog(buildSummary({ transactionType: 'ON_ACCOUNT', paymentDetailLogViews: [] }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('payment-log-detail-status');
    expect(within(dialog).queryByTestId('payment-log-detail-lines')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Invoices paid')).not.toBeInTheDocument();
  });

  it('prints the receipt of this payment, and says why a declined one failed', async () => {
    const { user, onPrintReceipt } = renderDialog(
      buildSummary({ paymentDecision: 'FAILURE', responseText: 'Declined' }),
    );
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('payment-log-detail-status');
    expect(dialog).toHaveTextContent('The card was declined.');
    await user.click(within(dialog).getByTestId('payment-log-print-receipt'));
    await waitFor(() => expect(onPrintReceipt).toHaveBeenCalledWith(KEY));
  });

  it('speaks French with French formats', async () => {
    renderDialog(buildSummary(), 'fr');
    const dialog = await screen.findByRole('dialog', { name: 'Paiement 42' });
    await within(dialog).findByTestId('payment-log-detail-status');
    expect(within(dialog).getByTestId('payment-log-detail-status')).toHaveTextContent('Réussi');
    expect(within(dialog).getByTestId('payment-log-print-receipt')).toHaveTextContent('Imprimer le reçu');
  });

  it('says so when the payment is not found, with nothing to print', async () => {
    renderDialog({ status: 404, body: errorBody(404, 'NOT_FOUND', 'Payment not found') });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('payment-log-detail-error')).toBeInTheDocument();
    expect(within(dialog).getByTestId('payment-log-print-receipt')).toBeDisabled();
  });
});
