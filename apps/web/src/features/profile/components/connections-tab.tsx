import * as React from 'react';
import { useGoogleAccountChooser } from '@/components/google-account-chooser';
import { GoogleIcon } from '@/components/google-icon';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import type { AuthUser } from '@/lib/auth-context';
import {
  hasGoogleMethod,
  hasPasswordMethod,
  SIGN_IN_METHOD_LABELS,
  signInMethodCount,
  useAccountActions,
} from '../account-actions';
import { isCancelledPopup, LINK_MESSAGES, mapLinkError } from '../profile-messages';
import { useIdentityConfirmation } from './confirm-identity-dialog';

interface ConnectionsTabProps {
  providerIds: readonly string[];
  /** With the Auth Emulator, Google's popup is replaced by the in-app account chooser (DESIGN §6). */
  emulator: boolean;
  onAccountChange: (account: AuthUser) => void;
}

export function googleStatus(providerIds: readonly string[]): string {
  if (!hasGoogleMethod(providerIds)) return 'Not connected';
  return signInMethodCount(providerIds) <= 1 ? 'Connected (Primary)' : 'Connected';
}

/** Spec §2 "Connections" and §4: linking or unlinking asks for the password first when there is one. */
export function ConnectionsTab({ providerIds, emulator, onAccountChange }: ConnectionsTabProps) {
  const actions = useAccountActions();
  const identity = useIdentityConfirmation();
  const chooser = useGoogleAccountChooser();
  const [busy, setBusy] = React.useState(false);
  const linked = hasGoogleMethod(providerIds);
  const onlyMethod = linked && signInMethodCount(providerIds) <= 1;

  const run = async (step: () => Promise<AuthUser | null>, success: string, failure: (error: unknown) => string) => {
    setBusy(true);
    try {
      if (hasPasswordMethod(providerIds) && (await identity.confirmIdentity()) === null) return;
      const account = await step();
      if (!account) return;
      onAccountChange(account);
      toast({ title: success });
    } catch (error) {
      if (isCancelledPopup(error)) return;
      console.error('Google account change failed', error);
      toast({ variant: 'destructive', title: 'Google Account', description: failure(error) });
    } finally {
      setBusy(false);
    }
  };

  const connect = () =>
    run(
      async () => {
        if (!emulator) return actions.linkGoogle();
        const picked = await chooser.chooseAccount();
        // A cancelled chooser is a closed popup: nothing to say.
        return picked ? actions.linkGoogle(picked) : null;
      },
      LINK_MESSAGES.linked,
      mapLinkError,
    );

  const disconnect = () => {
    if (onlyMethod) {
      toast({ variant: 'destructive', title: 'Google Account', description: LINK_MESSAGES.onlyMethod });
      return;
    }
    return run(
      () => actions.unlinkGoogle(),
      LINK_MESSAGES.unlinked,
      () => LINK_MESSAGES.unlinkFailed,
    );
  };

  const methods = providerIds.map((id) => SIGN_IN_METHOD_LABELS[id] ?? id).join(', ');

  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3 rounded-lg border p-4" data-testid="google-connection">
        <GoogleIcon className="size-6 shrink-0" />
        <div className="grid flex-1 gap-0.5">
          <span className="font-medium text-sm">Google Account</span>
          <span className="text-muted-foreground text-sm">{googleStatus(providerIds)}</span>
        </div>
        {!linked ? (
          <Button variant="outline" size="sm" disabled={busy} onClick={connect}>
            Connect
          </Button>
        ) : onlyMethod ? (
          <Tooltip>
            <TooltipTrigger asChild>
              {/* A disabled button gets no pointer events; the wrapper keeps the tooltip reachable. */}
              <span className="inline-flex">
                <Button variant="outline" size="sm" disabled aria-describedby="unlink-only-method">
                  Unlink
                </Button>
              </span>
            </TooltipTrigger>
            <TooltipContent id="unlink-only-method-tooltip" className="max-w-64">
              {LINK_MESSAGES.onlyMethod}
            </TooltipContent>
          </Tooltip>
        ) : (
          <Button variant="outline" size="sm" disabled={busy} onClick={disconnect}>
            Unlink
          </Button>
        )}
      </div>
      {onlyMethod && (
        <p id="unlink-only-method" className="text-muted-foreground text-xs">
          {LINK_MESSAGES.onlyMethod}
        </p>
      )}
      {methods && <p className="text-muted-foreground text-xs">Sign-in methods: {methods}</p>}
      {identity.dialog}
      {chooser.dialog}
    </div>
  );
}
