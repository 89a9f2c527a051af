import type { TierReviewInfo } from '@loyalty/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { TierReviewNote } from './tier-review-note';

const review: TierReviewInfo = {
  basis: 'ROLLING_MONTHS',
  nextReviewAt: '2026-12-01T00:00:00.000Z',
  qualifyingSpend: 300,
  keepSpend: 500,
  spendToKeep: 200,
  graceUntil: null,
};

describe('tier review note (counter, member dialog)', () => {
  afterEach(() => act(() => setLocale('en')));

  it('says what keeps the tier at the next review, or that it is kept, or when a grace period ends', async () => {
    const { rerender } = render(<TierReviewNote review={review} />);
    expect(screen.getByTestId('tier-review')).toHaveTextContent(
      /^Next review Dec 1, 2026: spend \$200\.00 more to keep this level$/,
    );
    rerender(<TierReviewNote review={{ ...review, spendToKeep: 0, qualifyingSpend: 800 }} />);
    expect(screen.getByTestId('tier-review')).toHaveTextContent('Next review Dec 1, 2026: this level is kept');
    rerender(<TierReviewNote review={{ ...review, graceUntil: '2026-12-20T00:00:00.000Z' }} />);
    expect(screen.getByTestId('tier-review')).toHaveTextContent(
      'Moves down after Dec 20, 2026 unless $200.00 more is spent',
    );
    await act(() => setLocale('zh-Hant'));
    expect(screen.getByTestId('tier-review')).toHaveTextContent(
      '除非再消費 $200.00，否則將於 2026年12月20日 後調低會員等級',
    );
  });
});
