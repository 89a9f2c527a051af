import * as React from 'react';
import { Pager, pageOf } from '@/components/pager';
import { useMemberTransactions } from '../api/get-member-transactions';
import { formatDateTime, formatMoney, formatPoints, LEDGER_LABELS } from '../members-labels';

/** The member's points ledger, newest first, paged. */
export function MemberLedger({ memberId }: { memberId: string }) {
  const [page, setPage] = React.useState(0);
  const query = useMemberTransactions(memberId, page);
  const rows = query.data?.content ?? [];
  return (
    <section aria-labelledby="ledger-heading" className="grid gap-2">
      <h3 id="ledger-heading" className="font-medium text-sm">
        Points history
      </h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe) */}
      <div role="region" aria-label="Points history table" tabIndex={0} className="overflow-x-auto rounded-md border">
        <table className="w-full text-sm">
          <thead className="border-b">
            <tr>
              {['Date', 'Type', 'Points', 'Amount', 'Reason'].map((h) => (
                <th key={h} scope="col" className="h-9 whitespace-nowrap px-3 text-left font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {query.isError ? (
              <tr>
                <td colSpan={5} className="h-16 text-center text-destructive">
                  Failed to load the points history
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="h-16 text-center text-muted-foreground">
                  {query.isPending ? 'Loading…' : 'No points activity yet'}
                </td>
              </tr>
            ) : (
              rows.map((e) => (
                <tr key={e.id} className="border-b last:border-0">
                  <td className="whitespace-nowrap px-3 py-1.5">{formatDateTime(e.createdAt)}</td>
                  <td className="px-3 py-1.5">{LEDGER_LABELS[e.type]}</td>
                  <td
                    className={`whitespace-nowrap px-3 py-1.5 tabular-nums ${e.points < 0 ? 'text-destructive' : ''}`}
                  >
                    {e.points > 0 ? '+' : ''}
                    {formatPoints(e.points)}
                  </td>
                  <td className="whitespace-nowrap px-3 py-1.5 tabular-nums">
                    {e.amount === null ? '' : formatMoney(e.amount)}
                  </td>
                  <td className="px-3 py-1.5 text-muted-foreground">{e.reason ?? ''}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} {...pageOf(query)} onPageChange={setPage} />
    </section>
  );
}
