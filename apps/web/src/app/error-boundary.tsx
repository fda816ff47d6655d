import { Component, type ErrorInfo, type ReactNode } from 'react';

/** What a screen that failed to render shows instead of a blank page or a stack trace. */
export function ErrorPage() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 max-w-md text-zinc-400">
        An unexpected error stopped this page. Reloading usually helps; if it keeps happening, try again
        later.
      </p>
      <div className="mt-6 flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-red-700 px-5 py-2.5 font-semibold hover:bg-red-700"
        >
          Reload
        </button>
        <a href="/" className="rounded-lg bg-zinc-800 px-5 py-2.5 font-semibold hover:bg-zinc-700">
          Home
        </a>
      </div>
    </div>
  );
}

/**
 * Catches a screen's render error (or a chunk that failed to load) and shows ErrorPage; the layout
 * keys it by path, so navigating elsewhere tries again.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
