import { GENRES } from '@app/contracts/genres';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChevronDown, MenuIcon, SearchIcon, UserIcon } from '../components/ui/icons';
import { SearchBox } from '../features/search/search-box';
import { authClient } from '../lib/auth-client';
import { displayNameOf, useAuth } from '../lib/auth';
import { useDropdown } from '../lib/use-outside-click';
import { MobileMenu } from './mobile-menu';

export const ABOUT_DEV_URL = 'https://github.com/';

function CategoriesDropdown() {
  const { open, setOpen, ref, close } = useDropdown();
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1 rounded-lg px-3 py-2 text-sm hover:bg-white/10"
      >
        Categories <ChevronDown width={16} height={16} />
      </button>
      {open && (
        <ul className="absolute right-0 mt-2 max-h-[20rem] w-[14rem] overflow-y-auto rounded-xl bg-zinc-900 p-1 shadow-2xl ring-1 ring-white/10">
          {GENRES.map((g) => (
            <li key={g.id}>
              <Link
                to={`/genre/${g.id}`}
                onClick={close}
                className="block rounded-lg px-3 py-2 text-sm hover:bg-zinc-800 focus:bg-zinc-800"
              >
                {g.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function UserMenu() {
  const { user } = useAuth();
  const { open, setOpen, ref, close } = useDropdown();
  const navigate = useNavigate();
  if (!user) {
    return (
      <Link to="/login" className="rounded-lg bg-red-700 px-4 py-2 text-sm font-medium hover:bg-red-700">
        Login
      </Link>
    );
  }
  const links = [
    ['/liked', 'Liked Movies'],
    ['/watched', 'Watched'],
    ['/watchlist', 'Watchlist'],
    ['/recently-visited', 'Recently Visited'],
  ];
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((o) => !o)}
        className="flex max-w-[12rem] items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-white/10"
      >
        <UserIcon width={18} height={18} /> <span className="truncate">{displayNameOf(user)}</span>{' '}
        <ChevronDown width={16} height={16} />
      </button>
      {open && (
        <ul className="absolute right-0 mt-2 w-56 rounded-xl bg-zinc-900 p-1 shadow-2xl ring-1 ring-white/10">
          {links.map(([to, label]) => (
            <li key={to}>
              <Link
                to={to!}
                onClick={close}
                className="block rounded-lg px-3 py-2 text-sm hover:bg-zinc-800 focus:bg-zinc-800"
              >
                {label}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-white/10 pt-1">
            <button
              type="button"
              onClick={async () => {
                close();
                await authClient.signOut();
                navigate('/');
              }}
              className="w-full rounded-lg px-3 py-2 text-left text-sm text-red-400 hover:bg-zinc-800"
            >
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

function DesktopSearch() {
  const { open, setOpen, ref, close } = useDropdown();
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-label="Search"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="rounded-lg p-2 hover:bg-white/10"
      >
        <SearchIcon />
      </button>
      {open && (
        <div className="absolute right-0 mt-2 w-96 rounded-xl bg-zinc-900 p-3 shadow-2xl ring-1 ring-white/10">
          <SearchBox onClose={close} idPrefix="desktop-search" />
        </div>
      )}
    </div>
  );
}

/** Fixed top bar, darker once the page scrolls. */
export function TopBar() {
  const [scrolled, setScrolled] = useState(false);
  const [menu, setMenu] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 10);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <header
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${scrolled ? 'bg-zinc-950/95 shadow-lg backdrop-blur' : 'bg-gradient-to-b from-black/80 to-transparent'}`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link to="/" className="text-xl font-extrabold tracking-tight text-red-500">
          Cinelog
        </Link>
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 lg:flex">
          <Link to="/playlists" className="rounded-lg px-3 py-2 text-sm hover:bg-white/10">
            Playlists
          </Link>
          <a
            href={ABOUT_DEV_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-lg px-3 py-2 text-sm hover:bg-white/10"
          >
            About Dev
          </a>
        </nav>
        <div className="ml-auto hidden items-center gap-2 lg:flex">
          <DesktopSearch />
          <CategoriesDropdown />
          <UserMenu />
        </div>
        <button
          type="button"
          onClick={() => setMenu(true)}
          aria-label="Open menu"
          className="ml-auto rounded-lg p-2 hover:bg-white/10 lg:hidden"
        >
          <MenuIcon />
        </button>
      </div>
      {menu && <MobileMenu onClose={() => setMenu(false)} />}
    </header>
  );
}
