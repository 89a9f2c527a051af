import { AUDIT_PAGE_SIZE, type AuditPage, auditActorsSchema, auditPageSchema } from '@loyalty/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';

/** The Activity screen's filters: a person (actor id), an action, and a day range in the browser's time zone. */
export type AuditFilters = { page: number; actor: string; action: string; from: string; to: string };

/** A day picked on the screen ("2026-01-31") as the start of that day where the browser is. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const startOfNextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + 1);
  return date.toISOString();
};

/** GET /api/tenants/audit: newest first; `to` includes the whole of its day. */
function fetchAudit(filters: AuditFilters, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(filters.page), size: String(AUDIT_PAGE_SIZE) });
  if (filters.actor) query.set('actor', filters.actor);
  if (filters.action) query.set('action', filters.action);
  if (filters.from) query.set('from', startOfDay(filters.from));
  if (filters.to) query.set('to', startOfNextDay(filters.to));
  return api.get<AuditPage>(`/api/tenants/audit?${query}`, { schema: auditPageSchema, signal });
}

export function useAudit(filters: AuditFilters) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: ['tenant', tenantId, 'audit', filters],
    queryFn: ({ signal }) => fetchAudit(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/tenants/audit/actors: the people the person filter offers. */
export function useAuditActors() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: ['tenant', tenantId, 'audit', 'actors'],
    queryFn: ({ signal }) => api.get('/api/tenants/audit/actors', { schema: auditActorsSchema, signal }),
  });
}
