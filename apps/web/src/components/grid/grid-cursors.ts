/**
 * The keyset cursors the server hands out with each page (nextCursor), kept so that the next
 * page of the same list is asked with it and the server seeks instead of skipping rows. A far
 * jump has no cursor and the server finds the page its bounded way. Few are kept: only the
 * step from the page on screen to the next one matters.
 */
const MAX_KEPT = 50;
const cursors = new Map<string, string>();

const keyOf = (list: string, page: number) => `${list}#${page}`;

export function rememberNextCursor(list: string, page: number, cursor: string | null | undefined): void {
  if (!cursor) return;
  const key = keyOf(list, page + 1);
  cursors.delete(key);
  cursors.set(key, cursor);
  if (cursors.size > MAX_KEPT) cursors.delete(cursors.keys().next().value as string);
}

export function cursorFor(list: string, page: number): string | undefined {
  return cursors.get(keyOf(list, page));
}

/**
 * A page of a list asked with the cursor its previous page gave, and this page's cursor kept for
 * the next one: the one way every server-paged grid (invoices, disputes, payment logs) pages.
 * `list` names the grid and everything but the page.
 */
export async function askPage<T extends { nextCursor: string | null }>(
  list: string,
  page: number,
  ask: (cursor: string | undefined) => Promise<T>,
): Promise<T> {
  const answer = await ask(cursorFor(list, page));
  rememberNextCursor(list, page, answer.nextCursor);
  return answer;
}
