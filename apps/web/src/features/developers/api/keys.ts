/** Every developers key starts with the tenant; a mutation invalidates the list it changed. */
export const developersKeys = {
  apiKeys: (tenantId: string) => ['tenant', tenantId, 'api-keys'] as const,
  webhooks: (tenantId: string) => ['tenant', tenantId, 'webhooks'] as const,
  deliveries: (tenantId: string, webhookId: string, page: number) =>
    ['tenant', tenantId, 'webhooks', webhookId, 'deliveries', page] as const,
};
