import type { MemberRow } from '@loyalty/contracts';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { type Column, DataTable } from '@/components/list-kit/data-table';
import { RowActionButton } from '@/components/row-action-button';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { localizedName } from '@/lib/i18n/localized-name';
import { type Translate, useT } from '@/lib/i18n/use-t';
import { formatPoints, fullName, initials, levelVariant, MEMBERS_TEXT, statusLabel } from '../members-labels';

type Actions = { onEdit: (member: MemberRow) => void; onDelete: (member: MemberRow) => void };

type Props = {
  members: MemberRow[];
  onOpen: (member: MemberRow) => void;
  /** Admin and owner only; staff sees no row actions. */
  actions: Actions | null;
};

const CELL = 'px-3 py-2';
const NOWRAP = 'whitespace-nowrap px-3 py-2';

/** Spec: Member (initials avatar, full name, email or phone), Membership Code, Level badge, Points, Status. */
function columns(onOpen: Props['onOpen'], actions: Actions | null, t: Translate): Column<MemberRow>[] {
  const shown: Column<MemberRow>[] = [
    {
      header: t('members.member'),
      className: CELL,
      cell: (m) => (
        <div className="flex items-center gap-3">
          <Avatar>
            <AvatarFallback className="font-medium text-xs">{initials(m)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <button
              type="button"
              className="font-medium underline-offset-4 hover:underline focus-visible:underline"
              onClick={() => onOpen(m)}
            >
              {fullName(m)}
            </button>
            <div className="truncate text-muted-foreground text-xs">{m.email || m.phone}</div>
          </div>
        </div>
      ),
    },
    { header: t('members.code'), className: `${NOWRAP} font-mono text-xs`, cell: (m) => m.membershipCode },
    {
      header: t('members.level'),
      className: CELL,
      cell: (m) => (
        <Badge variant={levelVariant(m.membershipLevelName)}>
          {m.membershipLevelName
            ? localizedName(m.membershipLevelName, m.membershipLevelNameZh, m.membershipLevelNameCn)
            : t('members.noTier')}
        </Badge>
      ),
    },
    {
      header: t('members.pointsBalance'),
      className: `${NOWRAP} tabular-nums`,
      cell: (m) => formatPoints(m.pointsBalance),
    },
    {
      header: t('members.status'),
      className: CELL,
      cell: (m) => <Badge variant={m.status === 'active' ? 'default' : 'outline'}>{statusLabel(m.status)}</Badge>,
    },
  ];
  if (!actions) return shown;
  const actionsColumn: Column<MemberRow> = {
    header: t('members.actions'),
    className: NOWRAP,
    cell: (m) => (
      <>
        <RowActionButton
          icon={PencilIcon}
          label={t('members.editWho', { name: fullName(m) })}
          variant="ghost"
          size="icon"
          onClick={() => actions.onEdit(m)}
        />
        <RowActionButton
          icon={Trash2Icon}
          label={t('members.deleteWho', { name: fullName(m) })}
          variant="ghost"
          size="icon"
          onClick={() => actions.onDelete(m)}
        />
      </>
    ),
  };
  return [...shown, actionsColumn];
}

export function MembersTable({ members, onOpen, actions }: Props) {
  const t = useT();
  return (
    <DataTable
      label={t('members.tableLabel')}
      rows={members}
      rowKey={(m) => m.userId}
      columns={columns(onOpen, actions, t)}
      emptyText={t(MEMBERS_TEXT.empty)}
      headClassName="px-3"
      emptyClassName=""
    />
  );
}
