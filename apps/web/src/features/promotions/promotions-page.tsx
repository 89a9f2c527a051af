import type { Promotion } from '@loyalty/contracts';
import { PlusIcon } from 'lucide-react';
import * as React from 'react';
import { ConfirmRemovalDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { failureMessage } from '@/lib/api-error';
import { toastFailure } from '@/lib/failure-toast';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { useCanWrite } from '@/lib/workspace-context';
import { useDeletePromotion } from './api/delete-promotion';
import { usePromotions } from './api/get-promotions';
import { PromotionFormDialog } from './components/promotion-form-dialog';
import { PromotionsTable } from './components/promotions-table';

/** Which dialog is open (one at a time). */
type Open = { kind: 'edit'; target: Promotion | 'new' } | { kind: 'delete'; promotion: Promotion } | null;

/** /promotions (docs/design.md §10): every role reads; owners and admins add, edit and delete. */
export function PromotionsPage() {
  const t = useT();
  const canWrite = useCanWrite();
  const promotions = usePromotions();
  const remove = useDeletePromotion();
  const [open, setOpen] = React.useState<Open>(null);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="font-bold text-2xl tracking-tight">{t('promotions.title')}</h1>
          <p className="text-muted-foreground">{t('promotions.subtitle')}</p>
        </div>
        {canWrite && (
          <Button onClick={() => setOpen({ kind: 'edit', target: 'new' })}>
            <PlusIcon aria-hidden="true" />
            {t('promotions.add')}
          </Button>
        )}
      </div>
      {promotions.isError && <p role="alert">{failureMessage(promotions.error)}</p>}
      <PromotionsTable
        promotions={promotions.data ?? []}
        loading={promotions.isPending}
        canWrite={canWrite}
        onEdit={(promotion) => setOpen({ kind: 'edit', target: promotion })}
        onDelete={(promotion) => setOpen({ kind: 'delete', promotion })}
      />
      <PromotionFormDialog
        target={open?.kind === 'edit' ? open.target : null}
        onClose={() => setOpen((current) => (current?.kind === 'edit' ? null : current))}
      />
      <ConfirmRemovalDialog
        item={open?.kind === 'delete' ? open.promotion : null}
        remove={(promotion) => remove.mutateAsync(promotion.id)}
        removed={() => ({ title: t('promotions.deleted') })}
        onFailure={(error) => toastFailure(t('promotions.deleteFailed'), error)}
        onClose={() => setOpen(null)}
        title={t('promotions.deleteTitle')}
        description={t('promotions.deleteDescription', {
          name:
            open?.kind === 'delete'
              ? localizedName(open.promotion.name, open.promotion.nameZh, open.promotion.nameCn)
              : '',
        })}
        pending={remove.isPending}
      />
    </div>
  );
}
