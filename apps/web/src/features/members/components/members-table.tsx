import type { MemberRow } from '@loyalty/contracts';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatPoints, fullName, initials, levelVariant, MEMBERS_TEXT, statusLabel } from '../members-labels';

type Props = {
  members: MemberRow[];
  onOpen: (member: MemberRow) => void;
  /** Admin and owner only; staff sees no row actions. */
  actions: { onEdit: (member: MemberRow) => void; onDelete: (member: MemberRow) => void } | null;
};

const HEADERS = ['Member', 'Membership Code', 'Membership Level', 'Points Balance', 'Status'];

/** Spec: Member (initials avatar, full name, email or phone), Membership Code, Level badge, Points, Status. */
export function MembersTable({ members, onOpen, actions }: Props) {
  const columns = actions ? [...HEADERS, 'Actions'] : HEADERS;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe)
    <div role="region" aria-label="Members table" tabIndex={0} className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <thead className="[&_tr]:border-b">
          <tr>
            {columns.map((label) => (
              <th key={label} scope="col" className="h-10 whitespace-nowrap px-3 text-left font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {members.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="h-24 text-center text-muted-foreground">
                {MEMBERS_TEXT.empty}
              </td>
            </tr>
          ) : (
            members.map((m) => (
              <tr key={m.userId} className="border-b last:border-0 hover:bg-muted/50">
                <td className="px-3 py-2">
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
                </td>
                <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{m.membershipCode}</td>
                <td className="px-3 py-2">
                  <Badge variant={levelVariant(m.membershipLevelName)}>{m.membershipLevelName ?? 'No tier'}</Badge>
                </td>
                <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatPoints(m.pointsBalance)}</td>
                <td className="px-3 py-2">
                  <Badge variant={m.status === 'active' ? 'default' : 'outline'}>{statusLabel(m.status)}</Badge>
                </td>
                {actions && (
                  <td className="whitespace-nowrap px-3 py-2">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${fullName(m)}`}
                      onClick={() => actions.onEdit(m)}
                    >
                      <PencilIcon aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${fullName(m)}`}
                      onClick={() => actions.onDelete(m)}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </td>
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
