import { type MemberPassStatus, PASS_SETTINGS_DEFAULTS, type PassSettings } from '@loyalty/contracts';
import { type FakeRequest, json, pageOf, type Routes, serveRoutes } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { SAMPLE_MEMBER } from '@/test/members-test-fixtures';
import { renderApp } from '@/test/render-app';

/** An Apple pass status as the API answers it; a test gives only what it is about. */
export const applePassStatus = (given: Partial<MemberPassStatus> = {}): MemberPassStatus => ({
  issued: false,
  updatedAt: null,
  pushAttemptedAt: null,
  pushedAt: null,
  pushError: null,
  devices: 0,
  failingPushes: 0,
  deviceStatus: [],
  ...given,
});

/**
 * What the member dialog of SAMPLE_MEMBER (m-1) calls besides the part under test: the member, empty lists
 * behind it, the tenant's pass design and an Apple pass not issued. A test's own routes are spread over these.
 */
export const memberDialogRoutes = (design: PassSettings = PASS_SETTINGS_DEFAULTS): Routes => ({
  'GET /api/tenants/member/m-1': () => json(SAMPLE_MEMBER),
  'GET /api/tenants/member/m-1/passes/apple/status': () => json(applePassStatus()),
  'GET /api/tenant/pass-settings': () => json(design),
  'GET /api/tenants/member': () => json(pageOf([])),
  'GET /api/tenants/member/:id/transactions': () => json(pageOf([])),
  'GET /api/memberships': () => json(pageOf([])),
});

/** Serves `routes` and opens the member dialog of m-1 as staff; returns every request the API received. */
export function openMemberDialog(routes: Routes): FakeRequest[] {
  const requests = serveRoutes(routes);
  renderApp('/members?member=m-1', {
    user: SAMPLE_USER,
    identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'staff' },
  });
  return requests;
}

/** The requests to `path`, each with the bearer token it carried. */
export const callsTo = (requests: FakeRequest[], path: string) =>
  requests.filter((r) => r.path === path).map((r) => ({ path: r.path, auth: r.headers.get('Authorization') }));
