import * as React from 'react';
import { useT } from '@/lib/i18n/use-t';
import { JoinPage } from './join-page';
import { routeOf } from './route';

// The card page brings the QR and barcode code and Firebase: a chunk of its own, so /join loads none of it.
const CardPage = React.lazy(() => import('./card-page').then((m) => ({ default: m.CardPage })));

function usePathname(): string {
  const [pathname, setPathname] = React.useState(() => location.pathname);
  React.useEffect(() => {
    const follow = () => setPathname(location.pathname);
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  return pathname;
}

function NotFound() {
  const t = useT();
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-xl font-semibold">{t('customer.notFound')}</h1>
    </main>
  );
}

export function CustomerApp() {
  const route = routeOf(usePathname());
  if (!route) return <NotFound />;
  if (route.page === 'join') return <JoinPage key={route.slug} slug={route.slug} />;
  return (
    <React.Suspense fallback={null}>
      <CardPage key={route.slug} slug={route.slug} />
    </React.Suspense>
  );
}
