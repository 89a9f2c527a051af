import type { GooglePassStatus } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/i18n/format';
import { setLocale } from '@/lib/i18n/i18n';
import { json } from '@/test/fake-api';
import { callsTo, memberDialogRoutes, openMemberDialog } from '@/test/members-fake-server';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const SAVE_URL = 'https://pay.google.com/gp/v/save/eyJhbGciOiJSUzI1NiJ9.e30.c2ln';

const status = (over: Partial<GooglePassStatus>): GooglePassStatus => ({
  issued: false,
  sync: 'rest',
  objectId: null,
  insertedAt: null,
  confirmedAt: null,
  syncedAt: null,
  lastError: null,
  ...over,
});

/** The member's dialog on the fake API, with this Google pass status and save link; returns every request sent. */
const fakeServer = (google: GooglePassStatus, link: Response | (() => Response) = () => json({ saveUrl: SAVE_URL })) =>
  openMemberDialog({
    ...memberDialogRoutes(),
    'GET /api/tenants/member/m-1/passes/google/status': () => json(google),
    '/api/tenants/member/m-1/passes/google': () => (typeof link === 'function' ? link() : link),
  });

const googleSection = async (name = 'Google Wallet') =>
  within(await screen.findByRole('region', { name }, { timeout: 5000 }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("A member's Google Wallet pass", () => {
  it('shows that Google confirmed the object and when it last took an update', async () => {
    fakeServer(status({ issued: true, confirmedAt: '2026-11-20T09:00:00.000Z', syncedAt: '2026-11-20T10:15:00.000Z' }));
    const google = await googleSection();
    expect(await google.findByText('Confirmed by Google')).toBeInTheDocument();
    expect(google.getByText(formatDateTime('2026-11-20T10:15:00.000Z'))).toBeInTheDocument();
    // The Apple pass stays beside it.
    expect(screen.getByRole('region', { name: 'Apple Wallet' })).toBeInTheDocument();
  });

  it('shows the last error Google gave while the link waits for Google', async () => {
    fakeServer(status({ issued: true, lastError: 'loyaltyObject: Google answered 503' }));
    const google = await googleSection();
    expect(await google.findByText('loyaltyObject: Google answered 503')).toBeInTheDocument();
    expect(google.getByText('Save link issued; Google has not confirmed it yet')).toBeInTheDocument();
  });

  it('opens the save link in a new tab, fetched with the bearer token', async () => {
    const calls = fakeServer(status({ sync: 'offline' }));
    const tab = { location: { href: '' }, opener: {} as unknown, close: vi.fn() };
    const openSpy = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const google = await googleSection();
    expect(
      await google.findByText('Development key: links work offline, nothing is sent to Google'),
    ).toBeInTheDocument();
    await userEvent.setup().click(google.getByRole('button', { name: 'Save to Google Wallet' }));
    await waitFor(() => expect(tab.location.href).toBe(SAVE_URL));
    expect(openSpy).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(callsTo(calls, '/api/tenants/member/m-1/passes/google')).toContainEqual({
      path: '/api/tenants/member/m-1/passes/google',
      auth: 'Bearer token',
    });
  });

  it('closes the tab and says so when the link cannot be made', async () => {
    fakeServer(status({}), () => json({ status: 503, message: 'Google Wallet is not reachable' }, 503));
    const tab = { location: { href: '' }, opener: null, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const google = await googleSection();
    await userEvent.setup().click(await google.findByRole('button', { name: 'Save to Google Wallet' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(await screen.findByText('Could not make the Google Wallet link')).toBeInTheDocument();
  });

  it('zh-Hans: the section in Simplified Chinese', async () => {
    await setLocale('zh-Hans');
    fakeServer(status({}));
    const google = await googleSection('Google 钱包');
    expect(await google.findByText('尚未生成保存链接')).toBeInTheDocument();
    expect(google.getByRole('button', { name: '保存到 Google 钱包' })).toBeInTheDocument();
  });
});
