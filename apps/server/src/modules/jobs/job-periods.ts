/**
 * The period a scheduled run belongs to, as a key; null while the job is not yet due in the
 * current period (a monthly statement waits for its hour of the 1st). Periods are in UTC so that
 * every process, whatever its time zone, names the same period the same way.
 */
export type PeriodOf = (now: Date) => string | null;

/** Once per UTC day, from `hour` (0-23) on. */
export function daily(hour = 0): PeriodOf {
  return (now) => (now.getUTCHours() >= hour ? now.toISOString().slice(0, 10) : null);
}

/** Once per UTC month, from `day` (1-28) at `hour` on. */
export function monthly(day = 1, hour = 0): PeriodOf {
  return (now) =>
    now.getUTCDate() > day || (now.getUTCDate() === day && now.getUTCHours() >= hour)
      ? now.toISOString().slice(0, 7)
      : null;
}

/** Once per slice of `minutes` minutes since the epoch (a job that runs all day long). */
export function every(minutes: number): PeriodOf {
  if (!Number.isInteger(minutes) || minutes < 1) throw new RangeError('minutes must be a whole number ≥ 1');
  const sliceMs = minutes * 60_000;
  return (now) => new Date(Math.floor(now.getTime() / sliceMs) * sliceMs).toISOString().slice(0, 16);
}
