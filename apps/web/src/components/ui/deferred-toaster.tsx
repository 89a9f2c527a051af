import { lazy } from 'react';
import { MountWhenOpened } from '@/components/mount-when-opened';
import { useToast } from './use-toast';

// Radix's toast (with its collection, dismissable layer and presence) is some 4 KB of brotli that /login
// would otherwise download before its first paint, for a message most visits never show.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * The app's toaster, loaded when the first toast is raised and kept from then on (so later toasts, and the
 * closing animation of the last one, need no load). The toasts themselves live in use-toast's store, so
 * nothing raised before the load is lost.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  return (
    <MountWhenOpened open={toasts.length > 0}>
      <Toaster />
    </MountWhenOpened>
  );
}
