/** What "now" is for the rules that depend on it (a session's idle and absolute time-outs). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/**
 * The system clock moved forward by what was added to it: the browser tests make a session
 * idle for half an hour without waiting for it (SETTLE_TEST_CLOCK, see config.ts).
 */
export type AdjustableClock = Clock & {
  /** Moves "now" forward by `ms` (never back) and answers the new now. */
  advance(ms: number): Date;
};

export function createAdjustableClock(base: Clock = systemClock): AdjustableClock {
  let offsetMs = 0;
  const now = () => new Date(base.now().getTime() + offsetMs);
  return {
    now,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('a clock only moves forward');
      offsetMs += ms;
      return now();
    },
  };
}
