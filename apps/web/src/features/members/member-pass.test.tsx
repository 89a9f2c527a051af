import type { MemberPassStatus, PassSettings } from '@loyalty/contracts';
import { PASS_SETTINGS_DEFAULTS } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/i18n/format';
import { setLocale } from '@/lib/i18n/i18n';
import { json } from '@/test/fake-api';
import { applePassStatus, callsTo, memberDialogRoutes, openMemberDialog } from '@/test/members-fake-server';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const design: PassSettings = { ...PASS_SETTINGS_DEFAULTS, heroText: 'Harbour Coffee' };
/** Not a real zip: what matters is that the bytes reach the download unchanged. */
const PKPASS = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);

/** The member's dialog on the fake API, with this Apple pass status; returns every request sent. */
const fakeServer = (status: MemberPassStatus) =>
  openMemberDialog({
    ...memberDialogRoutes(design),
    'GET /api/tenants/member/m-1/passes/apple/status': () => json(status),
    'GET /api/tenants/member/m-1/passes/apple': () =>
      new Response(PKPASS, { headers: { 'content-type': 'application/vnd.apple.pkpass' } }),
  });

const passSection = async () => within(await screen.findByRole('region', { name: 'Apple Wallet' }, { timeout: 5000 }));

// jsdom has no object URLs; the download test supplies them and they go with it.
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe("A member's Apple Wallet pass", () => {
  it('shows the card in the tenant design with the member, the devices holding it and the last push', async () => {
    fakeServer(
      applePassStatus({
        issued: true,
        updatedAt: '2026-11-20T09:00:00.000Z',
        pushedAt: '2026-11-20T10:15:00.000Z',
        devices: 2,
      }),
    );
    const pass = await passSection();
    expect(await pass.findByText('2 devices')).toBeInTheDocument();
    expect(pass.getByText(formatDateTime('2026-11-20T10:15:00.000Z'))).toBeInTheDocument();
    const card = pass.getByTestId('wallet-card-preview');
    expect(await within(card).findByText('Harbour Coffee')).toBeInTheDocument();
    expect(within(card).getByTestId('pass-member')).toHaveTextContent('Ada Lovelace');
    expect(within(card).getByTestId('pass-level')).toHaveTextContent('Gold');
    expect(within(card).getByTestId('pass-points')).toHaveTextContent('4,321');
    expect(within(card).getByTestId('pass-barcode')).toHaveTextContent('M000001');
  });

  it('counts the devices whose last push failed, with APNs’s reason, and shows no push APNs never took', async () => {
    fakeServer(
      applePassStatus({
        issued: true,
        updatedAt: '2026-11-20T09:00:00.000Z',
        pushAttemptedAt: '2026-11-20T10:15:00.000Z',
        pushError: 'TopicDisallowed',
        devices: 2,
        failingPushes: 1,
      }),
    );
    const pass = await passSection();
    expect(await pass.findByText('2 devices')).toBeInTheDocument();
    expect(pass.getByTestId('member-pass-failing')).toHaveTextContent(
      'Failing pushes1 device did not take the last update · TopicDisallowed',
    );
    expect(within(pass.getByTestId('member-pass-status')).getByText('None')).toBeInTheDocument();
  });

  it('shows no failing pushes when every device took the last one', async () => {
    fakeServer(applePassStatus({ issued: true, updatedAt: '2026-11-20T09:00:00.000Z', devices: 1 }));
    const pass = await passSection();
    expect(await pass.findByText('1 device')).toBeInTheDocument();
    expect(pass.queryByTestId('member-pass-failing')).toBeNull();
  });

  it('says so when no device holds the pass', async () => {
    fakeServer(applePassStatus({}));
    const pass = await passSection();
    expect(await pass.findByText('Not added to a wallet yet')).toBeInTheDocument();
    expect(pass.getByText('None')).toBeInTheDocument();
  });

  it('downloads the .pkpass with the bearer token and offers it named after the membership code', async () => {
    const calls = fakeServer(applePassStatus({}));
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:pass-1';
    };
    URL.revokeObjectURL = () => {};
    const offered: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      offered.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const pass = await passSection();
    await userEvent.setup().click(pass.getByRole('button', { name: 'Download pass' }));
    await waitFor(() => expect(offered).toEqual([{ href: 'blob:pass-1', download: 'M000001.pkpass' }]));
    expect(callsTo(calls, '/api/tenants/member/m-1/passes/apple')).toEqual([
      { path: '/api/tenants/member/m-1/passes/apple', auth: 'Bearer token' },
    ]);
    expect(new Uint8Array(await blobs[0]!.arrayBuffer())).toEqual(PKPASS);
  });

  it('zh-Hant: the section in Traditional Chinese', async () => {
    await setLocale('zh-Hant');
    fakeServer(applePassStatus({}));
    const pass = within(await screen.findByRole('region', { name: 'Apple 錢包' }));
    expect(await pass.findByText('尚未加入錢包')).toBeInTheDocument();
    expect(pass.getByRole('button', { name: '下載卡券' })).toBeInTheDocument();
  });
});
