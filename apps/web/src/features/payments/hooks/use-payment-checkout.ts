import {
  PAYMENT_SUMMARY_REOPEN_MS,
  type TPaymentResult,
  type TProviderSettings,
} from '@settle/shared/payments';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { getProviderSettings } from '../api/get-provider-settings';
import { startPayment } from '../api/start-payment';
import { startSilentPayment } from '../api/start-silent-payment';
import { type TValidateCartResponse, validateCart } from '../api/validate-cart';
import type { CheckoutRequest, TEcheckAccount } from '../lib/checkout-request';
import { isTerminal } from '../lib/payment-outcome';
import { loadProviderPage, openPaymentWindow, paymentWindowSize } from '../lib/payment-window';
import { type PollTarget, usePaymentPoll } from './use-payment-poll';

type Attempt = { request: CheckoutRequest; provider: TProviderSettings; idempotencyKey: string };

/** Where the payment stands; each phase is one dialog (or none). */
export type CheckoutPhase =
  | { kind: 'idle' }
  | { kind: 'preparing'; request: CheckoutRequest }
  | { kind: 'changed'; request: CheckoutRequest; changed: TValidateCartResponse['changed'] }
  | ({ kind: 'summary' } & Attempt)
  | ({ kind: 'acknowledge'; starting: boolean; error: unknown } & Attempt)
  | ({ kind: 'echeck'; submitting: boolean; error: unknown } & Attempt)
  | ({ kind: 'waiting'; target: PollTarget } & Attempt)
  | { kind: 'receipt'; request: CheckoutRequest; result: TPaymentResult };

export interface CheckoutCallbacks {
  /** The payment succeeded: the cart is emptied and the invoices read again by the caller. */
  onPaid?: (request: CheckoutRequest) => void;
  /** The server found changed cart lines: the caller reads the cart again. */
  onCartChanged?: () => void;
  /** A preparation or start failed with this error (shown by the caller as a notification). */
  onFailed?: (error: unknown) => void;
  /** The window was closed by hand before the payment settled. */
  onCancelled?: () => void;
  /** A successful receipt was closed: the caller returns to the prior page. */
  onReceiptClosed?: (result: TPaymentResult) => void;
}

/** A network failure leaves the dialog open: retrying it sends the same Idempotency-Key. */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/**
 * The one payment machinery of the cart and the on-account screen: validate (cart), read the
 * provider's settings and fees, summary, then either the acknowledged redirect to the provider's
 * window with its polling, or the local e-check; and the receipt. One Idempotency-Key per attempt
 * (made when the summary opens), reused when the same attempt is sent again.
 */
export function usePaymentCheckout(callbacks: CheckoutCallbacks = {}) {
  const [phase, setPhase] = useState<CheckoutPhase>({ kind: 'idle' });
  const handlers = useRef(callbacks);
  handlers.current = callbacks;
  const receiptTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(receiptTimer.current), []);

  const settle = useCallback((request: CheckoutRequest, result: TPaymentResult) => {
    if (result.status === 'SUCCESS') {
      handlers.current.onPaid?.(request);
      setPhase({ kind: 'idle' });
      // The spec: the summary reopens after 500 ms, once the cart and invoices have been refreshed.
      receiptTimer.current = setTimeout(
        () => setPhase({ kind: 'receipt', request, result }),
        PAYMENT_SUMMARY_REOPEN_MS,
      );
      return;
    }
    setPhase({ kind: 'receipt', request, result });
  }, []);

  const start = useCallback(async (request: CheckoutRequest) => {
    setPhase({ kind: 'preparing', request });
    try {
      if (request.flow === 'cart') {
        const validation = await validateCart({ ...request, payments: request.payments });
        if (!validation.valid) {
          setPhase({ kind: 'changed', request, changed: validation.changed });
          handlers.current.onCartChanged?.();
          return;
        }
      }
      const provider = await getProviderSettings(request);
      setPhase({ kind: 'summary', request, provider, idempotencyKey: crypto.randomUUID() });
    } catch (error) {
      setPhase({ kind: 'idle' });
      handlers.current.onFailed?.(error);
    }
  }, []);

  const confirmSummary = useCallback(() => {
    setPhase((current) => {
      if (current.kind !== 'summary') return current;
      const attempt = {
        request: current.request,
        provider: current.provider,
        idempotencyKey: current.idempotencyKey,
      };
      return current.provider.localProcessing
        ? { kind: 'echeck', ...attempt, submitting: false, error: null }
        : { kind: 'acknowledge', ...attempt, starting: false, error: null };
    });
  }, []);

  /** Runs inside the click: the window opens before anything is awaited, so no popup blocker stops it. */
  const acknowledge = useCallback(async () => {
    if (phase.kind !== 'acknowledge' || phase.starting) return;
    const attempt: Attempt = {
      request: phase.request,
      provider: phase.provider,
      idempotencyKey: phase.idempotencyKey,
    };
    const target = openPaymentWindow(paymentWindowSize(attempt.provider, window.screen.width));
    setPhase({ kind: 'acknowledge', ...attempt, starting: true, error: null });
    try {
      const result = await startPayment(attempt);
      if (!result.serviceURL || !result.extTranRefId) {
        target?.close();
        if (isTerminal(result.status)) return settle(attempt.request, result);
        throw new ApiError({ status: 502, code: 'CHECKOUT_FAILED', message: 'No checkout address' });
      }
      if (target) loadProviderPage(target, { ...result, serviceURL: result.serviceURL });
      setPhase({
        kind: 'waiting',
        ...attempt,
        target: { extTranRefId: result.extTranRefId, custNo: attempt.request.custNo, window: target },
      });
    } catch (error) {
      target?.close();
      if (isRetryable(error)) {
        setPhase({ kind: 'acknowledge', ...attempt, starting: false, error });
        return;
      }
      setPhase({ kind: 'idle' });
      handlers.current.onFailed?.(error);
    }
  }, [phase, settle]);

  const submitEcheck = useCallback(
    async (paymentAccount: TEcheckAccount) => {
      if (phase.kind !== 'echeck' || phase.submitting) return;
      const attempt: Attempt = {
        request: phase.request,
        provider: phase.provider,
        idempotencyKey: phase.idempotencyKey,
      };
      setPhase({ kind: 'echeck', ...attempt, submitting: true, error: null });
      try {
        const result = await startPayment({ ...attempt, paymentAccount });
        if (isTerminal(result.status)) return settle(attempt.request, result);
        if (result.extTranRefId) {
          setPhase({
            kind: 'waiting',
            ...attempt,
            target: { extTranRefId: result.extTranRefId, custNo: attempt.request.custNo, window: null },
          });
          return;
        }
        settle(attempt.request, { ...result, status: 'ERROR' });
      } catch (error) {
        // The dialog stays open with the error list; a network failure retried keeps the key.
        setPhase({ kind: 'echeck', ...attempt, submitting: false, error });
      }
    },
    [phase, settle],
  );

  /** One click on a saved profile: validate the cart, then pay silently; the receipt as for any payment. */
  const payWithProfile = useCallback(
    async (request: CheckoutRequest, paymentProfileId: number) => {
      setPhase({ kind: 'preparing', request });
      try {
        if (request.flow === 'cart') {
          const validation = await validateCart({ ...request, payments: request.payments });
          if (!validation.valid) {
            setPhase({ kind: 'changed', request, changed: validation.changed });
            handlers.current.onCartChanged?.();
            return;
          }
        }
        const provider = await getProviderSettings(request);
        const idempotencyKey = crypto.randomUUID();
        const result = await startSilentPayment({ request, paymentProfileId, idempotencyKey });
        if (isTerminal(result.status)) return settle(request, result);
        if (result.extTranRefId) {
          setPhase({
            kind: 'waiting',
            request,
            provider,
            idempotencyKey,
            target: { extTranRefId: result.extTranRefId, custNo: request.custNo, window: null },
          });
          return;
        }
        settle(request, { ...result, status: 'ERROR' });
      } catch (error) {
        setPhase({ kind: 'idle' });
        handlers.current.onFailed?.(error);
      }
    },
    [settle],
  );

  const cancel = useCallback(() => {
    setPhase((current) => {
      if (current.kind === 'waiting') current.target.window?.close();
      return { kind: 'idle' };
    });
  }, []);

  const closeReceipt = useCallback(() => {
    if (phase.kind !== 'receipt') return;
    setPhase({ kind: 'idle' });
    if (phase.result.status === 'SUCCESS') handlers.current.onReceiptClosed?.(phase.result);
  }, [phase]);

  usePaymentPoll({
    target: phase.kind === 'waiting' ? phase.target : null,
    onSettled: (result) => {
      if (phase.kind === 'waiting') settle(phase.request, result);
    },
    onWindowClosed: () => {
      setPhase({ kind: 'idle' });
      handlers.current.onCancelled?.();
    },
  });

  return { phase, start, payWithProfile, confirmSummary, acknowledge, submitEcheck, cancel, closeReceipt };
}
