import { GENRES } from '@app/contracts/genres';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChevronDown, CloseIcon, SearchIcon } from '../components/ui/icons';
import { SearchBox } from '../features/search/components/search-box';
import { displayNameOf, signOut, useAuth } from '../lib/auth';
import { useAutoFocus } from '../lib/auto-focus';
import { useDialog } from '../lib/use-dialog';
import { ABOUT_DEV_URL } from './links';
import { ACCOUNT_LINKS } from './top-bar-menus';
import { HideSeenSwitch } from '../features/library/components/hide-seen-switch';
import { YourProfileLink } from '../features/social/components/your-profile-link';

/** Shortcuts to genre pages (spec: not real trending or favourites views). */
const QUICK_ACCESS = [
  { label: 'Trending', genre: 28, tone: 'from-red-700 to-orange-600' },
  { label: 'Popular', genre: 12, tone: 'from-emerald-700 to-lime-600' },
  { label: 'New Releases', genre: 14, tone: 'from-violet-700 to-fuchsia-600' },
  { label: 'My Favorites', genre: 10749, tone: 'from-rose-700 to-pink-500' },
];

export function MobileMenu({ onClose }: { onClose: () => void }) {
  const { user, ready } = useAuth();
  const [categories, setCategories] = useState(false);
  const [search, setSearch] = useState(false);
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  useDialog(ref, onClose);
  const closeButton = useAutoFocus<HTMLButtonElement>();
  useEffect(() => {
    // The page behind the full-screen menu does not scroll.
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = '';
    };
  }, []);
  const link = 'block rounded-lg px-3 py-3 text-base hover:bg-zinc-800';
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      className="fixed inset-0 z-50 overflow-y-auto bg-zinc-950 lg:hidden"
    >
      <div className="flex h-16 items-center justify-between px-4">
        <span className="text-xl font-extrabold text-red-500">Cinelog</span>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close menu"
          className="rounded-lg p-2 hover:bg-white/10"
          ref={closeButton}
        >
          <CloseIcon />
        </button>
      </div>
      <div className="space-y-6 px-4 pb-10">
        <button
          type="button"
          onClick={() => setSearch(true)}
          className="flex w-full items-center gap-3 rounded-xl bg-zinc-900 px-4 py-3 text-left text-zinc-400 ring-1 ring-white/10"
        >
          <SearchIcon /> Search movies...
        </button>
        <section aria-labelledby="quick-access">
          <h2 id="quick-access" className="mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-400">
            Quick Access
          </h2>
          <div className="grid grid-cols-2 gap-3">
            {QUICK_ACCESS.map((q) => (
              <Link
                key={q.label}
                to={`/genre/${q.genre}`}
                onClick={onClose}
                className={`rounded-xl bg-gradient-to-br ${q.tone} px-4 py-5 text-sm font-semibold`}
              >
                {q.label}
              </Link>
            ))}
          </div>
        </section>
        {user && (
          <YourProfileLink
            onClick={onClose}
            className="block rounded-xl bg-zinc-900 px-4 py-3 text-sm font-medium ring-1 ring-white/10 hover:bg-zinc-800"
          />
        )}
        {user && (
          <nav aria-labelledby="your-library">
            <h2
              id="your-library"
              className="mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-400"
            >
              Your Library
            </h2>
            <ul className="grid grid-cols-2 gap-2">
              {/* The account page is reached from the name above: the grid is the library only. */}
              {ACCOUNT_LINKS.filter(([to]) => to !== '/account').map(([to, label]) => (
                <li key={to}>
                  <Link
                    to={to}
                    onClick={onClose}
                    className="block rounded-xl bg-zinc-900 px-4 py-3 text-sm font-medium ring-1 ring-white/10 hover:bg-zinc-800"
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
            <HideSeenSwitch className="mt-2 rounded-xl bg-zinc-900 px-4 py-3 ring-1 ring-white/10" />
          </nav>
        )}
        <nav aria-label="Mobile">
          <Link to="/" onClick={onClose} className={link}>
            Home
          </Link>
          <button
            type="button"
            aria-expanded={categories}
            onClick={() => setCategories((c) => !c)}
            className={`${link} flex w-full items-center justify-between text-left`}
          >
            Categories <ChevronDown className={categories ? 'rotate-180' : ''} />
          </button>
          {categories && (
            <ul className="ml-3 border-l border-white/10 pl-3">
              {GENRES.map((g) => (
                <li key={g.id}>
                  <Link
                    to={`/genre/${g.id}`}
                    onClick={onClose}
                    className="block rounded-lg px-3 py-2 text-sm hover:bg-zinc-800"
                  >
                    {g.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link to="/playlists" onClick={onClose} className={link}>
            Playlists
          </Link>
          <a href={ABOUT_DEV_URL} target="_blank" rel="noopener noreferrer" className={link}>
            About Dev
          </a>
        </nav>
        <footer className="border-t border-white/10 pt-4">
          {user ? (
            <div className="flex items-center justify-between gap-3">
              <p className="min-w-0 text-sm text-zinc-400">
                Signed in as{' '}
                <Link
                  to="/account"
                  onClick={onClose}
                  className="block truncate font-medium text-zinc-100 underline"
                >
                  {displayNameOf(user)}
                </Link>
              </p>
              <button
                type="button"
                onClick={async () => {
                  await signOut();
                  onClose();
                  navigate('/');
                }}
                className="rounded-lg bg-zinc-800 px-4 py-2 text-sm"
              >
                Log Out
              </button>
            </div>
          ) : (
            <Link
              to="/login"
              onClick={onClose}
              // Unseen until the session is read, as in the top bar: a member is not offered it.
              className={`block rounded-lg bg-red-700 px-4 py-3 text-center font-medium ${ready ? '' : 'invisible'}`}
            >
              Log In
            </Link>
          )}
        </footer>
      </div>
      {search && (
        <SearchOverlay
          onClose={() => setSearch(false)}
          onDone={() => {
            setSearch(false);
            onClose();
          }}
        />
      )}
    </div>
  );
}

/**
 * The 'Search Movies' layer on its own, opened from the phone's header: Escape, its close button
 * or a search returns to the page.
 */
export function MobileSearch({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = '';
    };
  }, []);
  return <SearchOverlay onClose={onClose} onDone={onClose} />;
}

/** The menu's 'Search Movies' layer: Escape or its close button returns to the menu. */
function SearchOverlay({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useDialog(ref, onClose);
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-label="Search Movies"
      className="fixed inset-0 z-50 overflow-y-auto bg-zinc-950 p-4"
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 className="text-lg font-semibold">Search Movies</h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close search"
          className="rounded-lg p-2 hover:bg-white/10"
        >
          <CloseIcon />
        </button>
      </div>
      <SearchBox idPrefix="mobile-search" onClose={onDone} />
    </div>
  );
}
