import { BACKGROUND_HEADER } from '@settle/shared/background-calls';
import { focusManager, useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { useApprovalCount } from '../features/payment-approvals/api/get-approvals';
import { apiRequest } from '../lib/api-client';
import { type RecordedCall, stubApi } from '../testing/fetch-stub';
import { renderComponent } from '../testing/render';

/**
 * Polls carry X-Settle-Background: 1 so that the server does not count them as activity; every
 * other call (the first load, a click, a return to the window) must not, or the user's own work
 * would not keep the session alive. Only setInterval is on a fake clock: React Query's other
 * timers and Testing Library's waits run on the real one.
 */
function fakeIntervals() {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

const countCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === '/payment/approvals/count');
const marks = (calls: RecordedCall[]) => calls.map((call) => call.headers.get(BACKGROUND_HEADER));

function ApprovalCountProbe() {
  const count = useApprovalCount();
  return (
    <>
      <p data-testid="to-decide">{count.data?.toDecide ?? '…'}</p>
      <button type="button" onClick={() => void count.refetch()}>
        refresh
      </button>
    </>
  );
}

/** Any query with an interval: the mark is React Query's interval's, not a list of polls. */
function PolledProbe() {
  const query = useQuery({
    queryKey: ['anything'],
    queryFn: () => apiRequest<{ served: number }>('/anything'),
    refetchInterval: 5_000,
    staleTime: 0,
  });
  return <p data-testid="served">{query.data?.served ?? '…'}</p>;
}

describe('background calls', () => {
  it("marks the approvals count's poll, not its first load nor a refresh the user asks for", async () => {
    fakeIntervals();
    let toDecide = 0;
    const calls = stubApi([
      { method: 'GET', path: '/payment/approvals/count', reply: () => ({ body: { toDecide: ++toDecide } }) },
    ]);
    const { user } = renderComponent(<ApprovalCountProbe />);
    await waitFor(() => expect(screen.getByTestId('to-decide')).toHaveTextContent('1'));

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    await waitFor(() => expect(screen.getByTestId('to-decide')).toHaveTextContent('2'));

    await user.click(screen.getByRole('button', { name: 'refresh' }));
    await waitFor(() => expect(screen.getByTestId('to-decide')).toHaveTextContent('3'));

    expect(marks(countCalls(calls))).toEqual([null, '1', null]);
  });

  it('marks every refetchInterval poll of any query, and no refetch on returning to the window', async () => {
    fakeIntervals();
    let served = 0;
    const calls = stubApi([
      { method: 'GET', path: '/anything', reply: () => ({ body: { served: ++served } }) },
    ]);
    renderComponent(<PolledProbe />);
    await waitFor(() => expect(screen.getByTestId('served')).toHaveTextContent('1'));

    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    await waitFor(() => expect(screen.getByTestId('served')).toHaveTextContent('2'));

    // The user comes back to the tab: React Query refetches stale data, as the user's own doing.
    onTestFinished(() => focusManager.setFocused(undefined));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(screen.getByTestId('served')).toHaveTextContent('3'));

    // A call made outside any poll at the same moment is the user's.
    await apiRequest('/anything');
    expect(marks(calls)).toEqual([null, '1', null, null]);
  });
});
