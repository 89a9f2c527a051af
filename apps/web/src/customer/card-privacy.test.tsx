import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { json, noContent, routeFetch } from '@/test/fake-api';
import { CardPrivacy } from './card-privacy';

const confirm = vi.fn(async (_code: string) => ({ user: { getIdToken: async () => 'fresh-token' } }));
const signOut = vi.fn(async () => {});
vi.mock('./customer-firebase', () => ({
  customerToken: async () => 'customer-token',
  customerPhone: async () => '+85291234567',
  sendSignInCode: vi.fn(async () => ({ confirm })),
  signOutCustomer: () => signOut(),
}));

/** The card page's API as the contract answers it (it calls the global fetch); returns the calls made so far. */
function fakeApi(consent = true) {
  let marketingOptIn = consent;
  const { fetch, requests } = routeFetch({
    'GET /api/public/card/:slug/consents': () => json({ marketingOptIn }),
    'PUT /api/public/card/:slug/consents': ({ body }) => {
      marketingOptIn = (body as { marketingOptIn: boolean }).marketingOptIn;
      return json({ marketingOptIn });
    },
    'DELETE /api/public/card/:slug': () => noContent(),
  });
  vi.stubGlobal('fetch', vi.fn(fetch));
  return () =>
    requests.map((r) => ({ method: r.method, url: r.path, auth: r.headers.get('Authorization'), body: r.body }));
}

describe('the card page’s own data section', () => {
  beforeEach(() => {
    confirm.mockClear();
    signOut.mockClear();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await setLocale('en');
  });

  it('shows the marketing consent and withdraws it', async () => {
    const calls = fakeApi(true);
    const user = userEvent.setup();
    render(<CardPrivacy slug="blue-bottle" />);
    const box = await screen.findByRole('checkbox', { name: /Send me offers and news/ });
    await waitFor(() => expect(box).toBeChecked());
    await user.click(box);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(calls().at(-1)).toEqual({
      method: 'PUT',
      url: '/api/public/card/blue-bottle/consents',
      auth: 'Bearer customer-token',
      body: { marketingOptIn: false },
    });
  });

  it('deletes the card only after a new SMS code, with the token of that sign-in, in Chinese too', async () => {
    await setLocale('zh-Hant');
    const calls = fakeApi();
    const user = userEvent.setup();
    render(<CardPrivacy slug="blue-bottle" />);
    await user.click(await screen.findByRole('button', { name: '刪除我的會員卡' }));
    expect(screen.getByText(/積分亦會失效/)).toBeInTheDocument();
    // What remains where: the files within minutes, later backups never, earlier ones until they expire.
    expect(screen.getByText(/之前的備份會保留至其到期為止/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '發送驗證碼以確認' }));
    expect(calls().some((c) => c.method === 'DELETE')).toBe(false);
    await user.type(await screen.findByLabelText('驗證碼'), '123456');
    await user.click(screen.getByRole('button', { name: '永久刪除我的會員卡' }));
    expect(await screen.findByText('您的會員卡已刪除')).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledWith('123456');
    expect(calls().filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/api/public/card/blue-bottle', auth: 'Bearer fresh-token', body: undefined },
    ]);
    expect(signOut).toHaveBeenCalledOnce();
  });

  it('keeps the card when the customer changes their mind', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    render(<CardPrivacy slug="blue-bottle" />);
    await user.click(await screen.findByRole('button', { name: 'Delete my card' }));
    expect(screen.getByText(/backups made before keep them until they expire/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep my card' }));
    expect(screen.getByRole('button', { name: 'Delete my card' })).toBeInTheDocument();
    expect(calls().some((c) => c.method === 'DELETE')).toBe(false);
  });
});
