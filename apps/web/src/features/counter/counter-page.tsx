import type { CounterMember, TransactionResult } from '@loyalty/contracts';
import * as React from 'react';
import { useT } from '@/lib/i18n/use-t';
import { ClaimCodeForm } from './components/claim-code-form';
import { CounterBranchGate } from './components/counter-branch';
import { FindMemberForm } from './components/find-member-form';
import { MemberPanel } from './components/member-panel';
import { ResultPanel } from './components/result-panel';
import { RewardPanel } from './components/reward-panel';
import { StampPanel } from './components/stamp-panel';
import { TransactionForm } from './components/transaction-form';

/**
 * /counter (docs/design.md §8 Counter): find the member by card or phone, record a purchase or a redemption, reverse
 * the last one. One column on a phone, keyboard only from start to end: after every transaction the focus goes
 * back to the find field for the next customer.
 */
export function CounterPage() {
  const t = useT();
  const find = React.useRef<HTMLInputElement>(null);
  const [member, setMember] = React.useState<CounterMember | null>(null);
  const [last, setLast] = React.useState<TransactionResult | null>(null);

  const onFound = (found: CounterMember) => {
    setMember(found);
    setLast(null);
  };
  // The find field changed or a search failed: nobody is at the till until the next search finds someone.
  const onCleared = React.useCallback(() => {
    setMember(null);
    setLast(null);
  }, []);
  const onTransaction = (result: TransactionResult) => {
    setLast(result);
    setMember(
      (m) =>
        m && {
          ...m,
          pointsBalance: result.pointsBalance,
          lifetimeSpend: result.lifetimeSpend,
          tier: result.tier,
          // A purchase's stamps (docs/design.md §10): the stamp panel fills them onto the card.
          stamps: (m.stamps ?? 0) + (result.stamps ?? 0),
        },
    );
    find.current?.focus();
  };

  return (
    <div className="grid max-w-3xl gap-4">
      <div>
        <h1 className="font-bold text-2xl tracking-tight">{t('counter.title')}</h1>
        <p className="text-muted-foreground">{t('counter.subtitle')}</p>
      </div>
      <CounterBranchGate>
        <FindMemberForm inputRef={find} onFound={onFound} onCleared={onCleared} />
        {member && last && (
          // Keyed by entry: a new transaction starts without the last one's refusal.
          <ResultPanel key={last.entry.id} memberId={member.userId} result={last} onReversed={onTransaction} />
        )}
        {member && (
          // Keyed by member: a new customer starts with empty fields and fresh idempotency keys.
          <div key={member.userId} className="grid gap-4 md:grid-cols-2">
            <div className="md:col-span-2">
              <MemberPanel member={member} />
            </div>
            <TransactionForm member={member} kind="PURCHASE" onDone={onTransaction} />
            <TransactionForm member={member} kind="REDEEM" onDone={onTransaction} />
            <div className="md:col-span-2">
              {/* The stamp card (docs/design.md §10); nothing when the business has none. */}
              <StampPanel
                memberId={member.userId}
                stamps={member.stamps ?? 0}
                cardsCompleted={member.cardsCompleted ?? 0}
              />
            </div>
            <div className="md:col-span-2">
              <RewardPanel
                memberId={member.userId}
                onBalance={(pointsBalance) => setMember((m) => m && { ...m, pointsBalance })}
              />
            </div>
          </div>
        )}
        {/* After the member's forms: the keyboard goes from the find field to the amount first. */}
        <ClaimCodeForm />
      </CounterBranchGate>
    </div>
  );
}
