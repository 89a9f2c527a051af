import * as React from 'react';
import { useGoogleAccountChooser } from '@/components/google-account-chooser';
import { GoogleIcon } from '@/components/google-icon';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import type { AuthUser } from '@/lib/auth-context';
import { type MessageKey, t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import {
  hasGoogleMethod,
  hasPasswordMethod,
  signInMethodCount,
  signInMethodLabel,
  useAccountActions,
} from '../account-actions';
import { isCancelledPopup, LINK_MESSAGES, mapLinkError } from '../profile-messages';
import { useIdentityConfirmation } from './confirm-identity-dialog';

interface ConnectionsTabProps {
  providerIds: readonly string[];
  /** With the Auth Emulator, Google's popup is replaced by the in-app account chooser (docs/design.md §6). */
  emulator: boolean;
  onAccountChange: (account: AuthUser) => void;
}

function googleStatus(providerIds: readonly string[]): MessageKey {
  if (!hasGoogleMethod(providerIds)) return 'profile.notConnected';
  return signInMethodCount(providerIds) <= 1 ? 'profile.connectedPrimary' : 'profile.connected';
}

/** docs/spec/access-and-identity.md §2 "Connections" and §4: linking or unlinking asks for the password first when there is one. */
export function ConnectionsTab({ providerIds, emulator, onAccountChange }: ConnectionsTabProps) {
  const actions = useAccountActions();
  const identity = useIdentityConfirmation();
  const chooser = useGoogleAccountChooser();
  const [busy, setBusy] = React.useState(false);
  const t = useT();
  const linked = hasGoogleMethod(providerIds);
  const onlyMethod = linked && signInMethodCount(providerIds) <= 1;

  const run = async (
    step: () => Promise<AuthUser | null>,
    success: MessageKey,
    failure: (error: unknown) => string,
  ) => {
    setBusy(true);
    try {
      if (hasPasswordMethod(providerIds) && (await identity.confirmIdentity()) === null) return;
      const account = await step();
      if (!account) return;
      onAccountChange(account);
      toast({ title: translate(success) });
    } catch (error) {
      if (isCancelledPopup(error)) return;
      console.error('Google account change failed', error); // i18n-ignore: a console line for developers, never shown
      toast({ variant: 'destructive', title: translate('profile.googleAccount'), description: failure(error) });
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
      toast({
        variant: 'destructive',
        title: translate('profile.googleAccount'),
        description: translate(LINK_MESSAGES.onlyMethod),
      });
      return;
    }
    return run(
      () => actions.unlinkGoogle(),
      LINK_MESSAGES.unlinked,
      () => translate(LINK_MESSAGES.unlinkFailed),
    );
  };

  const methods = providerIds.map((id) => signInMethodLabel(id, t)).join(t('profile.listSeparator'));

  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3 rounded-lg border p-4" data-testid="google-connection">
        <GoogleIcon className="size-6 shrink-0" />
        <div className="grid flex-1 gap-0.5">
          <span className="font-medium text-sm">{t('profile.googleAccount')}</span>
          <span className="text-muted-foreground text-sm">{t(googleStatus(providerIds))}</span>
        </div>
        {!linked ? (
          <Button variant="outline" size="sm" disabled={busy} onClick={connect}>
            {t('profile.connect')}
          </Button>
        ) : onlyMethod ? (
          <TooltipProvider>
            <Tooltip>
              <TooltipTrigger asChild>
                {/* A disabled button gets no pointer events; the wrapper keeps the tooltip reachable. */}
                <span className="inline-flex">
                  <Button variant="outline" size="sm" disabled aria-describedby="unlink-only-method">
                    {t('profile.unlink')}
                  </Button>
                </span>
              </TooltipTrigger>
              <TooltipContent id="unlink-only-method-tooltip" className="max-w-64">
                {t(LINK_MESSAGES.onlyMethod)}
              </TooltipContent>
            </Tooltip>
          </TooltipProvider>
        ) : (
          <Button variant="outline" size="sm" disabled={busy} onClick={disconnect}>
            {t('profile.unlink')}
          </Button>
        )}
      </div>
      {onlyMethod && (
        <p id="unlink-only-method" className="text-muted-foreground text-xs">
          {t(LINK_MESSAGES.onlyMethod)}
        </p>
      )}
      {methods && <p className="text-muted-foreground text-xs">{t('profile.signInMethods', { methods })}</p>}
      {identity.dialog}
      {chooser.dialog}
    </div>
  );
}
