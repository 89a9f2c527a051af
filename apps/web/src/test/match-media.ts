/** A window.matchMedia for jsdom (it has none): a query matches when `matches(query)` says so; listeners never fire. */
export const fakeMatchMedia = (matches: (query: string) => boolean) => (query: string) =>
  ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
