/**
 * The values of an emailed or provider link, or null when one is missing or blank: such a
 * link was cut or edited, and the page says so instead of asking the server.
 */
export function readLinkParams<TName extends string>(
  params: URLSearchParams,
  names: readonly TName[],
): Record<TName, string> | null {
  const values = {} as Record<TName, string>;
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (!value) return null;
    values[name] = value;
  }
  return values;
}
