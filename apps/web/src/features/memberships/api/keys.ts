/** Every memberships key starts with the tenant; mutations invalidate `all` (list and detail alike). */
import { type MessageKey, t } from '@/lib/i18n/i18n';
export const membershipsKeys = {
  all: (tenantId: string) => ['tenant', tenantId, 'memberships'] as const,
  list: (tenantId: string, params: { page: number }) => ['tenant', tenantId, 'memberships', 'list', params] as const,
  detail: (tenantId: string, id: string) => ['tenant', tenantId, 'memberships', 'detail', id] as const,
};

/** docs/spec/data-screens.md §7: membership calls also skip a tunnelling service's browser warning. */
export const TUNNEL_HEADERS = { 'ngrok-skip-browser-warning': 'true' } as const;

/** docs/spec/data-screens.md §8 fetch errors: the fixed message, with the failed answer kept as the cause. */
export async function withMessage<T>(message: MessageKey, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new Error(t(message), { cause: error });
  }
}
