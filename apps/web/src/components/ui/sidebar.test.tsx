import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Sidebar, SidebarContent, SidebarProvider, SidebarTrigger } from './sidebar';

function renderSidebar() {
  const view = render(
    <SidebarProvider>
      <Sidebar collapsible="icon">
        <SidebarContent>Navigation</SidebarContent>
      </Sidebar>
      <SidebarTrigger />
    </SidebarProvider>,
  );
  const wrapper = view.container.querySelector('[data-slot="sidebar-wrapper"]');
  if (!wrapper) throw new Error('sidebar wrapper not rendered');
  return wrapper;
}

describe('sidebar', () => {
  it('starts expanded without a cookie', () => {
    expect(renderSidebar()).toHaveAttribute('data-state', 'expanded');
  });

  it('toggles with Ctrl+B and Cmd+B and remembers the state in the sidebar_state cookie', async () => {
    const user = userEvent.setup();
    const wrapper = renderSidebar();

    await user.keyboard('{Control>}b{/Control}');
    expect(wrapper).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain('sidebar_state=false');

    await user.keyboard('{Meta>}b{/Meta}');
    expect(wrapper).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('ignores b without a modifier', async () => {
    const user = userEvent.setup();
    const wrapper = renderSidebar();
    await user.keyboard('b');
    expect(wrapper).toHaveAttribute('data-state', 'expanded');
  });

  it('toggles from the "Toggle Sidebar" button', async () => {
    const user = userEvent.setup();
    const wrapper = renderSidebar();
    await user.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(wrapper).toHaveAttribute('data-state', 'collapsed');
  });

  it('reads its initial state from the cookie', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: arranging the cookie a previous visit left.
    document.cookie = 'sidebar_state=false; path=/';
    expect(renderSidebar()).toHaveAttribute('data-state', 'collapsed');
  });
});
