import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Probe() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

/** A stand-in IntersectionObserver whose callbacks the test fires, as the browser would on scrolling. */
function stubObserver() {
  const observers: { fire: (isIntersecting: boolean) => void; margin?: string; disconnected: boolean }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, init?: IntersectionObserverInit) {
        this.record = {
          margin: init?.rootMargin,
          disconnected: false,
          fire: (isIntersecting) =>
            callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver),
        };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    },
  );
  return observers;
}

afterEach(() => vi.unstubAllGlobals());

describe('useNearViewport', () => {
  it('stays far until the element nears the viewport, then near for good', () => {
    const observers = stubObserver();
    render(<Probe />);
    expect(screen.getByText('far')).toBeInTheDocument();
    const [observer] = observers;
    expect(observer?.margin).toBe('400px');
    act(() => observer?.fire(false));
    expect(screen.getByText('far')).toBeInTheDocument();
    act(() => observer?.fire(true));
    expect(screen.getByText('near')).toBeInTheDocument();
    expect(observer?.disconnected).toBe(true);
  });

  it('counts as near at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });
});
