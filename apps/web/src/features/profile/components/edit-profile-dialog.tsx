import { Loader2Icon } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth-context';
import { useT } from '@/lib/i18n/use-t';
import { hasPasswordMethod, useAccountActions } from '../account-actions';
import { useProfile } from '../api/get-profile';
import { ConnectionsTab } from './connections-tab';
import { PasswordTab } from './password-tab';
import { ProfileTab } from './profile-tab';

interface EditProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The own-profile dialog of the sidebar's user menu (docs/spec/access-and-identity.md §2 "Edit Profile dialog"). */
export function EditProfileDialog({ open, onOpenChange }: EditProfileDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('profile.title')}</DialogTitle>
          <DialogDescription>{t('profile.description')}</DialogDescription>
        </DialogHeader>
        {/* Mounted per opening, so every visit starts from the saved profile and a fresh account. */}
        {open && <EditProfileTabs />}
      </DialogContent>
    </Dialog>
  );
}

const TAB_PANEL = 'min-h-72';

function EditProfileTabs() {
  const actions = useAccountActions();
  const { emulator, user } = useAuth();
  // Firebase's record rather than the session state: linking, unlinking or a new phone change it in place.
  const [account, setAccount] = React.useState(() => actions.currentAccount() ?? user);
  const refreshAccount = () => setAccount(actions.currentAccount() ?? user);
  const providerIds = account?.providerIds ?? [];
  const hasPassword = hasPasswordMethod(providerIds);
  const profile = useProfile();
  const t = useT();

  return (
    <Tabs defaultValue="profile" className="gap-4">
      <TabsList className="grid w-full grid-cols-3">
        <TabsTrigger value="profile">{t('profile.tabProfile')}</TabsTrigger>
        <TabsTrigger value="password" disabled={!hasPassword}>
          {t('profile.tabPassword')}
        </TabsTrigger>
        <TabsTrigger value="connections">{t('profile.tabConnections')}</TabsTrigger>
      </TabsList>
      {/* One height for all tabs, so the centred dialog does not jump when switching. */}
      <TabsContent value="profile" className={TAB_PANEL}>
        {profile.data ? (
          <ProfileTab profile={profile.data} hasPassword={hasPassword} onSaved={refreshAccount} />
        ) : profile.isError ? (
          <div role="alert" className="grid justify-items-center gap-3 py-6 text-center text-sm">
            <p className="text-destructive">{t('profile.loadFailed')}</p>
            <Button variant="outline" size="sm" onClick={() => void profile.refetch()}>
              {t('profile.tryAgain')}
            </Button>
          </div>
        ) : (
          <div role="status" className="flex items-center justify-center gap-2 py-10 text-muted-foreground text-sm">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            {t('profile.loading')}
          </div>
        )}
      </TabsContent>
      <TabsContent value="password" className={TAB_PANEL}>
        <PasswordTab />
      </TabsContent>
      <TabsContent value="connections" className={TAB_PANEL}>
        <ConnectionsTab providerIds={providerIds} emulator={emulator} onAccountChange={(next) => setAccount(next)} />
      </TabsContent>
    </Tabs>
  );
}
