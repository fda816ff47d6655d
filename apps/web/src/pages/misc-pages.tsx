import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <p className="text-7xl font-black text-red-600">404</p>
      <h1 className="mt-4 text-2xl font-bold">This page is not in our catalog</h1>
      <p className="mt-2 text-zinc-400">The link may be broken, or the page may have moved.</p>
      <Link to="/" className="mt-6 rounded-lg bg-red-700 px-5 py-2.5 font-semibold hover:bg-red-700">
        Back to Home
      </Link>
    </div>
  );
}

/** Replaces the router's default 'Unexpected Application Error!'. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
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
