import { CheckIcon } from 'lucide-react';

/**
 * A stamp card drawn as it is (docs/design.md §10): one circle per stamp of the card, the first `stamps` filled, up to
 * two rows; the admin's screens, the counter and the customer's card page draw it alike. `filled` and `empty` are
 * CSS colours (the customer's page passes the business's).
 */
export function StampCardDrawing({
  stamps,
  total,
  filled = 'var(--primary)',
  empty = 'transparent',
  outline = 'currentColor',
  size = 'md',
  label,
}: {
  /** What the drawing says to a screen reader ("3 of 8 stamps"), in the page's own catalogue. */
  label: string;
  stamps: number;
  total: number;
  filled?: string;
  empty?: string;
  outline?: string;
  size?: 'sm' | 'md';
}) {
  const perRow = total > 10 ? Math.ceil(total / 2) : total;
  // Sizes inline: the customer pages' stylesheet holds only their own classes (customer.css).
  const dot = size === 'sm' ? 28 : 36;
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="stamp-card"
      data-stamps={stamps}
      data-total={total}
      style={{
        display: 'grid',
        width: '100%',
        maxWidth: perRow * dot + (perRow - 1) * 8,
        gap: 8,
        gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))`,
      }}
    >
      {Array.from({ length: total }, (_, i) => {
        const on = i < stamps;
        return (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a card's places are its positions
            key={i}
            data-filled={on}
            style={{
              width: '100%',
              aspectRatio: '1 / 1',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              borderRadius: '9999px',
              borderStyle: 'solid',
              borderWidth: 2,
              background: on ? filled : empty,
              borderColor: on ? filled : outline,
            }}
          >
            {on ? <CheckIcon width={16} height={16} color="#ffffff" aria-hidden="true" /> : null}
          </span>
        );
      })}
    </div>
  );
}
