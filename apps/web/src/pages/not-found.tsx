import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';

/** The "not found" screen: a route the app does not have, or (with `movie`) a film the catalog does not. */
export function NotFoundPage({ movie = false }: { movie?: boolean }) {
  useDocumentTitle(movie ? 'Movie not found' : 'Page not found');
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <p className="text-7xl font-black text-red-600">404</p>
      <h1 className="mt-4 text-2xl font-bold">
        {movie ? 'This movie is not in our catalog' : 'This page is not in our catalog'}
      </h1>
      {/* The spec's wording for a page whose data failed ('Error: {message}'), kept. */}
      {movie && <p className="mt-2 text-red-400">Error: Movie not found</p>}
      <p className="mt-2 text-zinc-400">
        {movie
          ? 'The link may be wrong, or the film may have been removed. Try searching for it by its title.'
          : 'The link may be broken, or the page may have moved.'}
      </p>
      <Link to="/" className="mt-6 rounded-lg bg-red-700 px-5 py-2.5 font-semibold hover:bg-red-700">
        Back to Home
      </Link>
    </div>
  );
}

export default NotFoundPage;
