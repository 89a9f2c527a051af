import { SettingsScreen } from '@/components/settings-screen';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanWrite } from '@/lib/workspace-context';
import { usePointsConversion } from './api/get-points-conversion';
import { PointSettingsForm } from './components/point-settings-form';
import { toFormValues } from './point-settings-form';

export function PointSettingsPage() {
  const canWrite = useCanWrite();
  return (
    <SettingsScreen
      title="Point Settings"
      subtitle="Configure point earning and redemption rates"
      canWrite={canWrite}
      query={usePointsConversion()}
      loadFailed="Failed to load points conversion settings. Please try again."
      skeleton={
        <div role="status" aria-label="Loading point settings" className="grid gap-6 lg:grid-cols-2">
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
