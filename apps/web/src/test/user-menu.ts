import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Opens the sidebar's user menu as a mouse does: the pointer comes over the trigger (its code loads, the real
 * trigger replaces the stand-in, app/nav-user.tsx), then presses it. jsdom sends every event of one
 * `user.click` to the element it started on, so a press would reach the stand-in after it left the page.
 */
export async function openUserMenu(user: UserEvent, shown: string) {
  // The trigger is named by what it shows: the name, then the e-mail.
  const name = new RegExp(`^${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`);
  await user.hover(await screen.findByRole('button', { name }));
  await waitFor(() =>
    expect(screen.getByRole('button', { name })).toHaveAttribute('data-slot', 'dropdown-menu-trigger'),
  );
  await user.click(screen.getByRole('button', { name }));
}
