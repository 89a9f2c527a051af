import type { LedgerEntry } from '@loyalty/contracts';
import * as React from 'react';
import { Pager, pageOf } from '@/components/pager';
import { RefundForm } from '@/components/refund-form';
import { Button } from '@/components/ui/button';
import { branchNameOf, useBranches } from '@/lib/branches';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useMemberTransactions } from '../api/get-member-transactions';
import { formatDateTime, formatMoney, formatPoints, LEDGER_LABELS, ledgerReason } from '../members-labels';

const HEADERS: MessageKey[] = [
  'members.ledgerDate',
  'members.ledgerType',
  'members.ledgerPoints',
  'members.ledgerAmount',
  'members.ledgerReason',
  'members.ledgerActions',
];

/** What can still be refunded of a purchase not reversed; null when nothing (or it is no purchase). */
const refundable = (e: LedgerEntry): number | null => {
  if (e.type !== 'PURCHASE' || e.reversedById || e.amount === null) return null;
  const left = Math.round((e.amount - (e.refundedAmount ?? 0)) * 100) / 100;
  return left > 0 ? left : null;
};

/** The member's points ledger, newest first, paged. */
export function MemberLedger({ memberId, balance }: { memberId: string; balance: number }) {
  const [page, setPage] = React.useState(0);
  const [refunding, setRefunding] = React.useState<string | null>(null);
  const query = useMemberTransactions(memberId, page);
  const rows = query.data?.content ?? [];
  const t = useT();
  // Where each entry was recorded, for a business with branches (docs/design.md §10).
  const branches = useBranches();
  const tableLabel = t('members.ledgerTableLabel');
  return (
    <section aria-labelledby="ledger-heading" className="grid gap-2">
      <h3 id="ledger-heading" className="font-medium text-sm">
        {t('members.ledgerTitle')}
      </h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe) */}
      <div role="region" aria-label={tableLabel} tabIndex={0} className="overflow-x-auto rounded-md border">
        <table className="w-full text-sm">
          <thead className="border-b">
            <tr>
              {HEADERS.map((h) => (
                <th key={h} scope="col" className="h-9 whitespace-nowrap px-3 text-left font-medium">
                  {t(h)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {query.isError ? (
              <tr>
                <td colSpan={HEADERS.length} className="h-16 text-center text-destructive">
                  {t('members.ledgerFailed')}
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={HEADERS.length} className="h-16 text-center text-muted-foreground">
                  {query.isPending ? t('common.loading') : t('members.ledgerEmpty')}
                </td>
              </tr>
            ) : (
              rows.map((e) => {
                const left = refundable(e);
                return (
                  <React.Fragment key={e.id}>
                    <tr className="border-b last:border-0">
                      <td className="whitespace-nowrap px-3 py-1.5">{formatDateTime(e.createdAt)}</td>
                      <td className="px-3 py-1.5">
                        {LEDGER_LABELS[e.type] ? t(LEDGER_LABELS[e.type]) : e.type}
                        {/* The business's order (a purchase's own, or the one a refund gives back), where staff look. */}
                        {e.orderId && (
                          <span className="block break-all text-muted-foreground text-xs">
                            {t('members.ledgerOrder', { orderId: e.orderId })}
                          </span>
                        )}
                        {branchNameOf(branches.data, e.branchId) && (
                          <span className="block text-muted-foreground text-xs">
                            {t('members.ledgerBranch', { name: branchNameOf(branches.data, e.branchId) })}
                          </span>
                        )}
                      </td>
                      <td
                        className={`whitespace-nowrap px-3 py-1.5 tabular-nums ${e.points < 0 ? 'text-destructive' : ''}`}
                      >
                        {e.points > 0 ? '+' : ''}
                        {formatPoints(e.points)}
                      </td>
                      <td className="whitespace-nowrap px-3 py-1.5 tabular-nums">
                        {e.amount === null ? '' : formatMoney(e.amount)}
                      </td>
                      <td className="px-3 py-1.5 text-muted-foreground">
                        {ledgerReason(e)}
                        {/* What staff noted on a purchase is data, shown as typed. */}
                        {e.note && <span className="block break-words">{e.note}</span>}
                      </td>
                      <td className="px-3 py-1">
                        {left !== null && refunding !== e.id && (
                          <Button type="button" size="sm" variant="outline" onClick={() => setRefunding(e.id)}>
                            {t('members.refund')}
                          </Button>
                        )}
                      </td>
                    </tr>
                    {left !== null && refunding === e.id && (
                      <tr className="border-b last:border-0">
                        <td colSpan={HEADERS.length} className="px-3 py-2">
                          <RefundForm
                            memberId={memberId}
                            entryId={e.id}
                            left={left}
                            orderId={e.orderId ?? null}
                            purchase={{ amount: e.amount ?? 0, points: e.points, refunded: e.refundedAmount ?? 0 }}
                            balance={balance}
                            onDone={() => setRefunding(null)}
                            onCancel={() => setRefunding(null)}
                          />
                        </td>
                      </tr>
                    )}
                  </React.Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} {...pageOf(query)} onPageChange={setPage} />
    </section>
  );
}
