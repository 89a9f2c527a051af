import * as React from 'react';

/**
 * Renders its children from the first time `open` is true, and keeps them after (a dialog closing still
 * animates out), inside Suspense: a screen's dialogs whose code is fetched when one is first opened, not with
 * the screen's first load.
 */
export function MountWhenOpened({ open, children }: { open: boolean; children: React.ReactNode }) {
  const [opened, setOpened] = React.useState(open);
  if (open && !opened) setOpened(true);
  if (!opened && !open) return null;
  return <React.Suspense fallback={null}>{children}</React.Suspense>;
}
