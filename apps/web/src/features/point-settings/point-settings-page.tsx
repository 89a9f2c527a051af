import { AlertCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanWrite } from '@/lib/workspace-context';
import { usePointsConversion } from './api/get-points-conversion';
import { PointSettingsForm } from './components/point-settings-form';
import { toFormValues } from './point-settings-form';

const LOAD_FAILED = 'Failed to load points conversion settings. Please try again.';

export function PointSettingsPage() {
  const canWrite = useCanWrite();
  const query = usePointsConversion();
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-bold text-2xl tracking-tight">Point Settings</h1>
        <p className="text-muted-foreground">Configure point earning and redemption rates</p>
      </div>
      {!canWrite && (
        <p className="rounded-md border bg-muted/50 px-4 py-3 text-sm">
          You can view these settings. Only an admin or the owner can change them.
        </p>
      )}
      {query.isError ? (
        <Card className="border-destructive/50">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-destructive">
              <AlertCircleIcon className="size-5" aria-hidden="true" />
              Error Loading Settings
            </CardTitle>
          </CardHeader>
          <CardContent className="grid justify-items-start gap-4">
            <p className="text-muted-foreground text-sm">{query.error.message || LOAD_FAILED}</p>
            <Button variant="outline" onClick={() => query.refetch()} disabled={query.isFetching}>
              Retry
            </Button>
          </CardContent>
        </Card>
      ) : query.isPending ? (
        <div role="status" aria-label="Loading point settings" className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      ) : (
        <PointSettingsForm initial={toFormValues(query.data)} canWrite={canWrite} />
      )}
    </div>
  );
}
