import * as React from 'react';
import type { EmulatorGoogleAccount } from '@/lib/auth-context';

// The chooser (a dialog with a validated form) is needed only when someone picks Google with the emulator, so
// its code (dialog, form schema) is fetched then, not with the sign-in screen.
const GoogleAccountDialog = React.lazy(() =>
  import('./google-account-dialog').then((m) => ({ default: m.GoogleAccountDialog })),
);

/**
 * Lets a flow `await chooseAccount()` like it would await a popup; null means the user cancelled,
 * which callers treat like a closed popup (silently).
 */
export function useGoogleAccountChooser() {
  const [resolve, setResolve] = React.useState<((account: EmulatorGoogleAccount | null) => void) | null>(null);
  // Once shown, the dialog stays mounted (closed) so it can animate out like any other dialog.
  const [shown, setShown] = React.useState(false);

  const chooseAccount = React.useCallback(
    () =>
      new Promise<EmulatorGoogleAccount | null>((done) => {
        setShown(true);
        setResolve(() => done);
      }),
    [],
  );

  const finish = (account: EmulatorGoogleAccount | null) => {
    resolve?.(account);
    setResolve(null);
  };

  const dialog = shown ? (
    <React.Suspense fallback={null}>
      <GoogleAccountDialog open={resolve !== null} onChoose={finish} onCancel={() => finish(null)} />
    </React.Suspense>
  ) : null;
  return { chooseAccount, dialog };
}
