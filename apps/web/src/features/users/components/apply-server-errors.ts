import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/** Puts the server's per-field messages on the matching fields (spec §5); true when any landed. */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const known = Object.keys(form.getValues());
  let applied = false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (!known.includes(field)) continue;
    form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
