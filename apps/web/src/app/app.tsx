import * as React from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { Providers } from './providers';
import { preloadRoute, routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

// The first screen's chunks are requested before React renders (and, in the workspace, before the gate has
// asked who the user is), so they arrive together rather than one after the other.
preloadRoute(window.location.pathname);

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        {/* A screen's chunk is fetched on its first visit; nothing is shown meanwhile, as before with the data router. */}
        <React.Suspense fallback={null}>
          <AppRoutes />
        </React.Suspense>
      </BrowserRouter>
    </Providers>
  );
}
