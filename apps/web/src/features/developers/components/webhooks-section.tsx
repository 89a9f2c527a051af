import type { CreatedWebhook, Webhook } from '@loyalty/contracts';
import * as React from 'react';
import { ConfirmRemovalDialog } from '@/components/confirm-delete-dialog';
import { type Column, DataTable } from '@/components/list-kit/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toastFailure } from '@/lib/failure-toast';
import { useT } from '@/lib/i18n/use-t';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { DeliveriesDialog } from './deliveries-dialog';
import { CodeBadges, ListSection } from './list-section';
import { SecretDialog } from './secret-dialog';
import { WebhookDialog } from './webhook-dialog';

const CELL = 'px-3 py-2';

/** Which dialog of the webhooks section is open (one at a time). */
type Open =
  | { kind: 'edit'; target: Webhook | 'new' }
  | { kind: 'deliveries'; webhook: Webhook }
  | { kind: 'delete'; webhook: Webhook }
  | { kind: 'secret'; webhook: CreatedWebhook }
  | null;

/** Webhook endpoints: add (secret shown once), edit, see deliveries and resend, remove; why one was turned off. */
export function WebhooksSection() {
  const t = useT();
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const [open, setOpen] = React.useState<Open>(null);

  const columns: Column<Webhook>[] = [
    { header: t('developers.url'), cell: (w) => w.url, className: `${CELL} max-w-72 break-all font-mono text-xs` },
    {
      header: t('developers.events'),
      cell: (w) => <CodeBadges values={w.events} />,
      className: CELL,
    },
    {
      header: t('developers.status'),
      cell: (w) =>
        w.enabled ? (
          <Badge variant="secondary">{t('developers.enabled')}</Badge>
        ) : (
          <span className="grid gap-1">
            <Badge variant="destructive">{t('developers.disabled')}</Badge>
            {w.disabledReason && (
              <span className="max-w-64 text-muted-foreground text-xs">
                {t('developers.disabledBecause', { reason: w.disabledReason })}
              </span>
            )}
          </span>
        ),
      className: CELL,
    },
    {
      header: t('developers.actions'),
      cell: (w) => (
        <span className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setOpen({ kind: 'edit', target: w })}>
            {t('developers.edit')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setOpen({ kind: 'deliveries', webhook: w })}>
            {t('developers.deliveries')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setOpen({ kind: 'delete', webhook: w })}>
            {t('dialog.delete')}
          </Button>
        </span>
      ),
      className: CELL,
    },
  ];

  return (
    <ListSection
      id="webhooks"
      title={t('developers.webhooksTitle')}
      subtitle={t('developers.webhooksSubtitle')}
      addLabel={t('developers.webhookAdd')}
      onAdd={() => setOpen({ kind: 'edit', target: 'new' })}
    >
      <DataTable
        label={t('developers.webhooksTable')}
        rows={webhooks.data ?? []}
        rowKey={(w) => w.id}
        columns={columns}
        emptyText={webhooks.isPending ? t('common.loading') : t('developers.webhooksEmpty')}
        headClassName="px-3"
        emptyClassName="px-3"
      />
      <WebhookDialog
        target={open?.kind === 'edit' ? open.target : null}
        onClose={() => setOpen((current) => (current?.kind === 'edit' ? null : current))}
        onCreated={(webhook) => setOpen({ kind: 'secret', webhook })}
      />
      <DeliveriesDialog webhook={open?.kind === 'deliveries' ? open.webhook : null} onClose={() => setOpen(null)} />
      <SecretDialog
        secret={open?.kind === 'secret' ? open.webhook.secret : null}
        title={t('developers.secretShownOnceTitle')}
        description={t('developers.secretShownOnce')}
        onClose={() => setOpen(null)}
      />
      <ConfirmRemovalDialog
        item={open?.kind === 'delete' ? open.webhook : null}
        remove={(webhook) => remove.mutateAsync(webhook.id)}
        removed={() => ({ title: t('developers.webhookDeleted') })}
        onFailure={(error) => toastFailure(t('developers.webhookDeleteFailed'), error)}
        onClose={() => setOpen(null)}
        title={t('developers.webhookDeleteTitle')}
        description={t('developers.webhookDeleteDescription', { url: open?.kind === 'delete' ? open.webhook.url : '' })}
        pending={remove.isPending}
      />
    </ListSection>
  );
}
