/** Every rewards key starts with the tenant; a write invalidates the list. */
export const rewardsKeys = {
  all: (tenantId: string) => ['tenant', tenantId, 'rewards'] as const,
  tiers: (tenantId: string) => ['tenant', tenantId, 'rewards', 'tier-options'] as const,
};
