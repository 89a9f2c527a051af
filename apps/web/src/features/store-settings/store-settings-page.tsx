import { STORE_SETTINGS_DEFAULTS } from '@loyalty/contracts';
import * as React from 'react';
import { NextSetupStep } from '@/components/next-setup-step';
import { SettingsScreen } from '@/components/settings-screen';
import { useCanWrite } from '@/lib/workspace-context';
import { storeSettings } from './api/get-store-settings';
import { BusinessProfileSection } from './components/business-profile-section';
import { StoreSettingsForm } from './components/store-settings-form';

export function StoreSettingsPage() {
  const canWrite = useCanWrite();
  // Held here: the form starts afresh after a save (its key), the way to the next step stays.
  const [saved, setSaved] = React.useState(false);
  return (
    <SettingsScreen texts="storeSettings" canWrite={canWrite} query={storeSettings.useSettings()}>
      {(data) => (
        <>
          {/* Keyed on the saved record: a refresh after saving starts the form from what the server holds. */}
          <StoreSettingsForm
            key={JSON.stringify(data)}
            initial={data ?? STORE_SETTINGS_DEFAULTS}
            canWrite={canWrite}
            onSaved={() => setSaved(true)}
          />
          <NextSetupStep step="store" saved={saved} />
          <BusinessProfileSection canWrite={canWrite} />
        </>
      )}
    </SettingsScreen>
  );
}
