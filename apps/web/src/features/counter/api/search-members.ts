import { type MembersPage, membersPageSchema } from '@loyalty/contracts';
import { api } from '@/lib/api';

/** How many matches the counter's pick list shows: enough for "Mrs Chan", few enough to read at a glance. */
const MATCHES_SHOWN = 5;

/**
 * GET /api/tenants/member?search=…: members whose name (or e-mail, phone, code) contains the text, for the counter's
 * pick list when no code or phone matched. An action at the till like the lookup, so never cached.
 */
export function searchMembers(text: string): Promise<MembersPage> {
  const query = new URLSearchParams({ page: '0', size: String(MATCHES_SHOWN), search: text });
  return api.get(`/api/tenants/member?${query}`, { schema: membersPageSchema });
}
