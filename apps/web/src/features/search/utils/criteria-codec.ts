import { type TCriteriaGroup, ZCriteriaGroup } from '@settle/shared/search/criteria-model';
import { validateCriteria } from '@settle/shared/search/validate-criteria';

/** base64url (RFC 4648 §5, no padding) of the UTF-8 JSON of the criteria. */
export function encodeCriteria(criteria: TCriteriaGroup): string {
  const bytes = new TextEncoder().encode(JSON.stringify(criteria));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The criteria of a base64url text, or null when it is not valid criteria in every respect. */
export function decodeCriteria(text: string | null | undefined): TCriteriaGroup | null {
  if (!text || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return parseCriteria(json);
  } catch {
    return null;
  }
}

/** Criteria from outside (the address, a saved search): the model's shape and its validation. */
export function parseCriteria(input: unknown): TCriteriaGroup | null {
  // Validation first: it caps the nesting before the recursive schema walks the tree.
  if (!validateCriteria(input).valid) return null;
  const parsed = ZCriteriaGroup.safeParse(input);
  return parsed.success ? parsed.data : null;
}
