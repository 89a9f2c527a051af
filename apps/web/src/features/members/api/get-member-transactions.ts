import { TRANSACTIONS_PAGE_SIZE, type TransactionsPage, transactionsPageSchema } from '@loyalty/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { membersKeys } from '@/lib/members-keys';
import { useTenantId } from '@/lib/workspace-context';

/** GET /api/tenants/member/{id}/transactions: the ledger, newest first. */
function fetchMemberTransactions(id: string, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), size: String(TRANSACTIONS_PAGE_SIZE) });
  return api.get<TransactionsPage>(`/api/tenants/member/${encodeURIComponent(id)}/transactions?${query}`, {
    schema: transactionsPageSchema,
    signal,
  });
}

export function useMemberTransactions(id: string, page: number) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: membersKeys.ledger(tenantId, id, page),
    queryFn: ({ signal }) => fetchMemberTransactions(id, page, signal),
    placeholderData: keepPreviousData,
  });
}
