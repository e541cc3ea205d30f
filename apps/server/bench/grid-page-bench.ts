import { describeTimes, percentile, timeIt } from './stats';

/**
 * A grid's deep paging, as the pager asks it: page 1; the page after a far one by the cursor that
 * far page gave (keyset); the same far page by its number alone (the bounded jump, from the
 * nearer end when the count is known). Each with its median's ratio to page 1 in the same run.
 */
export async function benchFarPages(options: {
  label: string;
  runs: number;
  /** The list's size, to pick the far page (about three quarters in). */
  count: number;
  pageSize: number;
  list: (page: number, cursor?: string) => Promise<{ nextCursor: string | null }>;
}): Promise<void> {
  const { label, runs, pageSize } = options;
  const lastPage = Math.max(1, Math.ceil(options.count / pageSize));
  const far = Math.max(2, Math.floor(lastPage * 0.75));
  const before = await options.list(far - 1);
  const cursor = before.nextCursor ?? undefined;
  const first = await timeIt(runs, () => options.list(1));
  const byCursor = await timeIt(runs, () => options.list(far, cursor));
  const byNumber = await timeIt(runs, () => options.list(far));
  const ratio = (samples: number[]) => (percentile(samples, 50) / percentile(first, 50)).toFixed(2);
  console.log(`${label} page 1 of ${lastPage}: ${describeTimes(first)}`);
  console.log(
    `${label} page ${far} by the cursor of page ${far - 1}${cursor ? '' : ' (no cursor given)'}: ${describeTimes(byCursor)}, ${ratio(byCursor)}× page 1`,
  );
  console.log(
    `${label} page ${far} by its number alone: ${describeTimes(byNumber)}, ${ratio(byNumber)}× page 1`,
  );
}
