import * as React from 'react';

/** What a deferred control's real code gets when it replaces its stand-in. */
type Upgraded<T> = { code: T; focus: boolean };

/**
 * A control whose code (Radix and its positioning) is fetched at the first sign of use: the pointer over its
 * stand-in, focus, a press. `upgrade` starts the fetch; `press` also opens the control, now or as its code
 * arrives. `open` is held here rather than in the real control, so a press that reaches the stand-in after the
 * real control replaced it still opens it. `upgraded.focus` says whether the stand-in had the focus, for the
 * real control to take it.
 */
export function useDeferredCode<T>(load: () => Promise<T>, stand: React.RefObject<HTMLElement | null>) {
  const [upgraded, setUpgraded] = React.useState<Upgraded<T> | null>(null);
  const [open, setOpen] = React.useState(false);
  const loading = React.useRef(false);

  const upgrade = () => {
    if (loading.current) return;
    loading.current = true;
    load().then(
      (code) => setUpgraded({ code, focus: document.activeElement === stand.current }),
      () => {
        // Offline for a moment: the next sign of use tries again.
        loading.current = false;
      },
    );
  };
  const press = () => {
    setOpen(true);
    upgrade();
  };
  return { upgraded, upgrade, press, open, setOpen };
}

/** Focus moves to the real control when it replaces a stand-in that had it (and does not open). */
export function useTakeFocus(ref: React.RefObject<HTMLElement | null>, focus: boolean, open: boolean) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when it replaces the stand-in
  React.useEffect(() => {
    if (focus && !open) ref.current?.focus();
  }, []);
}
