import { GENRES } from '@app/contracts/genres';
import { Link, useNavigate } from 'react-router';
import { HideSeenSwitch } from '../features/library/components/hide-seen-switch';
import { YourProfileLink } from '../features/social/components/your-profile-link';
import { signOut } from '../lib/auth';

/** The Categories dropdown's panel: the 19 genres in a 20rem scrolling list, 14rem wide. */
export function GenreMenu({ onPick }: { onPick: () => void }) {
  return (
    <ul className="absolute right-0 mt-2 max-h-[20rem] w-[14rem] overflow-y-auto rounded-xl bg-zinc-900 p-1 shadow-2xl ring-1 ring-white/10">
      {GENRES.map((g) => (
        <li key={g.id}>
          <Link
            to={`/genre/${g.id}`}
            onClick={onPick}
            className="block rounded-lg px-3 py-2 text-sm hover:bg-zinc-800 focus:bg-zinc-800"
          >
            {g.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export const ACCOUNT_LINKS = [
  ['/liked', 'Liked Movies'],
  ['/watched', 'Watched'],
  ['/watchlist', 'Watchlist'],
  ['/recently-visited', 'Recently Visited'],
  ['/diary', 'Diary'],
  ['/ratings', 'Ratings'],
  ['/stats', 'Year in Review'],
  ['/feed', 'Friends'],
  ['/account', 'Account'],
] as const;

/** The signed-in user's dropdown panel: their profile, library pages and Logout. */
export function AccountMenu({ onClose: close }: { onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <ul className="absolute right-0 mt-2 w-64 rounded-xl bg-zinc-900 p-1 shadow-2xl ring-1 ring-white/10">
      <li className="mb-1 border-b border-white/10 pb-1">
        <YourProfileLink
          onClick={close}
          className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-zinc-800 focus:bg-zinc-800"
        />
      </li>
      {ACCOUNT_LINKS.map(([to, label]) => (
        <li key={to}>
          <Link
            to={to}
            onClick={close}
            className="block rounded-lg px-3 py-2 text-sm hover:bg-zinc-800 focus:bg-zinc-800"
          >
            {label}
          </Link>
        </li>
      ))}
      <li className="mt-1 border-t border-white/10 pt-1">
        <HideSeenSwitch />
      </li>
      <li className="mt-1 border-t border-white/10 pt-1">
        <button
          type="button"
          onClick={async () => {
            close();
            await signOut();
            navigate('/');
          }}
          className="w-full rounded-lg px-3 py-2 text-left text-sm text-red-400 hover:bg-zinc-800"
        >
          Logout
        </button>
      </li>
    </ul>
  );
}
