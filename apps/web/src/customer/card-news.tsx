import type { CardMessage } from '@loyalty/contracts';
import { formatDate } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';

/**
 * The latest message the business sent the member (docs/design.md §9, the message log), as the pass's "Latest news"
 * shows it: the server picks its text in the member's language. A new one replaces it while the page is open.
 */
export function CardNews({ message }: { message: CardMessage }) {
  const t = useT();
  return (
    <section aria-labelledby="card-news" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="card-news" className="text-sm font-semibold text-zinc-600">
        {t('customer.latestNews')}
      </h2>
      <p data-testid="card-news" className="mt-1 whitespace-pre-line break-words">
        {message.text}
      </p>
      <p className="mt-1 text-xs text-zinc-600">{formatDate(message.sentAt)}</p>
    </section>
  );
}
