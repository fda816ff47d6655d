import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { ChevronDown, MenuIcon, SearchIcon, UserIcon } from '../components/ui/icons';
import { Spinner } from '../components/ui/spinner';
import { ChatDockButton } from '../features/chat/components/chat-widget';
import { displayNameOf, useAuth } from '../lib/auth';
import { prefetchOn } from '../lib/prefetch';
import { moveMenuFocus, useDropdown } from '../lib/use-outside-click';
import { ABOUT_DEV_URL } from './links';
import { withStyles } from '../lib/styles';

// The search box (with its data fetching) and the mobile menu load when first wanted, not with
// every page; pointing at or focusing their buttons starts the download early.
const loadSearchBox = withStyles(() => import('../features/search/components/search-box'));
const SearchBox = lazy(() => loadSearchBox().then((m) => ({ default: m.SearchBox })));
const loadMobileMenu = withStyles(() => import('./mobile-menu'));
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));
const MobileSearch = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileSearch })));
// The desktop dropdowns' panels (the genre list, the account menu) likewise.
const loadMenus = withStyles(() => import('./top-bar-menus'));
const GenreMenu = lazy(() => loadMenus().then((m) => ({ default: m.GenreMenu })));
const AccountMenu = lazy(() => loadMenus().then((m) => ({ default: m.AccountMenu })));

const MenuLoading = () => (
  <div className="absolute right-0 mt-2 w-56 rounded-xl bg-zinc-900 p-1 shadow-2xl ring-1 ring-white/10">
    <Spinner label="Opening menu" className="py-4" />
  </div>
);

/**
 * A top-bar button with a panel below it, closing on an outside click or Escape. The panel's
 * code loads on first open; pointing at or focusing the button starts the download.
 */
function Dropdown({
  load,
  label,
  ariaLabel,
  menu = true,
  className,
  children,
}: {
  load: () => Promise<unknown>;
  label: ReactNode;
  ariaLabel?: string;
  /** A menu (aria-haspopup) rather than a free-form panel. */
  menu?: boolean;
  className: string;
  children: (close: () => void) => ReactNode;
}) {
  const { open, setOpen, ref, close } = useDropdown();
  return (
    <div
      ref={ref}
      className="relative"
      // A menu's ↓ ↑, unless what is in focus inside it (the search box's suggestions) took them.
      onKeyDown={(e) => open && menu && !e.defaultPrevented && moveMenuFocus(ref.current, e)}
    >
      <button
        type="button"
        aria-label={ariaLabel}
        aria-expanded={open}
        aria-haspopup={menu || undefined}
        onClick={() => setOpen((o) => !o)}
        {...prefetchOn(load)}
        className={className}
      >
        {label}
      </button>
      {open && children(close)}
    </div>
  );
}

const CategoriesDropdown = () => (
  <Dropdown
    load={loadMenus}
    label={
      <>
        Categories <ChevronDown width={16} height={16} />
      </>
    }
    className="flex items-center gap-1 rounded-lg px-3 py-2 text-sm hover:bg-white/10"
  >
    {(close) => (
      <Suspense fallback={<MenuLoading />}>
        <GenreMenu onPick={close} />
      </Suspense>
    )}
  </Dropdown>
);

function UserMenu() {
  const { user, ready } = useAuth();
  if (!user) {
    // Held in its place, unseen, until the session is read: a member landing on a page the server
    // rendered (for anyone) would otherwise be offered "Login" before their name appears.
    return (
      <Link
        to="/login"
        className={`rounded-lg bg-red-700 px-4 py-2 text-sm font-medium hover:bg-red-700 ${ready ? '' : 'invisible'}`}
      >
        Login
      </Link>
    );
  }
  return (
    <Dropdown
      load={loadMenus}
      label={
        <>
          <UserIcon width={18} height={18} className="shrink-0" />{' '}
          <span className="min-w-0 truncate">{displayNameOf(user)}</span>{' '}
          <ChevronDown width={16} height={16} className="shrink-0" />
        </>
      }
      className="flex max-w-[12rem] items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-white/10"
    >
      {(close) => (
        <Suspense fallback={<MenuLoading />}>
          <AccountMenu onClose={close} />
        </Suspense>
      )}
    </Dropdown>
  );
}

const DesktopSearch = () => (
  <Dropdown
    load={loadSearchBox}
    label={<SearchIcon />}
    ariaLabel="Search"
    menu={false}
    className="rounded-lg p-2 hover:bg-white/10"
  >
    {(close) => (
      <div className="absolute right-0 mt-2 w-96 rounded-xl bg-zinc-900 p-3 shadow-2xl ring-1 ring-white/10">
        <Suspense fallback={<Spinner label="Opening search" className="py-4" />}>
          <SearchBox onClose={close} idPrefix="desktop-search" />
        </Suspense>
      </div>
    )}
  </Dropdown>
);

/** Fixed top bar, darker once the page scrolls. */
export function TopBar() {
  const [scrolled, setScrolled] = useState(false);
  // The phone's full-screen menu, or its search layer opened straight from the header.
  const [menu, setMenu] = useState<false | 'menu' | 'search'>(false);
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
        <div className="ml-auto flex items-center gap-2 lg:hidden">
          {/* Phones: the chat's button, here rather than floating over the page's first screen. */}
          <ChatDockButton />
          <button
            type="button"
            onClick={() => setMenu('search')}
            {...prefetchOn(loadMobileMenu)}
            aria-label="Open search"
            className="rounded-lg p-2 hover:bg-white/10"
          >
            <SearchIcon />
          </button>
          <button
            type="button"
            onClick={() => setMenu('menu')}
            {...prefetchOn(loadMobileMenu)}
            aria-label="Open menu"
            className="rounded-lg p-2 hover:bg-white/10"
          >
            <MenuIcon />
          </button>
        </div>
      </div>
      {/* In a portal: the header's blurred backdrop (once scrolled) would make it the containing block
          of the menu's fixed layer, and its stacking context would put the chat button on top. */}
      {menu &&
        createPortal(
          <Suspense
            fallback={
              <div className="fixed inset-0 z-50 bg-zinc-950 lg:hidden">
                <Spinner label="Opening menu" className="pt-24" />
              </div>
            }
          >
            {menu === 'search' ? (
              <MobileSearch onClose={() => setMenu(false)} />
            ) : (
              <MobileMenu onClose={() => setMenu(false)} />
            )}
          </Suspense>,
          document.body,
        )}
    </header>
  );
}
