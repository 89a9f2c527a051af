import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type * as React from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { routes } from '@/app/routes';
import { WorkspaceGate } from '@/app/workspace-gate';
import { ThemeProvider } from '@/components/theme-provider';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { RegisterPage } from '@/features/registration/register-page';
import { VerifyPage } from '@/features/registration/verify-page';
import { createQueryClient } from '@/lib/query-client';
import { type FakeAuthOptions, FakeAuthProvider } from './fake-auth';

/**
 * The components behind the top-level lazy routes (React.lazy, see app/routes.tsx), imported here so that a
 * test renders its screen on the first render, as the app does once the chunk has loaded (the browser suite
 * covers the loading itself). The workspace screens stay lazy, inside the shell's Suspense, as in the app.
 */
const LAZY_COMPONENTS: Record<string, React.ComponentType> = {
  '/register': RegisterPage,
  '/register/verify': VerifyPage,
  '/': WorkspaceGate,
};

const isLazy = (component: unknown) =>
  typeof component === 'object' && component !== null && '$$typeof' in component
    ? component.$$typeof === Symbol.for('react.lazy')
    : false;

function withoutLazy(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    if (!isLazy(route.Component)) return route;
    const Component = route.path ? LAZY_COMPONENTS[route.path] : undefined;
    if (!Component) throw new Error(`render-app: no component for the lazy route ${route.path}`);
    return { ...route, Component } as RouteObject;
  });
}
const testRoutes = withoutLazy(routes);

/** Renders the real routes at `path`, with the session faked and everything else real. */
export function renderApp(path: string, options: FakeAuthOptions = {}) {
  const router = createMemoryRouter(testRoutes, { initialEntries: [path] });
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
