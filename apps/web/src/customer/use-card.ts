import type { PublicCard } from '@loyalty/contracts';
import * as React from 'react';
import { ApiError } from '@/lib/api-error';
import { followEventStream } from '@/lib/event-stream';
import { customerToken } from './customer-firebase';
import { fetchCard } from './public-api';
import { joinPath, navigate } from './route';

export type CardState =
  | { state: 'loading' }
  | { state: 'ready'; card: PublicCard; freshAppleUrl: () => Promise<string> }
  | { state: 'notMember' }
  | { state: 'failed'; retry: () => void };

/**
 * The card's signed Apple Wallet link works for 10 minutes from when the API made it (CARD_LINK_SECONDS in the
 * API's card-links.ts); it is renewed after 9, counted on this page's own clock from the fetch, so a phone whose
 * clock is off renews on time all the same.
 */
const RENEW_AFTER_MS = 9 * 60_000;

/**
 * The signed-in customer's card, kept current while the page is open: the API's events for this card
 * (GET /api/public/card/{slug}/events) read it again when the member's points, tier or card change, a code is
 * used, a reward of the business or the latest message changes (docs/design.md §9), and the
 * wallet link is renewed before it expires, so a page left open still shows the balance and still adds the
 * pass. Nobody signed in (or a token the API refuses) goes back to the join page.
 */
export function useCard(slug: string): CardState {
  const [attempt, setAttempt] = React.useState(0);
  const [state, setState] = React.useState<CardState>({ state: 'loading' });
  const latest = React.useRef<{ card: PublicCard; at: number } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retry) loads again
  React.useEffect(() => {
    let live = true;
    const controller = new AbortController();
    let renewal: ReturnType<typeof setTimeout> | undefined;

    /**
     * Reads the card. A quiet read (an event, the link's renewal) only ever replaces the card shown: a card that
     * is gone meanwhile (deleted on this page, which shows its own farewell) is left for the next visit to say.
     */
    const load = async (quiet = false): Promise<PublicCard | null> => {
      const token = await customerToken();
      if (!live) return null;
      if (quiet && !token) return null;
      if (!token) {
        navigate(joinPath(slug), { replace: true });
        return null;
      }
      try {
        const card = await fetchCard(slug, token);
        if (!live) return null;
        latest.current = { card, at: Date.now() };
        setState({ state: 'ready', card, freshAppleUrl });
        scheduleRenewal();
        return card;
      } catch (failure) {
        if (!live || quiet) return null;
        if (failure instanceof ApiError && failure.status === 401) {
          navigate(joinPath(slug), { replace: true });
          return null;
        }
        if (failure instanceof ApiError && failure.status === 404) {
          setState({ state: 'notMember' });
          return null;
        }
        throw failure;
      }
    };
    const scheduleRenewal = () => {
      if (renewal) clearTimeout(renewal);
      renewal = setTimeout(() => void load(true).catch(() => {}), RENEW_AFTER_MS);
    };
    const freshAppleUrl = async (): Promise<string> => {
      const current = latest.current;
      if (current && Date.now() - current.at < RENEW_AFTER_MS) return current.card.appleUrl;
      const renewed = await load(true).catch(() => null);
      return (renewed ?? current?.card)?.appleUrl ?? '';
    };

    load()
      .then((card) => {
        if (!card || !live) return;
        followEventStream({
          url: `/api/public/card/${encodeURIComponent(slug)}/events`,
          signal: controller.signal,
          headers: async () => {
            const token = await customerToken();
            return token ? { Authorization: `Bearer ${token}` } : null;
          },
          // A quiet reload: the card stays on screen while the new one loads.
          onEvent: ({ event }) => {
            if (event === 'change') void load(true).catch(() => {});
          },
        });
      })
      .catch(() => live && setState({ state: 'failed', retry: () => setAttempt((n) => n + 1) }));
    return () => {
      live = false;
      controller.abort();
      if (renewal) clearTimeout(renewal);
    };
  }, [slug, attempt]);
  return state;
}
