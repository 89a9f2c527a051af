import { SettingsScreen } from '@/components/settings-screen';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanWrite } from '@/lib/workspace-context';
import { pointsConversion } from './api/get-points-conversion';
import { PointSettingsForm } from './components/point-settings-form';
import { toFormValues } from './point-settings-form';

export function PointSettingsPage() {
  const canWrite = useCanWrite();
  return (
    <SettingsScreen
      texts="pointSettings"
      canWrite={canWrite}
      query={pointsConversion.useSettings()}
      loadFailed="pointSettings.loadFailed"
      skeleton={(label) => (
        <div role="status" aria-label={label} className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      )}
    >
      {(data) => <PointSettingsForm initial={toFormValues(data ?? null)} canWrite={canWrite} />}
    </SettingsScreen>
  );
}
