/**
 * Where a start's time goes, printed to stderr when SETTLE_START_TIMING=1 (the bench's start
 * stage and anyone profiling a restart): each mark is the time since the process began
 * (performance's time origin), so the first one also tells Node's own start and module loading.
 */
const enabled = process.env.SETTLE_START_TIMING === '1';
const marks: Array<[string, number]> = [];

export function markStart(label: string): void {
  if (enabled) marks.push([label, performance.now()]);
}

/** Prints the marks once, with each step's own share. */
export function reportStartTiming(): void {
  if (!enabled || marks.length === 0) return;
  let previous = 0;
  const lines = marks.map(([label, at]) => {
    const line = `  ${String(Math.round(at)).padStart(6)} ms  +${String(Math.round(at - previous)).padStart(5)}  ${label}`;
    previous = at;
    return line;
  });
  marks.length = 0;
  process.stderr.write(`start timing (ms since the process began):\n${lines.join('\n')}\n`);
}
