import { STORE_SETTINGS_DEFAULTS } from '@loyalty/contracts';
import { AlertCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanWrite } from '@/lib/workspace-context';
import { useStoreSettings } from './api/get-store-settings';
import { StoreSettingsForm } from './components/store-settings-form';

export function StoreSettingsPage() {
  const canWrite = useCanWrite();
  const query = useStoreSettings();
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-bold text-2xl tracking-tight">Store Settings</h1>
        <p className="text-muted-foreground">Configure your store appearance</p>
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
            <p className="text-muted-foreground text-sm">{query.error.message || 'Failed to fetch store settings'}</p>
            <Button variant="outline" onClick={() => query.refetch()} disabled={query.isFetching}>
              Retry
            </Button>
          </CardContent>
        </Card>
      ) : query.isPending ? (
        <Skeleton role="status" aria-label="Loading store settings" className="h-96" />
      ) : (
        // Keyed on the saved record: a refresh after saving starts the form from what the server holds.
        <StoreSettingsForm
          key={JSON.stringify(query.data)}
          initial={query.data ?? STORE_SETTINGS_DEFAULTS}
          canWrite={canWrite}
        />
      )}
    </div>
  );
}
