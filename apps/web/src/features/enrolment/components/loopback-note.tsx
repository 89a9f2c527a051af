import { useT } from '@/lib/i18n/use-t';

/** True when the join URL names this computer (localhost, 127.x, ::1): a customer's phone cannot open it. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * Says, above the link and poster, that a loopback join URL opens on no phone and how to fix it (CUSTOMER_LISTEN
 * or PUBLIC_URL: docs/configuration.md, "A phone on your network"); nothing for any other address.
 */
export function LoopbackNote({ joinUrl }: { joinUrl: string }) {
  const translate = useT();
  if (!isLoopbackUrl(joinUrl)) return null;
  return (
    <div
      role="note"
      aria-labelledby="enrolment-loopback-title"
      className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:bg-amber-950/30"
    >
      <p id="enrolment-loopback-title" className="font-medium">
        {translate('enrolment.loopbackTitle')}
      </p>
      <p>{translate('enrolment.loopbackNote', { host: new URL(joinUrl).host })}</p>
    </div>
  );
}
