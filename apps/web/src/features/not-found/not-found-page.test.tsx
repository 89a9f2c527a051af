import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found-page';

describe('not-found page', () => {
  it('shows 404 and leads back to the dashboard', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>Dashboard home</p> },
        { path: '*', element: <NotFoundPage /> },
      ],
      { initialEntries: ['/no-such-page'] },
    );
    render(<RouterProvider router={router} />);

    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Back to Dashboard' });
    expect(link).toHaveAttribute('href', '/');

    await userEvent.setup().click(link);
    expect(screen.getByText('Dashboard home')).toBeInTheDocument();
  });
});
