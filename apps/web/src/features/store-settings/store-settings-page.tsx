import { STORE_SETTINGS_DEFAULTS } from '@loyalty/contracts';
import { SettingsScreen } from '@/components/settings-screen';
import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n/use-t';
import { useCanWrite } from '@/lib/workspace-context';
import { storeSettings } from './api/get-store-settings';
import { BusinessProfileSection } from './components/business-profile-section';
import { StoreSettingsForm } from './components/store-settings-form';

export function StoreSettingsPage() {
  const canWrite = useCanWrite();
  const t = useT();
  return (
    <SettingsScreen
      title={t('storeSettings.title')}
      subtitle={t('storeSettings.subtitle')}
      canWrite={canWrite}
      query={storeSettings.useSettings()}
      loadFailed={t('storeSettings.fetchFailed')}
      skeleton={<Skeleton role="status" aria-label={t('storeSettings.loading')} className="h-96" />}
    >
      {(data) => (
        <>
          {/* Keyed on the saved record: a refresh after saving starts the form from what the server holds. */}
          <StoreSettingsForm key={JSON.stringify(data)} initial={data ?? STORE_SETTINGS_DEFAULTS} canWrite={canWrite} />
          <BusinessProfileSection canWrite={canWrite} />
        </>
      )}
    </SettingsScreen>
  );
}
