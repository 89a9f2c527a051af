import * as React from 'react';

/**
 * Whether an element has come within `margin` of the viewport; once true it stays true. Where the browser has no
 * IntersectionObserver (jsdom, very old engines) the element counts as near at once, so nothing is ever withheld.
 * Watching starts when `enabled`: a screen whose content above the element is still loading (and so still short)
 * would otherwise count the element near while it is on its way down below the fold.
 */
export function useNearViewport<T extends HTMLElement>(
  margin = '400px',
  enabled = true,
): [React.RefCallback<T>, boolean] {
  const [near, setNear] = React.useState(() => typeof IntersectionObserver === 'undefined');
  const ref = React.useCallback(
    (element: T | null) => {
      if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            setNear(true);
            observer.disconnect();
          }
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [margin, enabled],
  );
  return [ref, near];
}
