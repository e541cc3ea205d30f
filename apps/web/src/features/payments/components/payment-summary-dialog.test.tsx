import { PAYMENT_SUMMARY_HEIGHT, PAYMENT_SUMMARY_HEIGHT_WITH_FEES } from '@settle/shared/payments';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUserData } from '../../../testing/fixtures';
import { buildProviderSettings } from '../../../testing/payment-fixtures';
import { renderComponent } from '../../../testing/render';
import type { CheckoutRequest } from '../lib/checkout-request';
import { PaymentSummaryDialog } from './payment-summary-dialog';

const request: CheckoutRequest = {
  flow: 'cart',
  paymentType: 'CREDIT_CARD',
  currency: 'USD',
  custNo: 'C100',
  amount: '200.00',
  payments: [
    { invNo: 'A', payment: '150.00' },
    { invNo: 'B', payment: '50.00' },
  ],
};

describe('PaymentSummaryDialog', () => {
  it('shows the amount and the total, 360 px high, without fees', async () => {
    renderComponent(
      <PaymentSummaryDialog
        request={request}
        provider={buildProviderSettings({ amount: '200.00' })}
        onContinue={vi.fn()}
        onCancel={vi.fn()}
      />,
      { userData: buildUserData() },
    );
    const dialog = await screen.findByTestId('payment-summary');
    expect(dialog).toHaveAttribute('data-height', String(PAYMENT_SUMMARY_HEIGHT));
    expect(screen.getByTestId('summary-amount')).toHaveTextContent('$200.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$200.00');
    expect(screen.queryByTestId('summary-fee')).not.toBeInTheDocument();
    expect(screen.getByText('2 invoices')).toBeInTheDocument();
  });

  it('shows the convenience fee with its percentage and the total with fees, 380 px high, in French', async () => {
    const onContinue = vi.fn();
    const { user } = renderComponent(
      <PaymentSummaryDialog
        request={request}
        provider={buildProviderSettings({ amount: '200.00', fees: true })}
        onContinue={onContinue}
        onCancel={vi.fn()}
      />,
      {
        language: 'fr',
        userData: buildUserData({
          language: 'fr',
          localeForFormatting: 'fr-FR',
          currencyMap: { USD: '$US' },
        }),
      },
    );
    const dialog = await screen.findByTestId('payment-summary');
    expect(dialog).toHaveAttribute('data-height', String(PAYMENT_SUMMARY_HEIGHT_WITH_FEES));
    const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');
    expect(text('summary-amount')).toBe('200,00 $US');
    expect(text('summary-fee')).toBe('5,00 $US');
    expect(text('summary-total')).toBe('205,00 $US');
    expect(screen.getByText(/Frais de service \(2,50/)).toBeInTheDocument();
    await user.click(screen.getByTestId('summary-continue'));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });
});
