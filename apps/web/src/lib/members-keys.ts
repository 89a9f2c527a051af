/** Every members key starts with the tenant; mutations invalidate `all` (list, detail and ledger alike). */
export const membersKeys = {
  all: (tenantId: string) => ['tenant', tenantId, 'members'] as const,
  list: (tenantId: string, params: { page: number; search: string }) =>
    ['tenant', tenantId, 'members', 'list', params] as const,
  detail: (tenantId: string, id: string) => ['tenant', tenantId, 'members', 'detail', id] as const,
  ledger: (tenantId: string, id: string, page: number) => ['tenant', tenantId, 'members', 'ledger', id, page] as const,
  pass: (tenantId: string, id: string) => ['tenant', tenantId, 'members', 'pass', id] as const,
  googlePass: (tenantId: string, id: string) => ['tenant', tenantId, 'members', 'google-pass', id] as const,
  tiers: (tenantId: string) => ['tenant', tenantId, 'members', 'tiers'] as const,
  dashboard: (tenantId: string) => ['tenant', tenantId, 'dashboard'] as const,
};
