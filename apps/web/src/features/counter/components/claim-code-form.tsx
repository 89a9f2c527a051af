import { normaliseClaimCode, type RedeemAnswer } from '@loyalty/contracts';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { failureMessage } from '@/lib/api-error';
import { formatNumber } from '@/lib/i18n/format';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { useRedeemClaim } from '../api/rewards';

/**
 * A reward code the customer shows on the phone (claimed on their card page), typed or scanned, then Enter.
 * One Idempotency-Key per code, so a second Enter for the same code replays instead of answering "used".
 */
export function ClaimCodeForm() {
  const t = useT();
  const redeem = useRedeemClaim();
  const [code, setCode] = React.useState('');
  const [done, setDone] = React.useState<RedeemAnswer | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const typed = normaliseClaimCode(code);
    if (!typed) return;
    setError(null);
    setDone(null);
    try {
      setDone(await redeem.mutateAsync({ code: typed, key: `claim-${typed}` }));
      setCode('');
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };
  return (
    <form onSubmit={submit} className="grid gap-2 rounded-md border p-4" noValidate>
      <Label htmlFor="counter-claim-code">{t('rewards.claimCode')}</Label>
      <div className="flex gap-2">
        <Input
          id="counter-claim-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono uppercase"
          aria-describedby="counter-claim-hint"
        />
        <Button type="submit" disabled={redeem.isPending}>
          {t('rewards.redeem')}
        </Button>
      </div>
      <p id="counter-claim-hint" className="text-muted-foreground text-xs">
        {t('rewards.claimCodeHint')}
      </p>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="text-sm">
          {t('rewards.claimDone', {
            reward: localizedName(
              done.redemption.rewardName,
              done.redemption.rewardNameZh,
              done.redemption.rewardNameCn,
            ),
            code: done.redemption.code,
            points: formatNumber(done.pointsBalance),
          })}
        </p>
      )}
    </form>
  );
}
