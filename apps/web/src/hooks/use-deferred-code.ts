import * as React from 'react';

/** What a deferred control's real code gets when it replaces its stand-in. */
export type Upgraded<T> = { code: T; open: boolean; focus: boolean };

/**
 * A control whose code (Radix and its positioning) is fetched at the first sign of use: the pointer over its
 * stand-in, focus, a press. `upgrade` starts the fetch; `press` also asks for the real control to open as it
 * arrives. The result says whether to open and whether the stand-in had the focus, for the real one to take it.
 */
export function useDeferredCode<T>(load: () => Promise<T>, stand: React.RefObject<HTMLElement | null>) {
  const [upgraded, setUpgraded] = React.useState<Upgraded<T> | null>(null);
  const wantOpen = React.useRef(false);
  const loading = React.useRef(false);

  const upgrade = () => {
    if (loading.current) return;
    loading.current = true;
    load().then(
      (code) => setUpgraded({ code, open: wantOpen.current, focus: document.activeElement === stand.current }),
      () => {
        // Offline for a moment: the next sign of use tries again.
        loading.current = false;
      },
    );
  };
  const press = () => {
    wantOpen.current = true;
    upgrade();
  };
  return { upgraded, upgrade, press };
}

/** Focus moves to the real control when it replaces a stand-in that had it (and does not open). */
export function useTakeFocus(ref: React.RefObject<HTMLElement | null>, focus: boolean, open: boolean) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when it replaces the stand-in
  React.useEffect(() => {
    if (focus && !open) ref.current?.focus();
  }, []);
}
