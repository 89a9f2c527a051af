import { type StaffActivityQuery, type StaffActivityRow, staffActivityQuerySchema } from '@loyalty/contracts';
import { DownloadIcon } from 'lucide-react';
import * as React from 'react';
import { BranchFilter } from '@/components/branch-filter';
import { DateField } from '@/components/date-field';
import { type Column, DataTable } from '@/components/list-kit/data-table';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { failureMessage } from '@/lib/api-error';
import { useBusinessProfile } from '@/lib/business-profile';
import { toastFailure } from '@/lib/failure-toast';
import { formatMoney, formatNumber } from '@/lib/i18n/format';
import { timeZoneName } from '@/lib/i18n/time-zone-names';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';
import { ActivityTabs } from './activity-tabs';
import { useDownloadStaffActivity, useStaffActivity } from './api/get-staff-activity';

const NUMBER_CELL = 'whitespace-nowrap px-3 py-2 text-right tabular-nums';

/**
 * This month so far in the business's time zone (the browser's when it is not known): the range an owner most
 * often asks about, in the days the report counts (a browser elsewhere would otherwise ask for yesterday).
 */
function thisMonth(timeZone: string | undefined, now = new Date()): StaffActivityQuery {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  const month = `${part('year')}-${part('month')}`;
  return { from: `${month}-01`, to: `${month}-${part('day')}` };
}

const ROLE_LABELS = {
  owner: 'users.roleOwner',
  admin: 'users.roleAdmin',
  staff: 'users.roleStaff',
} as const;

/**
 * /activity/staff: what each team member recorded over the days chosen (purchases and their amount, points
 * issued, redemptions, reversals, refunds), with the same figures as a CSV download. Owners and admins only.
 */
export function StaffActivityPage() {
  const t = useT();
  const profile = useBusinessProfile();
  const [chosen, setRange] = React.useState<StaffActivityQuery | null>(null);
  const [branchId, setBranchId] = React.useState('');
  const range = chosen ?? (profile.data || profile.isError ? thisMonth(profile.data?.timeZone) : { from: '', to: '' });
  const ready = chosen !== null || !profile.isPending;
  // The contract's own rules (a real date, the end not before the start, at most a year) at the field.
  const parsed = ready ? staffActivityQuerySchema.safeParse({ ...range, ...(branchId ? { branchId } : {}) }) : null;
  const errors: Partial<Record<'from' | 'to', string>> = {};
  if (parsed && !parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = translateText(issue.message);
    }
  const valid = parsed?.success ? parsed.data : null;
  const query = useStaffActivity(valid);
  const download = useDownloadStaffActivity();

  const columns: Column<StaffActivityRow>[] = [
    {
      header: t('staffActivity.member'),
      cell: (r) => (
        <div className="grid">
          <span className="font-medium">{r.name}</span>
          <span className="text-muted-foreground text-xs">
            {r.role ? t(ROLE_LABELS[r.role]) : t('staffActivity.formerMember')}
          </span>
        </div>
      ),
      className: 'px-3 py-2',
    },
    { header: t('staffActivity.purchases'), cell: (r) => formatNumber(r.purchases), className: NUMBER_CELL },
    { header: t('staffActivity.amount'), cell: (r) => formatMoney(r.amount), className: NUMBER_CELL },
    { header: t('staffActivity.points'), cell: (r) => formatNumber(r.points), className: NUMBER_CELL },
    { header: t('staffActivity.redemptions'), cell: (r) => formatNumber(r.redemptions), className: NUMBER_CELL },
    { header: t('staffActivity.reversals'), cell: (r) => formatNumber(r.reversals), className: NUMBER_CELL },
    { header: t('staffActivity.refunds'), cell: (r) => formatNumber(r.refunds), className: NUMBER_CELL },
  ];

  const dateField = (field: 'from' | 'to', label: string) => (
    <DateField
      id={`staff-activity-${field}`}
      label={label}
      className="gap-1"
      required
      value={range[field]}
      onChange={(value) => setRange({ ...range, [field]: value })}
      error={errors[field]}
    />
  );

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader text={{ title: t('activity.title'), subtitle: t('staffActivity.subtitle'), add: '' }} onAdd={null} />
      <ActivityTabs />
      <div className="flex flex-wrap items-start gap-3">
        {dateField('from', t('activity.from'))}
        {dateField('to', t('activity.to'))}
        <div className="mt-[1.125rem]">
          <BranchFilter id="staff-activity-branch" value={branchId} onChange={setBranchId} />
        </div>
        <Button
          variant="outline"
          className="mt-[1.125rem]"
          disabled={!valid || download.isPending}
          onClick={() =>
            valid &&
            download.mutate(valid, {
              onError: (error) => toastFailure(t('import.exportFailed'), error),
            })
          }
        >
          <DownloadIcon aria-hidden="true" />
          {download.isPending ? t('import.exporting') : t('staffActivity.download')}
        </Button>
      </div>
      {query.isError && !query.data ? (
        <div role="alert" className="rounded-md border border-destructive/50 p-4 text-destructive">
          <p className="font-medium">{t('staffActivity.failed')}</p>
          <p className="text-sm">{failureMessage(query.error)}</p>
        </div>
      ) : !query.data ? (
        <p role="status" className="text-muted-foreground">
          {t('staffActivity.loading')}
        </p>
      ) : (
        <>
          <DataTable
            label={t('staffActivity.table')}
            rows={query.data.rows}
            rowKey={(r) => r.userId}
            columns={columns}
            emptyText={t('staffActivity.empty')}
            headClassName="px-3 [&:not(:first-child)]:text-right"
            emptyClassName="px-3"
          />
          <p className="text-muted-foreground text-xs">
            {t('staffActivity.note', { timeZone: timeZoneName(query.data.timeZone) })}
          </p>
        </>
      )}
    </div>
  );
}
