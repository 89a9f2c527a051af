import { normaliseClaimCode, type RedeemAnswer } from '@loyalty/contracts';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatNumber } from '@/lib/i18n/format';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { useKeyedSubmit } from '@/lib/use-keyed-submit';
import { useRedeemClaim } from '../api/rewards';
import { claimFailure } from './claim-used';

/** What went through: the answer and the code as staff typed it (the confirmation names that code). */
type Redeemed = { answer: RedeemAnswer; code: string };

/**
 * A reward code the customer shows on the phone (claimed on their card page), typed or scanned, then Enter.
 * A reward code is redeemed once in the world (docs/design.md §9 Rewards): one Idempotency-Key per intended
 * redemption, made at the first Enter and kept until the code changes or the server records it, so a second
 * Enter or a retry after a lost answer replays; a later, new entry of a used code is a new redemption, which the
 * server refuses (409 CLAIM_USED) and the form says when and by whom.
 */
export function ClaimCodeForm() {
  const t = useT();
  const redeem = useRedeemClaim();
  const [done, setDone] = React.useState<Redeemed | null>(null);
  const { error, submit, field } = useKeyedSubmit({
    clearOnDone: true,
    pending: redeem.isPending,
    parse: (value) => {
      const code = normaliseClaimCode(value);
      return code
        ? { success: true as const, data: code }
        : { success: false as const, error: { issues: [{ message: t('rewards.claimCodeMissing') }] } };
    },
    send: async (code, key) => {
      setDone(null);
      return { answer: await redeem.mutateAsync({ code, key }), code };
    },
    onDone: setDone,
    describe: claimFailure,
  });
  return (
    <form onSubmit={submit} className="grid gap-2 rounded-md border p-4" noValidate>
      <Label htmlFor="counter-claim-code">{t('rewards.claimCode')}</Label>
      <div className="flex gap-2">
        <Input
          id="counter-claim-code"
          {...field}
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono uppercase"
          aria-describedby={`counter-claim-hint${error ? ' counter-claim-error' : ''}`}
        />
        {/* Named apart from the points form's "Redeem", with the word it shows first (WCAG 2.5.3 Label in Name). */}
        <Button type="submit" disabled={redeem.isPending} aria-label={t('rewards.redeemCode')}>
          {t('rewards.redeem')}
        </Button>
      </div>
      <p id="counter-claim-hint" className="text-muted-foreground text-xs">
        {t('rewards.claimCodeHint')}
      </p>
      {error && (
        <p id="counter-claim-error" role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      {done && !error && (
        <p role="status" className="text-sm">
          {t('rewards.claimDone', {
            reward: localizedName(
              done.answer.redemption.rewardName,
              done.answer.redemption.rewardNameZh,
              done.answer.redemption.rewardNameCn,
            ),
            code: done.code,
            points: formatNumber(done.answer.pointsBalance),
          })}
        </p>
      )}
    </form>
  );
}
