import * as React from 'react';
import type { RouteObject } from 'react-router';
import { LoginPage } from '@/features/auth/login-page';
import { NotFoundPage } from '@/features/not-found/not-found-page';

// Each workspace screen is its own chunk, fetched when its route is first visited, so the sign-in and
// registration screens ship without the data screens (and their charts, tables and colour pickers). The
// workspace shell renders at once and suspends only its content area (see workspace-shell.tsx).
const DashboardPage = React.lazy(() =>
  import('@/features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const UsersPage = React.lazy(() => import('@/features/users/users-page').then((m) => ({ default: m.UsersPage })));
const MembersPage = React.lazy(() =>
  import('@/features/members/members-page').then((m) => ({ default: m.MembersPage })),
);
const MembershipsPage = React.lazy(() =>
  import('@/features/memberships/memberships-page').then((m) => ({ default: m.MembershipsPage })),
);
const WalletSettingsPage = React.lazy(() =>
  import('@/features/wallet-settings/wallet-settings-page').then((m) => ({ default: m.WalletSettingsPage })),
);
const PointSettingsPage = React.lazy(() =>
  import('@/features/point-settings/point-settings-page').then((m) => ({ default: m.PointSettingsPage })),
);
const StoreSettingsPage = React.lazy(() =>
  import('@/features/store-settings/store-settings-page').then((m) => ({ default: m.StoreSettingsPage })),
);

/**
 * Spec §2 routes: three public screens, everything else behind the workspace gate. Only the sign-in screen is
 * in the first chunk; registration (phone input, country list, SMS code) and the workspace shell (sidebar,
 * Edit Profile dialog) are loaded by the router before it renders them (route `lazy`, no spinner flash).
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    path: '/register',
    lazy: async () => ({ Component: (await import('@/features/registration/register-page')).RegisterPage }),
  },
  {
    path: '/register/verify',
    lazy: async () => ({ Component: (await import('@/features/registration/verify-page')).VerifyPage }),
  },
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./workspace-gate')).WorkspaceGate }),
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'members', element: <MembersPage /> },
      { path: 'memberships', element: <MembershipsPage /> },
      { path: 'wallet-settings', element: <WalletSettingsPage /> },
      { path: 'point-settings', element: <PointSettingsPage /> },
      { path: 'store-settings', element: <StoreSettingsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
