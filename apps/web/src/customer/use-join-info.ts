import type { PublicJoinInfo } from '@loyalty/contracts';
import * as React from 'react';
import { ApiError } from '@/lib/api-error';
import { inlinedJoinInfo, takeJoinInfo } from './public-api';

export type JoinInfoState =
  | { state: 'loading' }
  | { state: 'ready'; info: PublicJoinInfo }
  | { state: 'closed' }
  | { state: 'failed'; retry: () => void };

/** The tenant's join page settings and branding; `closed` for an unknown or disabled link (404). */
export function useJoinInfo(slug: string): JoinInfoState {
  const [attempt, setAttempt] = React.useState(0);
  // The server's branding, when it painted the page, is the first state: React's first render then draws the
  // same screen over that paint instead of blanking it while a call is made.
  const [inlined] = React.useState(() => inlinedJoinInfo(slug));
  const [state, setState] = React.useState<JoinInfoState>(() =>
    inlined ? { state: 'ready', info: inlined } : { state: 'loading' },
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retry) loads again
  React.useEffect(() => {
    if (inlined && attempt === 0) return;
    let live = true;
    setState({ state: 'loading' });
    takeJoinInfo(slug).then(
      (info) => {
        if (!live) return;
        document.title = info.storeName;
        setState({ state: 'ready', info });
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 404) setState({ state: 'closed' });
        else setState({ state: 'failed', retry: () => setAttempt((n) => n + 1) });
      },
    );
    return () => {
      live = false;
    };
  }, [slug, attempt]);
  return state;
}
