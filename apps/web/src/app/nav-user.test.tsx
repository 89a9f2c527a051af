import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SidebarProvider } from '@/components/ui/sidebar';
import { NavUser } from './nav-user';

describe('sidebar user menu', () => {
  it('calls back for Edit Profile and Log out', async () => {
    const onEditProfile = vi.fn();
    const onLogout = vi.fn();
    render(
      <SidebarProvider>
        <NavUser displayName="  " email="a@b.test" onEditProfile={onEditProfile} onLogout={onLogout} />
      </SidebarProvider>,
    );
    const user = userEvent.setup();

    // A blank display name falls back too.
    await user.click(screen.getByRole('button', { name: 'Admin User' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Profile' }));
    expect(onEditProfile).toHaveBeenCalledOnce();
    expect(onLogout).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Admin User' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
