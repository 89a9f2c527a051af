import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SidebarProvider } from '@/components/ui/sidebar';
import { setLocale } from '@/lib/i18n/i18n';
import type { Locale } from '@/lib/i18n/locales';
import { openUserMenu } from '@/test/user-menu';
import { NavUser } from './nav-user';

describe('sidebar user menu', () => {
  it('calls back for Edit Profile and Log out', async () => {
    const onEditProfile = vi.fn();
    const onLogout = vi.fn();
    render(
      <SidebarProvider>
        <NavUser
          displayName="  "
          email="a@b.test"
          onEditProfile={onEditProfile}
          onLogout={onLogout}
          onLanguage={vi.fn()}
        />
      </SidebarProvider>,
    );
    const user = userEvent.setup();

    // A blank display name falls back too. A press made before the menu's code is there (a tap, no hover)
    // opens the menu when it arrives.
    const stand = screen.getByRole('button', { name: /^Admin User/ });
    expect(stand).not.toHaveAttribute('data-slot', 'dropdown-menu-trigger');
    fireEvent.pointerDown(stand, { button: 0, pointerType: 'touch' });
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Profile' }));
    expect(onEditProfile).toHaveBeenCalledOnce();
    expect(onLogout).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: /^Admin User/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('switches the menu to the chosen language at once', async () => {
    const onLanguage = vi.fn((locale: Locale) => void setLocale(locale));
    render(
      <SidebarProvider>
        <NavUser
          displayName="Mia Chan"
          email="a@b.test"
          onEditProfile={vi.fn()}
          onLogout={vi.fn()}
          onLanguage={onLanguage}
        />
      </SidebarProvider>,
    );
    const user = userEvent.setup();
    await openUserMenu(user, 'Mia Chan');
    // The submenu opens with the keyboard as with the pointer (jsdom has no pointer geometry for hover).
    (await screen.findByRole('menuitem', { name: 'Language' })).focus();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('menuitemcheckbox', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    (await screen.findByRole('menuitemcheckbox', { name: '繁體中文' })).focus();
    await user.keyboard('{Enter}');
    expect(onLanguage).toHaveBeenCalledWith('zh-Hant');
    await user.click(screen.getByRole('button', { name: /^Mia Chan/ }));
    expect(await screen.findByRole('menuitem', { name: '編輯個人資料' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: '登出' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-Hant');
  });

  // axe's label-content-name-mismatch (on in e2e/a11y-support.ts) reads as shown every text in the button, the
  // initials of the aria-hidden avatar too: a name set by aria-label must contain them all ("AL" before "Ada
  // Lovelace", "黃" before "黃美玲"). The real trigger, which replaces the stand-in at the first sign of use, is
  // named by its content as the stand-in is: the name, then the e-mail, the avatar left out.
  it.each([
    ['en', 'Ada Lovelace', 'Ada Lovelace'],
    ['zh-Hant', '黃美玲', '黃美玲'],
    ['zh-Hans', ' ', '管理员'],
  ] as const)('names the real trigger in %s by the words it shows (%s)', async (locale, displayName, shown) => {
    await setLocale(locale);
    render(
      <SidebarProvider>
        <NavUser
          displayName={displayName}
          email="a@b.test"
          onEditProfile={vi.fn()}
          onLogout={vi.fn()}
          onLanguage={vi.fn()}
        />
      </SidebarProvider>,
    );
    const user = userEvent.setup();
    const named = { name: `${shown} a@b.test` };
    await user.hover(screen.getByRole('button', named));
    await waitFor(() =>
      expect(screen.getByRole('button', named)).toHaveAttribute('data-slot', 'dropdown-menu-trigger'),
    );
    const trigger = screen.getByRole('button', named);
    const label = trigger.getAttribute('aria-label');
    const words = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
    if (label !== null) expect(words(label)).toContain(words(trigger.textContent ?? ''));
  });
});
