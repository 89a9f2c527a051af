import { type CounterMember, counterMemberSchema } from '@loyalty/contracts';
import { api } from '@/lib/api';

/**
 * GET /api/tenants/member/by-code/{code}: the member with this membership code (any case) or phone. A lookup
 * is an action at the till, not cached data: every scan asks the server, so the balance shown is today's.
 */
export function findMemberByCode(code: string): Promise<CounterMember> {
  return api.get(`/api/tenants/member/by-code/${encodeURIComponent(code)}`, { schema: counterMemberSchema });
}
