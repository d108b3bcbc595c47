import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toAppError } from './errors';

/**
 * Put a server's field errors (400/422 passed through, spec §8) under the matching inputs.
 * Returns true when at least one field was matched.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  const err = toAppError(error);
  if (!err.fieldErrors) return false;
  let matched = false;
  for (const [field, messages] of Object.entries(err.fieldErrors)) {
    const name = fields.find((f) => f.toLowerCase() === field.toLowerCase());
    if (!name) continue;
    setError(name, { type: 'server', message: messages.join(' ') });
    matched = true;
  }
  return matched;
}
