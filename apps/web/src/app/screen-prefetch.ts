import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';

/** Asks for a screen's first data for the tenant, so that it is on its way while the shell renders. */
type Prefetch = (queryClient: QueryClient, tenantId: string, search: URLSearchParams) => Promise<unknown>;

// Kept apart from routes.tsx: the workspace gate (a chunk routes.tsx loads) needs these, and importing
// routes.tsx from the gate would make the two modules import each other.
const dashboard: Prefetch = async (queryClient, tenantId) =>
  queryClient.prefetchQuery((await import('@/features/dashboard/api/get-dashboard')).dashboardQueryOptions(tenantId));
const members: Prefetch = async (queryClient, tenantId, search) => {
  const [{ membersQueryOptions }, { listFromUrl }] = await Promise.all([
    import('@/features/members/api/get-members'),
    import('@/components/list-kit/list-url'),
  ]);
  const { page, search: text } = listFromUrl(search, 'search');
  return queryClient.prefetchQuery(membersQueryOptions(tenantId, { page, search: text.trim() }));
};
const walletSettings: Prefetch = async (queryClient, tenantId) =>
  queryClient.prefetchQuery(
    (await import('@/features/wallet-settings/api/get-pass-settings')).passSettings.options(tenantId),
  );
const pointSettings: Prefetch = async (queryClient, tenantId) =>
  queryClient.prefetchQuery(
    (await import('@/features/point-settings/api/get-points-conversion')).pointsConversion.options(tenantId),
  );
const storeSettings: Prefetch = async (queryClient, tenantId) =>
  queryClient.prefetchQuery(
    (await import('@/features/store-settings/api/get-store-settings')).storeSettings.options(tenantId),
  );
const enrolment: Prefetch = async (queryClient, tenantId) =>
  queryClient.prefetchQuery((await import('@/features/enrolment/api/enrolment')).enrolmentQueryOptions(tenantId));

/** The workspace addresses (as in routes.tsx) whose screens have a first query worth starting early. */
const SCREENS: RouteObject[] = [
  {
    path: '/',
    children: [
      { index: true, handle: dashboard },
      { path: 'members', handle: members },
      { path: 'wallet-settings', handle: walletSettings },
      { path: 'point-settings', handle: pointSettings },
      { path: 'store-settings', handle: storeSettings },
      { path: 'enrolment', handle: enrolment },
    ],
  },
];

/**
 * Once the gate knows the tenant: starts the first query of the screen at `pathname`, which would otherwise
 * wait for the shell to render and the screen to mount (some 100 ms of a cold load). The screen's
 * own useQuery then finds it in flight or done. A failure is left for that useQuery to report.
 */
export function prefetchScreenData(
  queryClient: QueryClient,
  location: { pathname: string; search: string },
  tenantId: string,
) {
  const search = new URLSearchParams(location.search);
  for (const match of matchRoutes(SCREENS, location.pathname) ?? []) {
    (match.route.handle as Prefetch | undefined)?.(queryClient, tenantId, search).catch(() => {});
  }
}
