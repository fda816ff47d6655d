import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { SOCIAL_TEXT } from '../messages';

/** A username nobody has (or whose owner blocked the viewer: the same answer, on purpose). */
export function ProfileNotFound() {
  useDocumentTitle('Profile not found');
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <p className="text-7xl font-black text-red-600">404</p>
      <h1 className="mt-4 text-2xl font-bold">{SOCIAL_TEXT.notFoundTitle}</h1>
      <p className="mt-2 text-zinc-400">{SOCIAL_TEXT.notFoundBody}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/feed" className="rounded-lg bg-red-700 px-5 py-2.5 font-semibold hover:bg-red-600">
          {SOCIAL_TEXT.findPeople}
        </Link>
        <Link to="/" className="rounded-lg bg-zinc-800 px-5 py-2.5 font-semibold hover:bg-zinc-700">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
