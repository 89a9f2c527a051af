/** The two customer addresses this entry serves (the API sends customer.html for both). */
export type CustomerRoute = { page: 'join' | 'card'; slug: string };

const PATTERN = /^\/(join|card)\/([A-Za-z0-9-]{1,64})\/?$/;

export function routeOf(pathname: string): CustomerRoute | null {
  const match = PATTERN.exec(pathname);
  if (!match) return null;
  return { page: match[1] as CustomerRoute['page'], slug: match[2] as string };
}

export const joinPath = (slug: string) => `/join/${slug}`;
export const cardPath = (slug: string) => `/card/${slug}`;

/** Moves between the two pages without a reload (main.tsx follows popstate). */
export function navigate(path: string, { replace = false } = {}): void {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/**
 * The branch whose poster the customer scanned (`/join/{slug}?branch={id}`, docs/design.md §10): passed on as the
 * join's home branch; the server ignores one it does not know or that is inactive.
 */
export function posterBranch(): string | undefined {
  const id = new URLSearchParams(window.location.search).get('branch');
  return id && /^[A-Za-z0-9-]{1,64}$/.test(id) ? id : undefined;
}
