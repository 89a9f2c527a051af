import type { SegmentFilter } from '@loyalty/contracts';

/** Every messages key starts with the tenant; a mutation invalidates the list it changed. */
export const messagesKeys = {
  messages: (tenantId: string) => ['tenant', tenantId, 'messages'] as const,
  segments: (tenantId: string) => ['tenant', tenantId, 'segments'] as const,
  preview: (tenantId: string, filter: SegmentFilter) => ['tenant', tenantId, 'segments', 'preview', filter] as const,
  tiers: (tenantId: string) => ['tenant', tenantId, 'messages', 'tiers'] as const,
  business: (tenantId: string) => ['tenant', tenantId, 'business'] as const,
  promotions: (tenantId: string) => ['tenant', tenantId, 'promotions'] as const,
};
