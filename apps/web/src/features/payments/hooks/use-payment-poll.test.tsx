import { PAYMENT_POLL_MS, PAYMENT_WINDOW_CHECK_MS, type TPaymentResult } from '@settle/shared/payments';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/fetch-stub';
import { buildPaymentResult } from '../../../testing/payment-fixtures';
import { type PollTarget, usePaymentPoll } from './use-payment-poll';

const POLL_PATH = '/payment/log/pollStatus/ext-1/C100';
const CANCEL_PATH = '/payment/log/cancel/ext-1/C100';

/** The provider's window as the hook sees it: whether it is closed, and whether we closed it. */
function providerWindow() {
  const state = { closed: false, closedByUs: false };
  const target = {
    get closed() {
      return state.closed;
    },
    close() {
      state.closed = true;
      state.closedByUs = true;
    },
  } as unknown as Window;
  return { state, target };
}

/** Answers the statuses in turn, the last one again and again; a cancel answers `cancelled`. */
function statuses(...answers: Array<Partial<TPaymentResult>>) {
  return statusesThenCancel({ status: 'CANCELLED', responseText: 'Cancelled' }, ...answers);
}

function statusesThenCancel(cancelled: Partial<TPaymentResult>, ...answers: Array<Partial<TPaymentResult>>) {
  let index = 0;
  return stubApi([
    { method: 'POST', path: CANCEL_PATH, reply: { body: buildPaymentResult(cancelled) } },
    {
      method: 'GET',
      path: POLL_PATH,
      reply: () => {
        const answer = answers[Math.min(index, answers.length - 1)]!;
        index += 1;
        return { body: buildPaymentResult(answer) };
      },
    },
  ]);
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('usePaymentPoll', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls every second while PENDING, then stops at SUCCESS and closes the window', async () => {
    const calls = statuses(
      { status: 'PENDING' },
      { status: 'PENDING' },
      { status: 'SUCCESS', paymentLogId: 7 },
    );
    const { state, target } = providerWindow();
    const onSettled = vi.fn();
    const onWindowClosed = vi.fn();
    const pollTarget: PollTarget = { extTranRefId: 'ext-1', custNo: 'C100', window: target };
    renderHook(() => usePaymentPoll({ target: pollTarget, onSettled, onWindowClosed }));

    await advance(PAYMENT_POLL_MS - 1);
    expect(calls).toHaveLength(0);
    await advance(1);
    expect(calls).toHaveLength(1);
    await advance(PAYMENT_POLL_MS);
    expect(calls).toHaveLength(2);
    expect(onSettled).not.toHaveBeenCalled();
    await advance(PAYMENT_POLL_MS);
    expect(calls).toHaveLength(3);
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(onSettled.mock.calls[0]![0]).toMatchObject({ status: 'SUCCESS', paymentLogId: 7 });
    expect(state.closedByUs).toBe(true);

    // Settled: no more polls, and our own closing of the window is not a cancellation.
    await advance(PAYMENT_POLL_MS * 5);
    expect(calls).toHaveLength(3);
    expect(onWindowClosed).not.toHaveBeenCalled();
  });

  it('keeps polling after a failed poll (logged only)', async () => {
    let index = 0;
    const calls = stubApi([
      {
        method: 'GET',
        path: POLL_PATH,
        reply: () => {
          index += 1;
          return index === 1
            ? { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'boom' } }
            : { body: buildPaymentResult({ status: 'FAILURE', responseText: 'Declined' }) };
        },
      },
    ]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onSettled = vi.fn();
    const pollTarget: PollTarget = { extTranRefId: 'ext-1', custNo: 'C100', window: null };
    renderHook(() => usePaymentPoll({ target: pollTarget, onSettled, onWindowClosed: vi.fn() }));
    await advance(PAYMENT_POLL_MS);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(onSettled).not.toHaveBeenCalled();
    await advance(PAYMENT_POLL_MS);
    expect(calls).toHaveLength(2);
    expect(onSettled.mock.calls[0]![0]).toMatchObject({ status: 'FAILURE', responseText: 'Declined' });
  });

  it('notices within 500 ms a window closed by hand: stops polling and reports the cancellation', async () => {
    const calls = statuses({ status: 'PENDING' });
    const { state, target } = providerWindow();
    const onSettled = vi.fn();
    const onWindowClosed = vi.fn();
    const pollTarget: PollTarget = { extTranRefId: 'ext-1', custNo: 'C100', window: target };
    renderHook(() => usePaymentPoll({ target: pollTarget, onSettled, onWindowClosed }));

    await advance(PAYMENT_POLL_MS);
    expect(calls).toHaveLength(1);
    state.closed = true;
    await advance(PAYMENT_WINDOW_CHECK_MS);
    // The checkout is given up on the server (its invoices are free again), then reported cancelled.
    expect(calls.filter((call) => call.method === 'POST' && call.path === CANCEL_PATH)).toHaveLength(1);
    expect(onWindowClosed).toHaveBeenCalledTimes(1);
    expect(onSettled).not.toHaveBeenCalled();
    const seen = calls.length;
    await advance(PAYMENT_POLL_MS * 5);
    expect(calls).toHaveLength(seen);
  });

  it('does not call a payment cancelled when the window closed itself just after it settled', async () => {
    // The payer paid just before the window closed: the server keeps that outcome.
    statusesThenCancel({ status: 'SUCCESS', paymentLogId: 9 }, { status: 'PENDING' });
    const { state, target } = providerWindow();
    const onSettled = vi.fn();
    const onWindowClosed = vi.fn();
    const pollTarget: PollTarget = { extTranRefId: 'ext-1', custNo: 'C100', window: target };
    renderHook(() => usePaymentPoll({ target: pollTarget, onSettled, onWindowClosed }));
    await advance(PAYMENT_POLL_MS);
    state.closed = true;
    await advance(PAYMENT_WINDOW_CHECK_MS);
    expect(onWindowClosed).not.toHaveBeenCalled();
    expect(onSettled.mock.calls[0]![0]).toMatchObject({ status: 'SUCCESS', paymentLogId: 9 });
  });
});
