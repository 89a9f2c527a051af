import type { RouteObject } from 'react-router';
import { LoginPage } from '@/features/auth/login-page';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { MembersPage } from '@/features/members/members-page';
import { MembershipsPage } from '@/features/memberships/memberships-page';
import { NotFoundPage } from '@/features/not-found/not-found-page';
import { PointSettingsPage } from '@/features/point-settings/point-settings-page';
import { RegisterPage } from '@/features/registration/register-page';
import { VerifyPage } from '@/features/registration/verify-page';
import { StoreSettingsPage } from '@/features/store-settings/store-settings-page';
import { UsersPage } from '@/features/users/users-page';
import { WalletSettingsPage } from '@/features/wallet-settings/wallet-settings-page';
import { WorkspaceGate } from './workspace-gate';

/** Spec §2 routes: three public screens, everything else behind the workspace gate. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/register/verify', element: <VerifyPage /> },
  {
    path: '/',
    element: <WorkspaceGate />,
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
