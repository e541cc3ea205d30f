export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export async function timeIt(
  runs: number,
  task: (run: number) => Promise<unknown> | unknown,
): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await task(run);
    samples.push(performance.now() - started);
  }
  return samples;
}

export function describeTimes(samples: number[]): string {
  return `median ${percentile(samples, 50).toFixed(2)} ms, p99 ${percentile(samples, 99).toFixed(2)} ms (${samples.length} runs)`;
}
