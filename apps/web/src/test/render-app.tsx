import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/routes';
import { ThemeProvider } from '@/components/theme-provider';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createQueryClient } from '@/lib/query-client';
import { type FakeAuthOptions, FakeAuthProvider } from './fake-auth';

/** Renders the real routes at `path`, with the session faked and everything else real. */
export function renderApp(path: string, options: FakeAuthOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider>
        <FakeAuthProvider options={options}>
          <TooltipProvider>
            <RouterProvider router={router} />
            <Toaster />
          </TooltipProvider>
        </FakeAuthProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { router, ...view };
}
