import type { Reward } from '@loyalty/contracts';
import { PlusIcon } from 'lucide-react';
import * as React from 'react';
import { ConfirmRemovalDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { failureMessage } from '@/lib/api-error';
import { toastFailure } from '@/lib/failure-toast';
import { useT } from '@/lib/i18n/use-t';
import { rewardName } from '@/lib/reward-text';
import { useCanWrite } from '@/lib/workspace-context';
import { useDeleteReward } from './api/delete-reward';
import { useRewards } from './api/get-rewards';
import { RewardFormDialog } from './components/reward-form-dialog';
import { RewardsTable } from './components/rewards-table';

/** Which dialog is open (one at a time). */
type Open = { kind: 'edit'; target: Reward | 'new' } | { kind: 'delete'; reward: Reward } | null;

/** /rewards: what points buy by name (docs/design.md §9). Every role reads; owners and admins add, edit and delete. */
export function RewardsPage() {
  const t = useT();
  const canWrite = useCanWrite();
  const rewards = useRewards();
  const remove = useDeleteReward();
  const [open, setOpen] = React.useState<Open>(null);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="font-bold text-2xl tracking-tight">{t('rewards.title')}</h1>
          <p className="text-muted-foreground">{t('rewards.subtitle')}</p>
        </div>
        {canWrite && (
          <Button onClick={() => setOpen({ kind: 'edit', target: 'new' })}>
            <PlusIcon aria-hidden="true" />
            {t('rewards.add')}
          </Button>
        )}
      </div>
      {rewards.isError && <p role="alert">{failureMessage(rewards.error)}</p>}
      <RewardsTable
        rewards={rewards.data ?? []}
        loading={rewards.isPending}
        canWrite={canWrite}
        onEdit={(reward) => setOpen({ kind: 'edit', target: reward })}
        onDelete={(reward) => setOpen({ kind: 'delete', reward })}
      />
      <RewardFormDialog
        target={open?.kind === 'edit' ? open.target : null}
        onClose={() => setOpen((current) => (current?.kind === 'edit' ? null : current))}
      />
      <ConfirmRemovalDialog
        item={open?.kind === 'delete' ? open.reward : null}
        remove={(reward) => remove.mutateAsync(reward.id)}
        removed={() => ({ title: t('rewards.deleted') })}
        onFailure={(error) => toastFailure(t('rewards.deleteFailed'), error)}
        onClose={() => setOpen(null)}
        title={t('rewards.deleteTitle')}
        description={t('rewards.deleteDescription', { name: open?.kind === 'delete' ? rewardName(open.reward) : '' })}
        pending={remove.isPending}
      />
    </div>
  );
}
