/** Every promotions key starts with the tenant; a write invalidates the list. */
export const promotionsKeys = {
  all: (tenantId: string) => ['tenant', tenantId, 'promotions'] as const,
  tiers: (tenantId: string) => ['tenant', tenantId, 'promotions', 'tier-options'] as const,
  simulation: (tenantId: string, draft: string) => ['tenant', tenantId, 'promotions', 'simulate', draft] as const,
};
