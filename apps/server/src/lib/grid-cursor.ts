import { createHash } from 'node:crypto';

/**
 * The keyset cursor of the server-paged grids: the sort value (null for an empty one) and id of a page's last row, the
 * page it leads to, and a digest of the list it belongs to (scope, filter, sort, page size).
 * Opaque to clients (base64url JSON); not a secret and not trusted: it only says where to
 * seek inside the list the request itself scopes, so a forged one can reorder nothing that the
 * user may not see.
 */
export type GridCursor = { page: number; value: string | number | null; id: number };

export function listDigest(parts: ReadonlyArray<string | number | undefined>): string {
  return createHash('sha256')
    .update(JSON.stringify(parts.map((part) => part ?? null)))
    .digest('base64url')
    .slice(0, 16);
}

export function encodeCursor(list: string, cursor: GridCursor): string {
  return Buffer.from(JSON.stringify({ l: list, p: cursor.page, v: cursor.value, i: cursor.id })).toString(
    'base64url',
  );
}

/** The cursor when it was made for this list and this page, else undefined (then the page is found without it). */
export function decodeCursor(text: string | undefined, list: string, page: number): GridCursor | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { l, p, v, i } = parsed;
    if (l !== list || p !== page || !Number.isSafeInteger(i)) return undefined;
    if (typeof v !== 'string' && typeof v !== 'number' && v !== null) return undefined;
    return { page, value: v, id: i as number };
  } catch {
    return undefined;
  }
}
