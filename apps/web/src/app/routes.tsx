import * as React from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { LoginPage } from '@/features/auth/login-page';
import { NotFoundPage } from '@/features/not-found/not-found-page';
import { loadShellMessages } from '@/lib/i18n/i18n';

// Each screen but sign-in is its own chunk, fetched when its route is first visited, so the sign-in and
// registration screens ship without the data screens (and their charts, tables and colour pickers). Each
// route names its chunk's loader in `handle.preload`, so that a first visit fetches every chunk the address
// needs at once (preloadRoute below) instead of one after the other.
// Each screen's first query is started by the workspace gate (screen-prefetch.ts).
type Loader = () => Promise<unknown>;
type Handle = { preload?: Loader };

/** A lazy screen; `texts` names a workspace screen's part of the catalogue (build/screen-texts.ts), fetched with it. */
function screen<T extends React.ComponentType>(loadCode: () => Promise<T>, texts?: string) {
  const loadTexts = async (id: string) => (await import('@/lib/i18n/screen-messages')).loadScreenMessages(id);
  const load = texts ? async () => (await Promise.all([loadCode(), loadTexts(texts)]))[0] : loadCode;
  const Component = React.lazy(async () => ({ default: await load() }));
  return { Component, handle: { preload: load } satisfies Handle };
}

const register = screen(async () => (await import('@/features/registration/register-page')).RegisterPage);
const verify = screen(async () => (await import('@/features/registration/verify-page')).VerifyPage);
// The workspace shell renders as soon as its chunk is there and suspends only its content area (see
// workspace-shell.tsx) while a screen's chunk loads.
const workspace = screen(async () => {
  // The gate's first act is the identity check: its code comes with the gate's, not after it.
  // The texts of its frame come with it too (each screen's come with the screen).
  const [gate] = await Promise.all([import('./workspace-gate'), import('@/lib/member-identity'), loadShellMessages()]);
  return gate.WorkspaceGate;
});
const dashboard = screen(async () => (await import('@/features/dashboard/dashboard-page')).DashboardPage, 'dashboard');
const users = screen(async () => (await import('@/features/users/users-page')).UsersPage, 'users');
const members = screen(async () => (await import('@/features/members/members-page')).MembersPage, 'members');
const counter = screen(async () => (await import('@/features/counter/counter-page')).CounterPage, 'counter');
const memberships = screen(
  async () => (await import('@/features/memberships/memberships-page')).MembershipsPage,
  'memberships',
);
const walletSettings = screen(
  async () => (await import('@/features/wallet-settings/wallet-settings-page')).WalletSettingsPage,
  'walletSettings',
);
const pointSettings = screen(
  async () => (await import('@/features/point-settings/point-settings-page')).PointSettingsPage,
  'pointSettings',
);
const stampCard = screen(
  async () => (await import('@/features/stamp-card/stamp-card-page')).StampCardPage,
  'stampCard',
);
const enrolment = screen(async () => (await import('@/features/enrolment/enrolment-page')).EnrolmentPage, 'enrolment');
const messages = screen(async () => (await import('@/features/messages/messages-page')).MessagesPage, 'messages');
const automations = screen(
  async () => (await import('@/features/automations/automations-page')).AutomationsPage,
  'automations',
);
const activity = screen(async () => (await import('@/features/activity/activity-page')).ActivityPage, 'activity');
const staffActivity = screen(
  async () => (await import('@/features/activity/staff-activity-page')).StaffActivityPage,
  'staffActivity',
);
const storeSettings = screen(
  async () => (await import('@/features/store-settings/store-settings-page')).StoreSettingsPage,
  'storeSettings',
);
const rewards = screen(async () => (await import('@/features/rewards/rewards-page')).RewardsPage, 'rewards');
const promotions = screen(
  async () => (await import('@/features/promotions/promotions-page')).PromotionsPage,
  'promotions',
);
const branches = screen(async () => (await import('@/features/branches/branches-page')).BranchesPage, 'branches');
const developers = screen(
  async () => (await import('@/features/developers/developers-page')).DevelopersPage,
  'developers',
);

/**
 * docs/spec/access-and-identity.md §2 routes: three public screens, everything else behind the workspace gate. Only the sign-in screen is
 * in the first chunk; registration (phone input, country list, SMS code) and the workspace shell (sidebar,
 * Edit Profile dialog) come in chunks of their own. Rendered with `useRoutes` in a `BrowserRouter` (app.tsx):
 * the app uses no loaders or actions, and the data router would add some 16 KB (gzip) to every first load.
 * Navigations run in a transition, so the current screen stays until the next one's chunk has loaded.
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', ...register },
  { path: '/register/verify', ...verify },
  {
    path: '/',
    ...workspace,
    children: [
      { index: true, ...dashboard },
      { path: 'users', ...users },
      { path: 'members', ...members },
      { path: 'counter', ...counter },
      { path: 'memberships', ...memberships },
      { path: 'rewards', ...rewards },
      { path: 'promotions', ...promotions },
      { path: 'branches', ...branches },
      { path: 'wallet-settings', ...walletSettings },
      { path: 'point-settings', ...pointSettings },
      { path: 'stamp-card', ...stampCard },
      { path: 'store-settings', ...storeSettings },
      { path: 'enrolment', ...enrolment },
      { path: 'messages', ...messages },
      { path: 'automations', ...automations },
      { path: 'developers', ...developers },
      { path: 'activity', ...activity },
      { path: 'activity/staff', ...staffActivity },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Starts fetching the chunks of every route that `pathname` matches, in parallel. */
export function preloadRoute(pathname: string) {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const preload = (match.route.handle as Handle | undefined)?.preload;
    preload?.().catch(() => {
      // The render will load it again and fail there, where the error is handled.
    });
  }
}
