import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts the server's per-field messages on the matching fields (docs/spec/access-and-identity.md §5); true when any landed.
 * `focus`: move the focus to the first of them (users dialogs); members leave it where it is.
 */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  error: unknown,
  { focus = true }: { focus?: boolean } = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const known = Object.keys(form.getValues());
  let applied = false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (!known.includes(field)) continue;
    form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: focus && !applied });
    applied = true;
  }
  return applied;
}
