import type { DiaryEntry, RatedMovie } from '@app/contracts';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDeleteEntry } from '../features/diary/api/delete-entry';
import { useDiary } from '../features/diary/api/get-diary';
import { useRatings } from '../features/diary/api/get-ratings';
import { ratingText } from '../features/diary/utils/format';
import { EditEntry } from '../features/diary/components/edit-entry';
import { FilmLine, PagedFilmList } from '../features/diary/components/paged-film-list';
import { Stars } from '../features/diary/components/star-rating';

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
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <li className="rounded-xl p-2 hover:bg-white/5">
      <div className="flex items-center gap-3 sm:gap-4">
        <time dateTime={e.watched_on} className="flex w-10 shrink-0 flex-col items-center sm:w-14">
          <span aria-hidden="true" className="text-xl font-bold leading-none sm:text-2xl">
            {Number(e.watched_on.slice(8, 10))}
          </span>
          <span aria-hidden="true" className="mt-1 text-xs text-zinc-400">
            {weekdayOf(e.watched_on)}
          </span>
          <span className="sr-only">{dayOf(e.watched_on)}</span>
        </time>
        <FilmLine film={e}>
          <div className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-zinc-400">
            {e.rating !== null ? <StarsOf rating={e.rating} /> : <span>Not rated</span>}
            {e.rewatch && <span className="rounded bg-zinc-800 px-1.5 py-0.5 text-zinc-300">Rewatch</span>}
            {e.tags.length > 0 && (
              <ul className="flex flex-wrap gap-1" aria-label="Tags">
                {e.tags.map((t) => (
                  <li key={t} className="rounded bg-zinc-800/70 px-1.5 py-0.5 text-zinc-300">
                    {t}
                  </li>
                ))}
              </ul>
            )}
          </div>
          {e.review && (
            <p className="mt-1 line-clamp-3 whitespace-pre-line text-sm text-zinc-300">{e.review}</p>
          )}
        </FilmLine>
        <button
          ref={editButton}
          type="button"
          onClick={() => setEditing((v) => !v)}
          aria-expanded={editing}
          aria-label={`Edit ${e.title} on ${e.watched_on}`}
          className="shrink-0 rounded-md px-2 py-1 text-xs text-zinc-300 ring-1 ring-white/10 hover:bg-white/10"
        >
          Edit
        </button>
        <button
          type="button"
          onClick={() => remove.mutate(e)}
          disabled={remove.isPending}
          aria-label={`Delete ${e.title} on ${e.watched_on} from your diary`}
          className="shrink-0 rounded-md px-2 py-1 text-xs text-zinc-300 ring-1 ring-white/10 hover:bg-white/10"
        >
          Delete
        </button>
      </div>
      {editing && <EditEntry entry={e} onClose={close} />}
    </li>
  );
}

/** A rating's stars, spoken as words. */
function StarsOf({ rating }: { rating: number }) {
  return (
    <span className="flex items-center gap-1" title={ratingText(rating)}>
      <Stars value={rating} size={14} />
      <span className="sr-only">{ratingText(rating)}</span>
    </span>
  );
}

/** /diary: every logged viewing by month, newest first; more load as the reader reaches the end. */
export default function DiaryPage() {
  return (
    <PagedFilmList
      title="Your Diary"
      query={useDiary()}
      signedOut="to keep a diary of what you watch."
      loading="Loading your diary"
      subtitle={(total) => (
        <>
          {total === 1 ? '1 viewing' : `${total} viewings`} ·{' '}
          <Link to="/ratings" className="text-red-400 hover:underline">
            Your ratings
          </Link>{' '}
          ·{' '}
          <Link to="/stats" className="text-red-400 hover:underline">
            Your year in review
          </Link>
        </>
      )}
      empty={{
        title: 'Your diary is empty',
        body: 'Open any movie and use “Log a viewing” to keep the day you watched it.',
      }}
      more="Show older entries"
      loadingMore="Loading older entries"
      spaced
    >
      {(entries) =>
        byMonth(entries).map((g) => (
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
        ))
      }
    </PagedFilmList>
  );
}

const ratedOn = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

function Rated({ r }: { r: RatedMovie }) {
  return (
    <li className="flex gap-3 rounded-xl p-2 hover:bg-white/5 sm:gap-4">
      <FilmLine film={r} className="self-start">
        <div className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-zinc-400">
          <StarsOf rating={r.rating} />
          <span>Rated {ratedOn(r.updated_at)}</span>
        </div>
        {r.review && (
          <p className="mt-1 line-clamp-3 whitespace-pre-line text-sm text-zinc-300">{r.review}</p>
        )}
      </FilmLine>
    </li>
  );
}

/** /ratings: every film the user rated (by hand or imported), most recently rated first, with reviews. */
export function RatingsPage() {
  return (
    <PagedFilmList
      title="Your Ratings"
      query={useRatings()}
      signedOut="to rate the movies you have seen."
      loading="Loading your ratings"
      subtitle={(total) => (
        <>
          {total === 1 ? '1 film rated' : `${total} films rated`} ·{' '}
          <Link to="/diary" className="text-red-400 hover:underline">
            Your diary
          </Link>
        </>
      )}
      empty={{
        title: 'You haven’t rated anything yet',
        body: (
          <>
            Open any movie and pick its stars under “Your rating & diary”, or import your ratings from
            Letterboxd, IMDb or Trakt.
          </>
        ),
      }}
      more="Show more ratings"
    >
      {(rated) => (
        <ul className="space-y-1">
          {rated.map((r) => (
            <Rated key={r.tmdb_id} r={r} />
          ))}
        </ul>
      )}
    </PagedFilmList>
  );
}
