import type { ApiKey, CreatedApiKey } from '@loyalty/contracts';
import * as React from 'react';
import { ConfirmRemovalDialog } from '@/components/confirm-delete-dialog';
import { type Column, DataTable } from '@/components/list-kit/data-table';
import { Button } from '@/components/ui/button';
import { toastFailure } from '@/lib/failure-toast';
import { formatDateTime } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { ApiKeyDialog } from './api-key-dialog';
import { CodeBadges, ListSection } from './list-section';
import { SecretDialog } from './secret-dialog';

const CELL = 'px-3 py-2';

/** The tenant's API keys: make one (shown once), see when each was last used, revoke one. */
export function ApiKeysSection() {
  const t = useT();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [adding, setAdding] = React.useState(false);
  const [made, setMade] = React.useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = React.useState<ApiKey | null>(null);

  const columns: Column<ApiKey>[] = [
    { header: t('developers.keyName'), cell: (key) => key.name, className: CELL },
    { header: t('developers.prefix'), cell: (key) => key.prefix, className: `${CELL} font-mono text-xs` },
    {
      header: t('developers.scopes'),
      cell: (key) => <CodeBadges values={key.scopes} />,
      className: CELL,
    },
    {
      header: t('developers.created'),
      cell: (key) => formatDateTime(key.createdAt),
      className: `${CELL} whitespace-nowrap`,
    },
    {
      header: t('developers.lastUsed'),
      cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t('developers.never')),
      className: `${CELL} whitespace-nowrap`,
    },
    {
      header: t('developers.actions'),
      cell: (key) => (
        <Button variant="outline" size="sm" onClick={() => setRevoking(key)}>
          {t('developers.revoke')}
        </Button>
      ),
      className: CELL,
    },
  ];

  return (
    <ListSection
      id="api-keys"
      title={t('developers.keysTitle')}
      subtitle={t('developers.keysSubtitle')}
      addLabel={t('developers.keyAdd')}
      onAdd={() => setAdding(true)}
    >
      <DataTable
        label={t('developers.keysTable')}
        rows={keys.data ?? []}
        rowKey={(key) => key.id}
        columns={columns}
        emptyText={keys.isPending ? t('common.loading') : t('developers.keysEmpty')}
        headClassName="px-3"
        emptyClassName="px-3"
      />
      <ApiKeyDialog open={adding} onClose={() => setAdding(false)} onCreated={setMade} />
      <SecretDialog
        secret={made?.key ?? null}
        title={t('developers.keyShownOnceTitle')}
        description={t('developers.keyShownOnce')}
        onClose={() => setMade(null)}
      />
      <ConfirmRemovalDialog
        item={revoking}
        remove={(key) => revoke.mutateAsync(key.id)}
        removed={() => ({ title: t('developers.keyRevoked') })}
        onFailure={(error) => toastFailure(t('developers.keyRevokeFailed'), error)}
        onClose={() => setRevoking(null)}
        title={t('developers.revokeTitle')}
        description={t('developers.revokeDescription', { name: revoking?.name ?? '' })}
        pending={revoke.isPending}
      />
    </ListSection>
  );
}
