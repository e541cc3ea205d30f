import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onTestFinished, vi } from 'vitest';

/**
 * Puts setTimeout on a clock the test moves, for the rest of the test (or until release): a
 * debounce then runs when the test says, and "nothing happened within the quiet time" is an
 * assertion that holds however loaded the machine is, without a sleep. Drive the page with the
 * returned user: it moves the clock by its own zero delays only. Avoid waitFor and findBy while
 * the clock is controlled: they move it by their polling interval.
 */
export function controlTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // Testing Library waits for a setTimeout(0) after each event; it moves fake timers itself
  // only when it sees Jest's API.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  const restore = () => {
    Reflect.deleteProperty(globalThis, 'jest');
    vi.useRealTimers();
  };
  onTestFinished(restore);
  return {
    user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
    /** Moves the clock: what falls due runs now, inside act. */
    advance: (ms: number) =>
      act(() => {
        vi.advanceTimersByTime(ms);
      }),
    /** Runs what is still due, then gives setTimeout back to the real clock. */
    release: () => {
      act(() => {
        vi.runOnlyPendingTimers();
      });
      restore();
    },
  };
}
