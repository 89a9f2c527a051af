import { translateText } from '@/lib/i18n/translate-text';

/** The one message of a pair of fields (docs/spec/data-screens.md §5 names the pair, not each field). */
export function PairError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-destructive text-sm">
      {translateText(message)}
    </p>
  );
}
