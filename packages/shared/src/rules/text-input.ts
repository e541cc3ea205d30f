/**
 * Control characters (C0, DEL and C1) have no place in anything a person types: NUL is refused by PostgreSQL
 * (a 500 instead of a clear refusal), and the others hide text in logs and screens. Tab,
 * line feed and carriage return stay allowed: notes and addresses span lines.
 */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters (such as NUL)';

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The dotted path of the first string (or object key) holding a control character in a
 * parsed input (a JSON body, a query, path parameters), or null when there is none.
 */
export function findControlCharacter(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacter(key)) return [...path, '(a field name)'];
      const found = findControlCharacter(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
