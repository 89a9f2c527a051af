import type { Role } from '@loyalty/contracts';
import { serveApi } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { fakeMatchMedia } from '@/test/match-media';
import { renderApp } from '@/test/render-app';
import type { createFakeUsersServer } from '@/test/users-test-server';

/** The real app at `path` (default /users) as a user of tenant t-1 with this role and id, on a fake users API. */
export function renderUsers(
  server: ReturnType<typeof createFakeUsersServer>,
  { role = 'owner', userId = 'u-1', path = '/users' }: { role?: Role; userId?: string; path?: string } = {},
) {
  serveApi(server.fetch);
  return renderApp(path, { user: SAMPLE_USER, identity: { status: 'OK', tenantId: 't-1', userId, role } });
}

/** Makes useIsMobile() answer true (below 768 px) until the returned function restores the window. */
export function pretendMobile(): () => void {
  const original = window.matchMedia;
  window.matchMedia = fakeMatchMedia((query) => query.includes('max-width: 767px'));
  return () => {
    window.matchMedia = original;
  };
}
