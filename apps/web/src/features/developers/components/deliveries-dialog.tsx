import type { Delivery, Webhook } from '@loyalty/contracts';
import * as React from 'react';
import { type Column, DataTable } from '@/components/list-kit/data-table';
import { Pager } from '@/components/pager';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { formatDateTime } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { useDeliveries } from '../api/get-deliveries';
import { useRetryDelivery } from '../api/retry-delivery';
import { DELIVERY_STATUS_LABELS } from '../developers-labels';

const CELL = 'px-3 py-2';
const VARIANT = { PENDING: 'outline', SUCCEEDED: 'secondary', FAILED: 'destructive' } as const;

/** An endpoint's deliveries, newest first: event, status, time, last response code, and Resend. */
export function DeliveriesDialog({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const t = useT();
  const [page, setPage] = React.useState(0);
  const deliveries = useDeliveries(webhook?.id ?? null, page);
  const retry = useRetryDelivery(webhook?.id ?? '');
  React.useEffect(() => {
    if (webhook) setPage(0);
  }, [webhook]);

  const resend = async (delivery: Delivery) => {
    try {
      await retry.mutateAsync(delivery.id);
      toast({ title: t('developers.resent') });
    } catch (error) {
      toastFailure(t('developers.resendFailed'), error);
    }
  };

  const columns: Column<Delivery>[] = [
    { header: t('developers.event'), cell: (d) => d.eventType, className: `${CELL} font-mono text-xs` },
    {
      header: t('developers.status'),
      cell: (d) => <Badge variant={VARIANT[d.status]}>{t(DELIVERY_STATUS_LABELS[d.status])}</Badge>,
      className: CELL,
    },
    {
      header: t('developers.time'),
      cell: (d) => formatDateTime(d.lastAttemptAt ?? d.createdAt),
      className: `${CELL} whitespace-nowrap`,
    },
    { header: t('developers.attempts'), cell: (d) => d.attempts, className: CELL },
    {
      header: t('developers.responseCode'),
      cell: (d) => d.responseCode ?? '—', // i18n-ignore: a dash for no answer
      className: CELL,
      cellProps: (d) => ({ title: d.lastError ?? undefined }),
    },
    {
      header: t('developers.actions'),
      cell: (d) => (
        <Button variant="outline" size="sm" disabled={retry.isPending} onClick={() => resend(d)}>
          {t('developers.resend')}
        </Button>
      ),
      className: CELL,
    },
  ];

  const data = deliveries.data;
  return (
    <Dialog open={webhook !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('developers.deliveriesTitle')}</DialogTitle>
          <DialogDescription className="break-all font-mono text-xs">{webhook?.url}</DialogDescription>
        </DialogHeader>
        <DataTable
          label={t('developers.deliveriesTable')}
          rows={data?.content ?? []}
          rowKey={(d) => d.id}
          columns={columns}
          emptyText={deliveries.isPending ? t('common.loading') : t('developers.deliveriesEmpty')}
          headClassName="px-3"
          emptyClassName="px-3"
        />
        {data && data.totalPages > 1 && (
          <Pager page={page} totalPages={data.totalPages} last={data.last} onPageChange={setPage} />
        )}
      </DialogContent>
    </Dialog>
  );
}
