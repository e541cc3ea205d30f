import { type TimeoutProvider, timeoutManager } from '@tanstack/react-query';

/**
 * How many timer-driven refetches are starting right now. React Query starts a refetch
 * synchronously from its interval's callback down to the query function and the API client's
 * first line, so a counter raised around that callback marks exactly those calls: every
 * `refetchInterval` of every query, with no list to keep. A refetch on window focus, on mount or
 * after a user's action comes from elsewhere and stays activity.
 */
let polling = 0;

/** True while a poll is being started (read by the API client, which then marks its request). */
export function isBackgroundCall(): boolean {
  return polling > 0;
}

/** Runs `start` as a poll: the API calls it starts synchronously are background calls. */
export function startAsBackground<T>(start: () => T): T {
  polling += 1;
  try {
    return start();
  } finally {
    polling -= 1;
  }
}

/**
 * React Query's timers, with its interval (used only for `refetchInterval`) running its
 * callback as a poll. One object for the page's life: React Query warns when the provider
 * changes after timers were set, and every QueryClient (the tests make many) installs it.
 */
const pollMarkingTimers: TimeoutProvider<ReturnType<typeof setTimeout>> = {
  setTimeout: (callback, delay) => setTimeout(callback, delay),
  clearTimeout: (id) => clearTimeout(id),
  setInterval: (callback, delay) => setInterval(() => startAsBackground(callback), delay),
  clearInterval: (id) => clearInterval(id),
};

export function markPollsAsBackground(): void {
  timeoutManager.setTimeoutProvider(pollMarkingTimers);
}
