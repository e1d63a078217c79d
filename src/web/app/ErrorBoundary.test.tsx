import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { theme } from './theme';

function BrokenScreen(): never {
  throw new Error('Cannot read the upgrade list');
}

describe('ErrorBoundary', () => {
  it('shows what broke and a way out instead of a blank page', async () => {
    // React reports the caught error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', Component: BrokenScreen, ErrorBoundary }]);
    render(
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );

    expect(await screen.findByText('Cannot read the upgrade list')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Upgrades' })).toHaveAttribute('href', '/');
  });
});
