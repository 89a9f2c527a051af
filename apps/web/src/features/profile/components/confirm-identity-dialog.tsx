import * as React from 'react';
import { DialogShell } from '@/components/dialog-shell';
import { Labelled } from '@/components/labelled';
import { PasswordInput, UsernameHint } from '@/components/password-field';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { useT } from '@/lib/i18n/use-t';
import { useAccountActions } from '../account-actions';
import { mapReauthError } from '../profile-messages';

interface ConfirmIdentityDialogProps {
  open: boolean;
  /** Called with the password Firebase accepted. */
  onConfirmed: (password: string) => void;
  onCancel: () => void;
}

/** "Confirm Your Identity" (docs/spec/access-and-identity.md §2): re-enter the password; Enter submits; a wrong one keeps it open. */
function ConfirmIdentityDialog({ open, onConfirmed, onCancel }: ConfirmIdentityDialogProps) {
  const actions = useAccountActions();
  const [password, setPassword] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const t = useT();

  React.useEffect(() => {
    if (!open) {
      setPassword('');
      setError(null);
      setBusy(false);
    }
  }, [open]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await actions.reauthenticate(password);
      onConfirmed(password);
    } catch (failure) {
      setError(mapReauthError(failure));
      setBusy(false);
    }
  };

  return (
    <DialogShell
      open={open}
      onClose={() => !busy && onCancel()}
      title={t('profile.confirmTitle')}
      description={t('profile.confirmText')}
      className="sm:max-w-sm"
    >
      <form className="grid gap-4" noValidate onSubmit={onSubmit}>
        <UsernameHint email={actions.currentAccount()?.email} />
        <Labelled id="confirm-identity-password" label={t('profile.password')}>
          <PasswordInput
            id="confirm-identity-password"
            label={t('profile.password')}
            autoComplete="current-password"
            autoFocus
            value={password}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Labelled>
        {error && (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={busy || password === ''}>
            {t('profile.confirm')}
          </Button>
        </DialogFooter>
      </form>
    </DialogShell>
  );
}

/**
 * Lets a flow `await confirmIdentity()` before a sensitive change; resolves with the password once
 * Firebase accepted it (an e-mail change renews the session with it), null when the user cancelled.
 */
export function useIdentityConfirmation() {
  const [resolve, setResolve] = React.useState<((password: string | null) => void) | null>(null);

  const confirmIdentity = React.useCallback(() => new Promise<string | null>((done) => setResolve(() => done)), []);

  const finish = (password: string | null) => {
    resolve?.(password);
    setResolve(null);
  };

  const dialog = <ConfirmIdentityDialog open={resolve !== null} onConfirmed={finish} onCancel={() => finish(null)} />;
  return { confirmIdentity, dialog };
}
