/**
 * A number as a person types it in either language ("1,5", "1.5", "1 234,50") to the plain
 * decimal string the rules and the API take, or null when it is not a number with at most
 * `decimals` decimals. Grouping is left out rather than guessed: a comma is a decimal mark.
 */
export function parseDecimalInput(text: string, decimals: number): string | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const pattern = new RegExp(`^-?\\d+(\\.\\d{0,${decimals}})?$`);
  if (!pattern.test(compact)) return null;
  return compact.endsWith('.') ? compact.slice(0, -1) : compact;
}
