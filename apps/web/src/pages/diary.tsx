import type { DiaryEntry } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Artwork } from '../components/ui/artwork';
import { EmptyState, ErrorText } from '../components/ui/empty-state';
import { Spinner } from '../components/ui/spinner';
import { ratingText, useDeleteEntry, useDiary } from '../features/diary/api/diary-api';
import { Stars } from '../features/diary/components/star-rating';
import { useAuth } from '../lib/auth';
import { PageShell } from '../components/layouts/page-shell';
import { SignInFirst } from '../components/layouts/sign-in-first';

const monthOf = (date: string) =>
  new Date(`${date.slice(0, 7)}-15T12:00:00`).toLocaleDateString(undefined, {
    month: 'long',
    year: 'numeric',
  });
const dayOf = (date: string) =>
  new Date(`${date}T12:00:00`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
const weekdayOf = (date: string) =>
  new Date(`${date}T12:00:00`).toLocaleDateString(undefined, { weekday: 'short' });

/** Entries (already newest first) grouped by calendar month, in order. */
export function byMonth(entries: DiaryEntry[]): { month: string; label: string; entries: DiaryEntry[] }[] {
  const groups: { month: string; label: string; entries: DiaryEntry[] }[] = [];
  for (const e of entries) {
    const month = e.watched_on.slice(0, 7);
    const last = groups[groups.length - 1];
    if (last?.month === month) last.entries.push(e);
    else groups.push({ month, label: monthOf(e.watched_on), entries: [e] });
  }
  return groups;
}

function Entry({ e }: { e: DiaryEntry }) {
  const remove = useDeleteEntry();
  const year = e.release_date?.slice(0, 4);
  return (
    <li className="flex items-center gap-3 rounded-xl p-2 hover:bg-white/5 sm:gap-4">
      <time dateTime={e.watched_on} className="flex w-10 shrink-0 flex-col items-center sm:w-14">
        <span aria-hidden="true" className="text-xl font-bold leading-none sm:text-2xl">
          {Number(e.watched_on.slice(8, 10))}
        </span>
        <span aria-hidden="true" className="mt-1 text-xs text-zinc-400">
          {weekdayOf(e.watched_on)}
        </span>
        <span className="sr-only">{dayOf(e.watched_on)}</span>
      </time>
      <Link
        to={`/movie/${e.tmdb_id}`}
        className="relative aspect-[2/3] w-12 shrink-0 overflow-hidden rounded-md bg-zinc-800 sm:w-14"
        tabIndex={-1}
        aria-hidden="true"
      >
        <Artwork
          path={e.poster_path}
          kind="poster"
          id={e.tmdb_id}
          size="w185"
          className="absolute inset-0 h-full w-full object-cover"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={`/movie/${e.tmdb_id}`} className="line-clamp-2 font-medium hover:underline">
          {e.title}
          {year && <span className="font-normal text-zinc-400"> ({year})</span>}
        </Link>
        <div className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-zinc-400">
          {e.rating !== null ? (
            <span className="flex items-center gap-1" title={ratingText(e.rating)}>
              <Stars value={e.rating} size={14} />
              <span className="sr-only">{ratingText(e.rating)}</span>
            </span>
          ) : (
            <span>Not rated</span>
          )}
          {e.rewatch && <span className="rounded bg-zinc-800 px-1.5 py-0.5 text-zinc-300">Rewatch</span>}
        </div>
      </div>
      <button
        type="button"
        onClick={() => remove.mutate(e)}
        disabled={remove.isPending}
        aria-label={`Delete ${e.title} on ${e.watched_on} from your diary`}
        className="shrink-0 rounded-md px-2 py-1 text-xs text-zinc-300 ring-1 ring-white/10 hover:bg-white/10"
      >
        Delete
      </button>
    </li>
  );
}

function DiarySkeleton() {
  return (
    <div role="status" aria-label="Loading your diary" className="space-y-3">
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

/** /diary: every logged viewing by month, newest first; more load as the reader reaches the end. */
export default function DiaryPage() {
  const { user, ready } = useAuth();
  const diary = useDiary();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = diary;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((seen) => {
      if (seen.some((s) => s.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const title = 'Your Diary';
  if (ready && !user) return <SignInFirst title={title}>to keep a diary of what you watch.</SignInFirst>;
  if (!ready || diary.isPending)
    return (
      <PageShell title={title}>
        <DiarySkeleton />
      </PageShell>
    );
  if (diary.isError)
    return (
      <PageShell title={title}>
        <ErrorText error={diary.error} onRetry={() => void diary.refetch()} />
      </PageShell>
    );
  const entries = diary.data.pages.flatMap((p) => p.results);
  const total = diary.data.pages[0]?.total_results ?? 0;
  return (
    <PageShell
      title={title}
      subtitle={
        total ? (
          <>
            {total === 1 ? '1 viewing' : `${total} viewings`} ·{' '}
            <Link to="/stats" className="text-red-400 hover:underline">
              Your year in review
            </Link>
          </>
        ) : null
      }
    >
      {entries.length === 0 ? (
        <EmptyState title="Your diary is empty">
          Open any movie and use “Log a viewing” to keep the day you watched it.
        </EmptyState>
      ) : (
        <div className="max-w-3xl space-y-5">
          {byMonth(entries).map((g) => (
            <section key={g.month} aria-labelledby={`m-${g.month}`}>
              <h2
                id={`m-${g.month}`}
                className="sticky top-16 z-10 bg-zinc-950/95 py-2 text-lg font-semibold backdrop-blur"
              >
                {g.label}
              </h2>
              <ul className="mt-1 space-y-1">
                {g.entries.map((e) => (
                  <Entry key={e.id} e={e} />
                ))}
              </ul>
            </section>
          ))}
          <div ref={sentinel} />
          {hasNextPage && (
            <button
              type="button"
              onClick={() => void fetchNextPage()}
              disabled={isFetchingNextPage}
              className="w-full rounded-lg px-4 py-2 text-sm font-medium ring-1 ring-white/15 hover:bg-white/10"
            >
              {isFetchingNextPage ? 'Loading…' : 'Show older entries'}
            </button>
          )}
          {isFetchingNextPage && <Spinner label="Loading older entries" />}
        </div>
      )}
    </PageShell>
  );
}
