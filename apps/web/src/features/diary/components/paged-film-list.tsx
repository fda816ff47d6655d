import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Artwork } from '../../../components/ui/artwork';
import { EmptyState, ErrorText } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { PageShell } from '../../../components/layouts/page-shell';
import { SignInFirst } from '../../../components/layouts/sign-in-first';
import { useAuth } from '../../../lib/auth';

/** What a page of a user's films needs of its infinite query (useDiary, useRatings). */
export interface PagedFilms<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  data: { pages: { results: T[]; total_results: number }[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Loads the next page when the returned element scrolls into view. */
function useLoadMore(q: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((seen) => {
      if (seen.some((s) => s.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return sentinel;
}

/** Rows of a day, a poster and a line while a list of films loads. */
export function FilmListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-4 p-2">
          <div className="h-4 w-16 animate-pulse rounded bg-zinc-800" />
          <div className="aspect-[2/3] w-12 animate-pulse rounded-md bg-zinc-800 sm:w-14" />
          <div className="h-4 flex-1 animate-pulse rounded bg-zinc-800" />
        </div>
      ))}
    </div>
  );
}

/**
 * A signed-in user's page of films, newest first, 50 a page (/diary, /ratings): an invitation to
 * sign in when signed out, a skeleton while it loads, the error with a retry, `empty` when there
 * are none; else `children(items)` and the next page when the reader reaches the end (or presses
 * `more`). `subtitle` is given the total.
 */
export function PagedFilmList<T>({
  title,
  query,
  signedOut,
  loading,
  subtitle,
  empty,
  more,
  loadingMore,
  spaced = false,
  children,
}: {
  title: string;
  query: PagedFilms<T>;
  /** What the page is for, after "Log in" (SignInFirst). */
  signedOut: ReactNode;
  /** The skeleton's name ("Loading your diary"). */
  loading: string;
  subtitle: (total: number) => ReactNode;
  empty: { title: string; body: ReactNode };
  /** The button's label that loads the next page. */
  more: string;
  /** A spinner's name while the next page loads (none if not given). */
  loadingMore?: string;
  /** The list's parts (its months) spaced apart; else the button alone keeps a space above it. */
  spaced?: boolean;
  children: (items: T[]) => ReactNode;
}) {
  const { user, ready } = useAuth();
  const sentinel = useLoadMore(query);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  if (ready && !user) return <SignInFirst title={title}>{signedOut}</SignInFirst>;
  if (!ready || query.isPending)
    return (
      <PageShell title={title}>
        <FilmListSkeleton label={loading} />
      </PageShell>
    );
  if (query.isError || !query.data)
    return (
      <PageShell title={title}>
        <ErrorText error={query.error} onRetry={() => void query.refetch()} />
      </PageShell>
    );
  const items = query.data.pages.flatMap((p) => p.results);
  const total = query.data.pages[0]?.total_results ?? 0;
  return (
    <PageShell title={title} subtitle={total ? subtitle(total) : null}>
      {items.length === 0 ? (
        <EmptyState title={empty.title}>{empty.body}</EmptyState>
      ) : (
        <div className={spaced ? 'max-w-3xl space-y-5' : 'max-w-3xl'}>
          {children(items)}
          <div ref={sentinel} />
          {hasNextPage && (
            <button
              type="button"
              onClick={() => void fetchNextPage()}
              disabled={isFetchingNextPage}
              className={`${spaced ? '' : 'mt-4 '}w-full rounded-lg px-4 py-2 text-sm font-medium ring-1 ring-white/15 hover:bg-white/10`}
            >
              {isFetchingNextPage ? 'Loading…' : more}
            </button>
          )}
          {isFetchingNextPage && loadingMore && <Spinner label={loadingMore} />}
        </div>
      )}
    </PageShell>
  );
}

/** A film of such a list: its poster (hidden from readers, the title says it) and its linked title with the year. */
export function FilmLine({
  film,
  className = '',
  children,
}: {
  film: { tmdb_id: number; title: string; poster_path: string | null; release_date: string | null };
  /** Classes of the poster's link besides its size. */
  className?: string;
  /** What follows the title (the stars, the day). */
  children: ReactNode;
}) {
  const year = film.release_date?.slice(0, 4);
  return (
    <>
      <Link
        to={`/movie/${film.tmdb_id}`}
        className={`relative aspect-[2/3] w-12 shrink-0 overflow-hidden rounded-md bg-zinc-800 sm:w-14 ${className}`.trim()}
        tabIndex={-1}
        aria-hidden="true"
      >
        <Artwork
          path={film.poster_path}
          kind="poster"
          id={film.tmdb_id}
          size="w185"
          className="absolute inset-0 h-full w-full object-cover"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={`/movie/${film.tmdb_id}`} className="line-clamp-2 font-medium hover:underline">
          {film.title}
          {year && <span className="font-normal text-zinc-400"> ({year})</span>}
        </Link>
        {children}
      </div>
    </>
  );
}
