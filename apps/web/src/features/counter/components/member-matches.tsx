import { type MemberRow, personName } from '@loyalty/contracts';
import { Button } from '@/components/ui/button';
import { maskPhone } from '@/components/verification/mask-phone';
import { useT } from '@/lib/i18n/use-t';

/**
 * The members a name matched, to pick the one at the till: name, membership code and the phone masked as the
 * verification screen masks it (docs/spec/access-and-identity.md §2), so the screen does not show it whole.
 */
export function MemberMatches({
  matches,
  total,
  onPick,
}: {
  matches: readonly MemberRow[];
  total: number;
  onPick: (member: MemberRow) => void;
}) {
  const t = useT();
  return (
    <section aria-labelledby="counter-matches-title" className="grid gap-2 rounded-md border p-3">
      <h2 id="counter-matches-title" className="font-medium text-sm">
        {t('counter.matchesTitle')}
      </h2>
      <ul className="grid gap-1">
        {matches.map((m) => (
          <li key={m.userId}>
            <Button
              type="button"
              variant="ghost"
              className="h-auto w-full justify-start gap-3 whitespace-normal px-2 py-1.5 text-left"
              onClick={() => onPick(m)}
            >
              <span className="min-w-0 flex-1 font-medium">{personName(m)}</span>
              <span className="font-mono text-sm">{m.membershipCode}</span>
              {m.phone && <span className="text-muted-foreground text-sm tabular-nums">{maskPhone(m.phone)}</span>}
            </Button>
          </li>
        ))}
      </ul>
      {total > matches.length && (
        <p className="text-muted-foreground text-xs">{t('counter.matchesMore', { count: total - matches.length })}</p>
      )}
    </section>
  );
}
