import * as React from 'react';

/** The value once it has stopped changing for `delay` ms (a search box, an amount being typed). */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
