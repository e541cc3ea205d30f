import { ApiError } from '../../../lib/api-error';

/**
 * The server names a body field 'body.<name>'; the forms name it '<name>'. Only the fields a
 * form shows are kept: a message for a field the user cannot see could not be acted on.
 */
export function serverFieldErrors<TField extends string>(
  error: unknown,
  fields: readonly TField[],
): Array<{ field: TField; message: string }> {
  if (!(error instanceof ApiError)) return [];
  const found: Array<{ field: TField; message: string }> = [];
  for (const fieldError of error.fieldErrors) {
    const name = fieldError.field.replace(/^body\./, '');
    const field = fields.find((candidate) => candidate === name);
    if (field) found.push({ field, message: fieldError.message });
  }
  return found;
}
