import type { QueryClient } from '@tanstack/react-query';
import { removeStorage, SESSION_STORAGE_KEYS } from './storage-keys';

interface LogoutDeps {
  queryClient: QueryClient;
  signOut: () => Promise<void>;
}

/**
 * Sign-out (docs/spec/access-and-identity.md §4). Each step runs on its own so one failure (e.g. the provider being offline)
 * never leaves cached tenant data or stored ids behind. Returns the errors for logging.
 */
export async function performLogout({ queryClient, signOut }: LogoutDeps): Promise<unknown[]> {
  const errors: unknown[] = [];
  try {
    queryClient.clear();
  } catch (error) {
    errors.push(error);
  }
  for (const storage of [() => localStorage, () => sessionStorage]) {
    try {
      const target = storage();
      for (const key of SESSION_STORAGE_KEYS) removeStorage(key, target);
    } catch (error) {
      errors.push(error);
    }
  }
  try {
    await signOut();
  } catch (error) {
    errors.push(error);
  }
  return errors;
}
