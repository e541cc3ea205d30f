import type { usePaymentCheckout } from '../hooks/use-payment-checkout';
import { isRetryable } from '../hooks/use-payment-checkout';
import { CartChangedDialog } from './cart-changed-dialog';
import { EcheckDialog } from './echeck-dialog';
import { PaymentSummaryDialog } from './payment-summary-dialog';
import { ReceiptDialog } from './receipt-dialog';
import { PreparingDialog, RedirectAckDialog, WaitingDialog } from './redirect-dialogs';

/** The dialog of the checkout's current phase: one at a time, the cart and the on-account screen alike. */
export function PaymentCheckoutDialogs({
  checkout,
  canSaveProfile,
  onShowReceiptPdf,
}: {
  checkout: ReturnType<typeof usePaymentCheckout>;
  /** The tenant keeps bank accounts as profiles here: the e-check form offers "save as profile". */
  canSaveProfile: boolean;
  onShowReceiptPdf?: (key: { custNo: string; paymentLogId: number }) => void;
}) {
  const { phase } = checkout;
  switch (phase.kind) {
    case 'idle':
      return null;
    case 'preparing':
      return <PreparingDialog />;
    case 'changed':
      return (
        <CartChangedDialog
          changed={phase.changed}
          currency={phase.request.currency}
          onClose={checkout.cancel}
        />
      );
    case 'summary':
      return (
        <PaymentSummaryDialog
          request={phase.request}
          provider={phase.provider}
          onContinue={checkout.confirmSummary}
          onCancel={checkout.cancel}
        />
      );
    case 'acknowledge':
      return (
        <RedirectAckDialog
          starting={phase.starting}
          networkFailed={isRetryable(phase.error)}
          onConfirm={checkout.acknowledge}
          onCancel={checkout.cancel}
        />
      );
    case 'echeck':
      return (
        <EcheckDialog
          amount={
            phase.provider.paymentFees.feesApplied
              ? phase.provider.paymentFees.amountWithFees
              : phase.request.amount
          }
          currency={phase.request.currency}
          submitting={phase.submitting}
          canSaveProfile={canSaveProfile}
          serverError={phase.error}
          onSubmit={checkout.submitEcheck}
          onCancel={checkout.cancel}
        />
      );
    case 'waiting':
      return <WaitingDialog target={phase.target} onCancel={checkout.cancel} />;
    case 'receipt':
      return (
        <ReceiptDialog
          request={phase.request}
          result={phase.result}
          onClose={checkout.closeReceipt}
          onShowPdf={onShowReceiptPdf}
        />
      );
  }
}
