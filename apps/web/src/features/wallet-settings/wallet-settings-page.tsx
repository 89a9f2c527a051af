import { PASS_SETTINGS_DEFAULTS } from '@loyalty/contracts';
import { AlertCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanWrite } from '@/lib/workspace-context';
import { usePassSettings } from './api/get-pass-settings';
import { WalletSettingsForm } from './components/wallet-settings-form';

export function WalletSettingsPage() {
  const canWrite = useCanWrite();
  const query = usePassSettings();
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-bold text-2xl tracking-tight">Wallet Settings</h1>
        <p className="text-muted-foreground">Design the wallet card your members carry</p>
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
            <p className="text-muted-foreground text-sm">{query.error.message || 'Failed to fetch wallet settings'}</p>
            <Button variant="outline" onClick={() => query.refetch()} disabled={query.isFetching}>
              Retry
            </Button>
          </CardContent>
        </Card>
      ) : query.isPending ? (
        <div role="status" aria-label="Loading wallet settings" className="grid gap-6 xl:grid-cols-[1fr_380px]">
          <Skeleton className="h-[32rem]" />
          <Skeleton className="h-[28rem]" />
        </div>
      ) : (
        <WalletSettingsForm initial={query.data ?? PASS_SETTINGS_DEFAULTS} canWrite={canWrite} />
      )}
    </div>
  );
}
