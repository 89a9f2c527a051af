import * as React from 'react';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { customerToken } from './customer-firebase';
import { DeleteMyCard } from './delete-my-card';
import { downloadMyData, fetchConsents, saveConsents } from './privacy-api';

/**
 * The customer's own data on the card page (docs/design.md §9; PDPO s.18–19, PIPL arts. 45, 47): their marketing
 * consent, a copy of everything the business holds of them, and deleting the card.
 */
export function CardPrivacy({ slug }: { slug: string }) {
  const t = useT();
  return (
    <section aria-labelledby="card-privacy-title" className="space-y-4 rounded-xl bg-white p-4 shadow-sm">
      <h2 id="card-privacy-title" className="text-lg font-semibold">
        {t('customer.privacyTitle')}
      </h2>
      <MarketingConsent slug={slug} />
      <DownloadMyData slug={slug} />
      <DeleteMyCard slug={slug} />
    </section>
  );
}

/** The signed-in customer's token; the card page only shows this section to someone signed in. */
async function tokenOrThrow(): Promise<string> {
  const token = await customerToken();
  if (!token) throw new Error('Not signed in'); // i18n-ignore: never shown, the caller says it in words
  return token;
}

function MarketingConsent({ slug }: { slug: string }) {
  const t = useT();
  const [granted, setGranted] = React.useState<boolean | null>(null);
  const [saving, setSaving] = React.useState(false);
  // The message's key, not its text: it follows a change of language.
  const [message, setMessage] = React.useState<{ key: MessageKey; failed: boolean }>();

  React.useEffect(() => {
    let live = true;
    tokenOrThrow()
      .then((token) => fetchConsents(slug, token))
      .then((c) => live && setGranted(c.marketingOptIn))
      .catch(() => live && setMessage({ key: 'customer.loadFailed', failed: true }));
    return () => {
      live = false;
    };
  }, [slug]);

  const change = async (next: boolean) => {
    // Shown at once, as a checkbox does; put back if the save fails.
    setGranted(next);
    setSaving(true);
    setMessage(undefined);
    try {
      const saved = await saveConsents(slug, await tokenOrThrow(), { marketingOptIn: next });
      setGranted(saved.marketingOptIn);
      setMessage({ key: 'customer.marketingSaved', failed: false });
    } catch {
      setGranted(!next);
      setMessage({ key: 'customer.marketingFailed', failed: true });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0"
          checked={granted ?? false}
          disabled={granted === null || saving}
          onChange={(event) => void change(event.target.checked)}
        />
        <span>
          <span className="block font-medium">{t('customer.marketing')}</span>
          <span className="block text-sm text-zinc-600">{t('customer.marketingHint')}</span>
        </span>
      </label>
      <p aria-live="polite" className={`mt-1 min-h-5 text-sm ${message?.failed ? 'text-red-700' : 'text-zinc-600'}`}>
        {message ? t(message.key) : null}
      </p>
    </div>
  );
}

function DownloadMyData({ slug }: { slug: string }) {
  const t = useT();
  const [busy, setBusy] = React.useState(false);
  const [failed, setFailed] = React.useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadMyData(slug, await tokenOrThrow());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <button
        type="button"
        onClick={() => void download()}
        disabled={busy}
        className="flex h-12 w-full items-center justify-center rounded-lg border border-zinc-300 bg-white px-4 font-semibold disabled:opacity-60"
      >
        {busy ? t('customer.preparing') : t('customer.downloadData')}
      </button>
      <p className="mt-1 text-sm text-zinc-600">{t('customer.downloadDataHint')}</p>
      {failed ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t('customer.loadFailed')}
        </p>
      ) : null}
    </div>
  );
}
