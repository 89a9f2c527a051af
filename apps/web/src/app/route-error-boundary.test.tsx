import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

describe('route error boundary', () => {
  it('says what failed instead of a blank page, and clears on the next address', () => {
    // React and the boundary both report the error; the test expects exactly that.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/users">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();

    rerender(
      <RouteErrorBoundary resetKey="/members">
        <p>Members</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('Members')).toBeInTheDocument();
  });
});
