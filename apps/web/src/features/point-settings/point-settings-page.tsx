import { SettingsScreen } from '@/components/settings-screen';
import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n/use-t';
import { useCanWrite } from '@/lib/workspace-context';
import { pointsConversion } from './api/get-points-conversion';
import { PointSettingsForm } from './components/point-settings-form';
import { toFormValues } from './point-settings-form';

export function PointSettingsPage() {
  const canWrite = useCanWrite();
  const t = useT();
  return (
    <SettingsScreen
      title={t('pointSettings.title')}
      subtitle={t('pointSettings.subtitle')}
      canWrite={canWrite}
      query={pointsConversion.useSettings()}
      loadFailed={t('pointSettings.loadFailed')}
      skeleton={
        <div role="status" aria-label={t('pointSettings.loading')} className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      }
    >
      {(data) => <PointSettingsForm initial={toFormValues(data ?? null)} canWrite={canWrite} />}
    </SettingsScreen>
  );
}
