import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { getIdToken } from './auth';
import { followEventStream } from './event-stream';

/** Changes arriving this close together are refetched once. */
const GATHER_MS = 250;

/**
 * Keeps the open workspace's screens on the data: the API's change events (GET /api/tenants/events) name the
 * query keys a change touched (`['tenant', tenantId, topic]`), and those are invalidated, so the screen on show
 * refetches at once and the others when next opened. No polling and no refetch on focus (the spec's query
 * defaults stay): a change made in another browser, by the API or by a scheduled job shows within a second or
 * two of its commit.
 */
export function useLiveChanges(tenantId: string | null): void {
  const queryClient = useQueryClient();
  React.useEffect(() => {
    if (!tenantId) return;
    const controller = new AbortController();
    const pending = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      for (const topic of pending) void queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, topic] });
      pending.clear();
    };
    followEventStream({
      url: '/api/tenants/events',
      signal: controller.signal,
      headers: async () => {
        const token = await getIdToken(false);
        return token ? { Authorization: `Bearer ${token}`, 'X-Tenant-Id': tenantId } : null;
      },
      onEvent: ({ event, data }) => {
        if (event !== 'change') return;
        for (const topic of (data as { topics?: string[] }).topics ?? []) pending.add(topic);
        timer ??= setTimeout(flush, GATHER_MS);
      },
    });
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [tenantId, queryClient]);
}
