import { profileSchema } from '@loyalty/contracts';
import { api } from '@/lib/api';

/**
 * The phone on the caller's account (GET /api/users/me, which any signed-in account may read): for a team user
 * signing in for the first time, the number the owner or admin typed when adding them. '' when none or unknown.
 */
export async function fetchOwnPhone(): Promise<string> {
  try {
    return (await api.get('/api/users/me', { schema: profileSchema })).phone;
  } catch {
    return '';
  }
}
