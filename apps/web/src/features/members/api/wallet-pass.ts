import { useQuery } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';

type Wallet = 'apple' | 'google';

/** A member's pass in one wallet (Apple, Google): GET gives the pass (or its save link), …/status its state. */
export const walletPassPath = (wallet: Wallet, id: string) =>
  `/api/tenants/member/${encodeURIComponent(id)}/passes/${wallet}`;

/** GET …/passes/{wallet}/status, cached under `key`. */
export function useWalletPassStatus<T>(
  id: string,
  spec: { wallet: Wallet; key: (tenantId: string, id: string) => readonly unknown[]; schema: ZodType<T> },
) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: spec.key(tenantId, id),
    queryFn: ({ signal }) => api.get<T>(`${walletPassPath(spec.wallet, id)}/status`, { schema: spec.schema, signal }),
  });
}
