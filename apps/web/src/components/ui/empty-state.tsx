import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../lib/api-client';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto mt-16 max-w-md rounded-2xl bg-zinc-900/60 p-8 text-center ring-1 ring-white/5">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children && <div className="mt-2 text-sm text-zinc-400">{children}</div>}
    </div>
  );
}

/**
 * 'Error: {message}' with a way on: Try again (when the failure may pass), Back (when there is a
 * page to go back to) and Home.
 */
export function ErrorText({
  error,
  className = 'text-red-400',
  onRetry,
}: {
  error: unknown;
  className?: string;
  onRetry?: (() => void) | undefined;
}) {
  const home = useLocation().pathname === '/';
  const canGoBack = window.history.length > 1;
  // A 4xx says the request itself is wrong: asking again would fail the same way.
  const transient = !(
    error instanceof ApiError &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
  const btn = 'rounded-lg px-4 py-2 text-sm font-medium';
  return (
    <div className="mx-auto mt-10 max-w-md text-center">
      <p role="alert" className={className}>
        Error: {error instanceof Error ? error.message : String(error)}
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {onRetry && transient && (
          <button type="button" onClick={onRetry} className={`${btn} bg-red-700 hover:bg-red-600`}>
            Try again
          </button>
        )}
        {canGoBack && (
          <button
            type="button"
            onClick={() => window.history.back()}
            className={`${btn} bg-zinc-800 hover:bg-zinc-700`}
          >
            Go back
          </button>
        )}
        {!home && (
          <Link to="/" className={`${btn} bg-zinc-800 hover:bg-zinc-700`}>
            Home
          </Link>
        )}
      </div>
    </div>
  );
}
