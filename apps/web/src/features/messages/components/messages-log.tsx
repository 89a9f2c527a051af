import type { Message } from '@loyalty/contracts';
import { type Column, DataTable } from '@/components/list-kit/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-error';
import { activeLocale, type MessageKey } from '@/lib/i18n/i18n';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { useCancelMessage } from '../api/cancel-message';
import { useMessages } from '../api/get-messages';
import { usePromotions } from '../api/get-promotions';

const CELL = 'px-3 py-2';
const STATE_LABELS: Record<Message['state'], MessageKey> = {
  SCHEDULED: 'messages.state.scheduled',
  SENDING: 'messages.state.sending',
  SENT: 'messages.state.sent',
  CANCELLED: 'messages.state.cancelled',
};

/** What happened to each message, filling as the queue works: targeted, passes, pushes, Google notices, failures. */
export function MessagesLog() {
  const t = useT();
  const messages = useMessages();
  const cancel = useCancelMessage();
  const promotions = usePromotions();
  const promotionOf = (id: string | null) => (id ? promotions.data?.find((p) => p.id === id) : undefined);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(activeLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const number = (n: number) => new Intl.NumberFormat(activeLocale()).format(n);
  const columns: Column<Message>[] = [
    { header: t('messages.log.when'), cell: (m) => when(m.sentAt ?? m.sendAt), className: `${CELL} whitespace-nowrap` },
    {
      header: t('messages.log.text'),
      cell: (m) => {
        const promotion = promotionOf(m.promotionId);
        return (
          <>
            {m.text}
            {promotion && (
              <span className="block text-muted-foreground text-xs">
                {t('messages.log.promotion', {
                  name: localizedName(promotion.name, promotion.nameZh, promotion.nameCn),
                })}
              </span>
            )}
          </>
        );
      },
      className: `${CELL} min-w-48 max-w-80`,
    },
    {
      header: t('messages.log.state'),
      cell: (m) => (
        <Badge variant={m.state === 'CANCELLED' ? 'outline' : 'secondary'}>{t(STATE_LABELS[m.state])}</Badge>
      ),
      className: CELL,
    },
    { header: t('messages.log.targeted'), cell: (m) => number(m.targeted), className: `${CELL} text-right` },
    { header: t('messages.log.passesUpdated'), cell: (m) => number(m.passesUpdated), className: `${CELL} text-right` },
    { header: t('messages.log.applePushes'), cell: (m) => number(m.applePushes), className: `${CELL} text-right` },
    {
      header: t('messages.log.googleNotified'),
      cell: (m) => number(m.googleNotified),
      className: `${CELL} text-right`,
    },
    { header: t('messages.log.googleQuiet'), cell: (m) => number(m.googleQuiet), className: `${CELL} text-right` },
    { header: t('messages.log.failed'), cell: (m) => number(m.failed), className: `${CELL} text-right` },
    {
      header: t('messages.log.actions'),
      cell: (m) =>
        m.state === 'SCHEDULED' ? (
          <Button
            variant="outline"
            size="sm"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(m.id, {
                onError: (error) => toast({ variant: 'destructive', title: failureMessage(error) }),
              })
            }
          >
            {t('messages.log.cancel')}
          </Button>
        ) : null,
      className: CELL,
    },
  ];
  return (
    <DataTable
      label={t('messages.log.title')}
      rows={messages.data ?? []}
      rowKey={(m) => m.id}
      columns={columns}
      emptyText={messages.isError ? t('messages.log.failedToLoad') : t('messages.log.empty')}
      // Nine columns at 1366 px: the counts' headers wrap onto two lines instead of widening the table.
      headClassName="px-3 py-2 whitespace-normal align-bottom"
      emptyClassName="px-3 py-6 text-center text-muted-foreground"
    />
  );
}
