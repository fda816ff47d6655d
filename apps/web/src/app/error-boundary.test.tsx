import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

function Screen({ broken }: { broken: boolean }) {
  if (broken) throw new Error('render failed');
  return <p>screen content</p>;
}

describe('ErrorBoundary', () => {
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  afterEach(() => quiet.mockClear());

  it('shows its children while they render', () => {
    render(
      <ErrorBoundary>
        <Screen broken={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('screen content')).toBeTruthy();
  });

  it('replaces a screen that throws with the error page, and logs the error', () => {
    render(
      <ErrorBoundary>
        <Screen broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(quiet.mock.calls.some((args) => String(args[0]).includes('render failed'))).toBe(true);
  });

  it('tries again when its key changes (the layout keys it by path)', () => {
    function Harness() {
      const [path, setPath] = useState('/a');
      return (
        <>
          <button type="button" onClick={() => setPath('/b')}>
            go
          </button>
          <ErrorBoundary key={path}>
            <Screen broken={path === '/a'} />
          </ErrorBoundary>
        </>
      );
    }
    render(<Harness />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    screen.getByRole('button', { name: 'go' }).click();
    return vi.waitFor(() => expect(screen.getByText('screen content')).toBeTruthy());
  });
});
