import { PAYMENT_POLL_MS, PAYMENT_WINDOW_CHECK_MS, type TPaymentResult } from '@settle/shared/payments';
import { useEffect, useRef } from 'react';
import { cancelPayment } from '../api/cancel-payment';
import { pollPaymentStatus } from '../api/poll-payment-status';
import { isTerminal } from '../lib/payment-outcome';

export interface PollTarget {
  extTranRefId: string;
  custNo: string;
  /** The provider's window, watched every 500 ms; null for a local payment still pending. */
  window: Window | null;
}

/**
 * Polls the payment's status every second while `target` is set (PENDING keeps polling; a
 * failed poll is logged and tried again) and watches the provider's window. The first
 * terminal status closes the window and calls onSettled. A window closed by hand stops the
 * polling and gives the checkout up on the server (which frees its invoices), then calls
 * onWindowClosed; but when the payer reached an outcome just before the window closed, the server
 * keeps it, and that payment is settled, not reported as cancelled.
 */
export function usePaymentPoll(options: {
  target: PollTarget | null;
  onSettled: (result: TPaymentResult) => void;
  onWindowClosed: () => void;
}): void {
  const callbacks = useRef(options);
  callbacks.current = options;
  const { target } = options;

  useEffect(() => {
    if (!target) return;
    let stopped = false;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let windowTimer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(pollTimer);
      clearTimeout(windowTimer);
    };
    const settle = (result: TPaymentResult) => {
      if (target.window && !target.window.closed) target.window.close();
      callbacks.current.onSettled(result);
    };

    const poll = async () => {
      try {
        const result = await pollPaymentStatus(target.extTranRefId, target.custNo);
        if (stopped) return;
        if (isTerminal(result.status)) {
          stop();
          settle(result);
          return;
        }
      } catch (error) {
        if (stopped) return;
        console.warn('The payment status could not be read; trying again.', error);
      }
      pollTimer = setTimeout(poll, PAYMENT_POLL_MS);
    };
    pollTimer = setTimeout(poll, PAYMENT_POLL_MS);

    const watched = target.window;
    if (watched) {
      const check = () => {
        if (stopped) return;
        if (!watched.closed) {
          windowTimer = setTimeout(check, PAYMENT_WINDOW_CHECK_MS);
          return;
        }
        stop();
        cancelPayment(target.extTranRefId, target.custNo)
          .then((result) =>
            isTerminal(result.status) && result.status !== 'CANCELLED'
              ? callbacks.current.onSettled(result)
              : callbacks.current.onWindowClosed(),
          )
          .catch(() => callbacks.current.onWindowClosed());
      };
      windowTimer = setTimeout(check, PAYMENT_WINDOW_CHECK_MS);
    }
    return stop;
  }, [target]);
}
