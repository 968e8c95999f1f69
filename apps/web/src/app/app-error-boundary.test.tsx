import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary';

function Crashing(): never {
  throw new Error('rendering failed');
}

describe('AppErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the error page with its Reload button when a screen throws', async () => {
    // React reports the caught error on the console; it is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppErrorBoundary>
        <Crashing />
      </AppErrorBoundary>,
    );
    expect(await screen.findByText('Some error occurred. Please try again')).toBeTruthy();
    expect(screen.getByText('This page ran into a problem. Reload to try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(document.querySelector('.ant-result-error')).not.toBeNull();
  });

  it('shows its children while they render', () => {
    render(
      <AppErrorBoundary>
        <p>fine</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
  });
});
