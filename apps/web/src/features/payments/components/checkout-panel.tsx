import { notifications } from '@mantine/notifications';
import type { TPaymentConfig, TPaymentFlow, TPaymentResult, TPaymentType } from '@settle/shared/payments';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError } from '../../../lib/api-error';
import { usePaymentConfig } from '../api/get-payment-config';
import { usePaymentCheckout } from '../hooks/use-payment-checkout';
import type { CheckoutRequest } from '../lib/checkout-request';
import { translatePaymentError } from '../lib/translate-payment-error';
import { PayMethodButtons } from './pay-method-buttons';
import { PaymentCheckoutDialogs } from './payment-checkout-dialogs';

export interface CheckoutPanelProps {
  flow: TPaymentFlow;
  currency: string;
  /** Paying is possible now (cart: total above 0; on-account: amount above 0 and the form valid). */
  enabled: boolean;
  disabledReason: string;
  /** The request for the chosen method, built from the screen's state at the click. */
  buildRequest: (paymentType: TPaymentType) => CheckoutRequest;
  onPaid?: (request: CheckoutRequest) => void;
  onCartChanged?: () => void;
  onReceiptClosed?: (result: TPaymentResult) => void;
  /** The receipt dialog's PDF in the app's viewer (the app renders it). */
  onShowReceiptPdf?: (key: { custNo: string; paymentLogId: number }) => void;
  /**
   * Saved profiles shown above the pay buttons (the app fills it with the payment-profiles feature):
   * `pay` is the one-click silent payment through this checkout (same receipt and errors).
   */
  profiles?: (slot: {
    config: TPaymentConfig | undefined;
    enabled: boolean;
    busy: boolean;
    pay: (profile: { id: number; profileType: TPaymentType }) => void;
    /** The profile selected in the panels (or none): it disables the other ways to pay. */
    onSelect: (profile: { profileType: TPaymentType } | null) => void;
  }) => ReactNode;
}

/** The pay buttons of the tenant's configuration and the checkout's dialogs, for the cart and on-account alike. */
export function CheckoutPanel(props: CheckoutPanelProps) {
  const { t } = useTranslation(['payments', 'errors']);
  const config = usePaymentConfig(props.flow, props.currency);
  const [profileType, setProfileType] = useState<TPaymentType | null>(null);
  const checkout = usePaymentCheckout({
    onPaid: props.onPaid,
    onCartChanged: props.onCartChanged,
    onReceiptClosed: props.onReceiptClosed,
    onFailed: (error) => {
      if (isSessionEndingError(error)) return;
      notifications.show({
        color: 'red',
        title: t('payments:startFailed'),
        message: translatePaymentError(t, error),
        // The message must be read: it stays until closed.
        autoClose: false,
      });
    },
    onCancelled: () => notifications.show({ color: 'yellow', message: t('payments:cancelled') }),
  });
  const busyType = checkout.phase.kind === 'preparing' ? checkout.phase.request.paymentType : null;

  return (
    <>
      {props.profiles?.({
        config: config.data,
        enabled: props.enabled,
        busy: checkout.phase.kind === 'preparing' || checkout.phase.kind === 'waiting',
        pay: (profile) => checkout.payWithProfile(props.buildRequest(profile.profileType), profile.id),
        onSelect: (profile) => setProfileType(profile?.profileType ?? null),
      })}
      <PayMethodButtons
        config={config.data}
        configFailed={config.isError}
        currency={props.currency}
        enabled={props.enabled}
        disabledReason={props.disabledReason}
        busyType={busyType}
        profileType={profileType}
        onChoose={(paymentType) => checkout.start(props.buildRequest(paymentType))}
      />
      <PaymentCheckoutDialogs
        checkout={checkout}
        canSaveProfile={config.data?.allowECheckProfile ?? false}
        onShowReceiptPdf={props.onShowReceiptPdf}
      />
    </>
  );
}
