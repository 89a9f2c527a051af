import type { CardInvite as Invite } from '@loyalty/contracts';
import QRCode from 'qrcode';
import * as React from 'react';
import { formatNumber } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';

/**
 * The member's invitation (docs/design.md §10, REFERRAL): the link to the join page with their referral code, as
 * text to share and as a QR a friend scans, and what both get once the friend, new to the business, buys first.
 */
export function CardInvite({ invite }: { invite: Invite }) {
  const t = useT();
  const [qr, setQr] = React.useState<string>();
  React.useEffect(() => {
    let live = true;
    QRCode.toString(invite.url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (svg) => live && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [invite.url]);
  return (
    <section aria-labelledby="card-invite" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="card-invite" className="text-sm font-semibold text-zinc-600">
        {t('customer.inviteTitle')}
      </h2>
      <p className="mt-1">
        {t('customer.inviteBoth', { count: invite.bonusPoints, points: formatNumber(invite.bonusPoints) })}
      </p>
      {qr ? <img src={qr} alt={t('customer.inviteQr')} className="mx-auto mt-2 h-40 w-40" /> : null}
      <p data-testid="card-invite-link" className="mt-2 break-all text-sm">
        {invite.url}
      </p>
    </section>
  );
}
