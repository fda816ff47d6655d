import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
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

export default NotFoundPage;
