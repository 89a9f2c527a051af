import * as React from 'react';

/**
 * Whether an element has come within `margin` of the viewport; once true it stays true. Where the browser has no
 * IntersectionObserver (jsdom, very old engines) the element counts as near at once, so nothing is ever withheld.
 */
export function useNearViewport<T extends HTMLElement>(margin = '400px'): [React.RefCallback<T>, boolean] {
  const [near, setNear] = React.useState(() => typeof IntersectionObserver === 'undefined');
  const ref = React.useCallback(
    (element: T | null) => {
      if (!element || typeof IntersectionObserver === 'undefined') return;
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
    [margin],
  );
  return [ref, near];
}
