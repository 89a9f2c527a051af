import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, serveRoutes } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';
import { openUserMenu } from '@/test/user-menu';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

// GET and PUT /api/users/me with the account's language (docs/design.md §8); every PUT body is kept.
let profile: Record<string, string> = {};
const puts: unknown[] = [];
beforeEach(() => {
  puts.length = 0;
  profile = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test', phone: '+85291234567' };
  serveRoutes({
    'GET /api/users/me': () => json(profile),
    'PUT /api/users/me': ({ body }) => {
      puts.push(body);
      profile = { ...profile, ...(body as Record<string, string>) };
      return json(profile);
    },
  });
});

describe('the account language', () => {
  it('shows the workspace in the language the account chose, from any browser', async () => {
    profile.language = 'zh-Hans';
    renderApp('/', { user: SAMPLE_USER });
    // The Simplified catalogue is fetched first (a chunk of its own), hence the longer wait.
    expect(await screen.findByRole('link', { name: '会员' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '主菜单' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-Hans');
    expect(puts).toEqual([]);
  }, 20_000);

  it('switches at once from the user menu and keeps the choice for the account', async () => {
    renderApp('/', { user: SAMPLE_USER });
    const user = userEvent.setup();
    await openUserMenu(user, 'Grace Hopper');
    (await screen.findByRole('menuitem', { name: 'Language' })).focus();
    await user.keyboard('{ArrowRight}');
    (await screen.findByRole('menuitemcheckbox', { name: '繁體中文' })).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('link', { name: '會員' })).toBeInTheDocument();
    // The dashboard is a lazy chunk with its texts: it may still be on its way.
    expect(await screen.findByRole('heading', { name: '儀表板' })).toBeInTheDocument();
    await waitFor(() => expect(puts).toEqual([{ language: 'zh-Hant' }]));
  });
});
