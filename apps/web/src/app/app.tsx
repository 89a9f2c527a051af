import * as React from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { Providers } from './providers';
import { RouteErrorBoundary } from './route-error-boundary';
import { preloadRoute, routes } from './routes';

function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary resetKey={pathname}>
      {/* A screen's chunk is fetched on its first visit; nothing is shown meanwhile, as before with the data router. */}
      <React.Suspense fallback={null}>{element}</React.Suspense>
    </RouteErrorBoundary>
  );
}

// The first screen's chunks are requested before React renders (and, in the workspace, before the gate has
// asked who the user is), so they arrive together rather than one after the other.
preloadRoute(window.location.pathname);

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
