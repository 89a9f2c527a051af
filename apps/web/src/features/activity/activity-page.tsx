import { AUDIT_ACTIONS, type AuditEvent } from '@loyalty/contracts';
import * as React from 'react';
import { DateField } from '@/components/date-field';
import { type Choice, ChoiceOptions } from '@/components/form-fields';
import { Labelled } from '@/components/labelled';
import { type Column, DataTable } from '@/components/list-kit/data-table';
import { PageHeader } from '@/components/page-header';
import { Pager, pageOf } from '@/components/pager';
import { failureMessage } from '@/lib/api-error';
import { formatDateTime, formatNumber } from '@/lib/i18n/format';
import { activeLocale, t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { actionLabel, actorLabel, fieldLabel, shownField, shownValue } from './activity-labels';
import { ActivityTabs } from './activity-tabs';
import { type AuditFilters, useAudit, useAuditActors } from './api/get-audit';

const FIELD_CLASS = 'h-9 rounded-md border border-input bg-transparent px-2 text-sm dark:bg-input/30';

/**
 * The changed fields of one event, each as "field: before → after", in words: no field names, codes, ids or
 * JSON (docs/design.md §10).
 */
function Changes({ event }: { event: AuditEvent }) {
  const entries = Object.entries(event.changes).filter(([field]) => shownField(field));
  if (entries.length === 0) return <span className="text-muted-foreground">—</span>;
  const shown = (value: unknown, field: string) => shownValue(value, event, field);
  return (
    <ul className="grid gap-0.5">
      {entries.map(([field, change]) => (
        <li key={field} className="break-words">
          <span className="font-medium">{fieldLabel(field, event.targetType)}</span>
          {/* Chinese punctuation is full width (docs/glossary.md). */}
          {activeLocale() === 'en' ? ': ' : '：'}
          <span className="text-muted-foreground">{shown(change.before, field)}</span>
          {' → '}
          <span>{shown(change.after, field)}</span>
        </li>
      ))}
    </ul>
  );
}

/** What was done, and to which member (黃美玲 · M000123) when it concerns one. */
function What({ event }: { event: AuditEvent }) {
  const member = event.member;
  return (
    <div className="grid gap-0.5">
      <span className="whitespace-nowrap">{actionLabel(event.action)}</span>
      {member ? (
        <span className="text-muted-foreground text-xs">
          {member.name ? `${member.name} · ${member.membershipCode}` : member.membershipCode}
        </span>
      ) : event.targetType === 'member' && event.targetId ? (
        <span className="text-muted-foreground text-xs">{t('activity.value.formerMember')}</span>
      ) : null}
    </div>
  );
}

/** /activity (docs/design.md §8): the audit trail for owners and admins, filtered by person, action and days. */
export function ActivityPage() {
  const t = useT();
  const [filters, setFilters] = React.useState<AuditFilters>({ page: 0, actor: '', action: '', from: '', to: '' });
  const query = useAudit(filters);
  const actors = useAuditActors();
  const set = (change: Partial<AuditFilters>) => setFilters((current) => ({ ...current, page: 0, ...change }));

  const columns: Column<AuditEvent>[] = [
    {
      header: t('activity.when'),
      cell: (e) => formatDateTime(e.createdAt),
      className: 'whitespace-nowrap px-3 py-2 align-top',
    },
    {
      header: t('activity.who'),
      cell: (e) => actorLabel(e.actorType, e.actorId, e.actorName),
      className: 'px-3 py-2 align-top',
    },
    { header: t('activity.what'), cell: (e) => <What event={e} />, className: 'px-3 py-2 align-top' },
    { header: t('activity.changes'), cell: (e) => <Changes event={e} />, className: 'px-3 py-2 align-top text-xs' },
  ];

  // The four filters: who and what (a choice, or all), and the first and last day.
  const actorChoices = (actors.data ?? []).map((a) => ({ value: a.id, label: actorLabel(a.type, a.id, a.name) }));
  const actionChoices = AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(action) }));
  const select = (field: 'actor' | 'action', label: string, all: string, choices: Choice[]) => (
    <Labelled id={`activity-${field}`} label={label} className="gap-1">
      <select
        id={`activity-${field}`}
        className={FIELD_CLASS}
        value={filters[field]}
        onChange={(e) => set({ [field]: e.target.value })}
      >
        <option value="">{all}</option>
        <ChoiceOptions choices={choices} />
      </select>
    </Labelled>
  );
  const dateField = (field: 'from' | 'to', label: string) => (
    <DateField
      id={`activity-${field}`}
      label={label}
      className="gap-1"
      value={filters[field]}
      onChange={(value) => set({ [field]: value })}
    />
  );

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader text={{ title: t('activity.title'), subtitle: t('activity.subtitle'), add: '' }} onAdd={null} />
      <ActivityTabs />
      <div className="flex flex-wrap items-start gap-3">
        {select('actor', t('activity.person'), t('activity.everyone'), actorChoices)}
        {select('action', t('activity.action'), t('activity.allActions'), actionChoices)}
        {dateField('from', t('activity.from'))}
        {dateField('to', t('activity.to'))}
      </div>
      {query.isError && !query.data ? (
        <div role="alert" className="rounded-md border border-destructive/50 p-4 text-destructive">
          <p className="font-medium">{t('activity.failed')}</p>
          <p className="text-sm">{failureMessage(query.error)}</p>
        </div>
      ) : query.isPending ? (
        <p role="status" className="text-muted-foreground">
          {t('activity.loading')}
        </p>
      ) : (
        <DataTable
          label={t('activity.table')}
          rows={query.data?.content ?? []}
          rowKey={(e) => e.id}
          columns={columns}
          emptyText={t('activity.empty')}
          headClassName="px-3"
          emptyClassName="px-3"
        />
      )}
      <Pager
        page={filters.page}
        {...pageOf(query)}
        onPageChange={(page) => setFilters((current) => ({ ...current, page }))}
        summary={t('activity.count', {
          count: query.data?.totalElements ?? 0,
          total: formatNumber(query.data?.totalElements ?? 0),
        })}
      />
    </div>
  );
}
