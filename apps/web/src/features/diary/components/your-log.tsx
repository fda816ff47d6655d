import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAuth } from '../../../lib/auth';
import { useDeleteEntry } from '../api/delete-entry';
import { useMovieDiary } from '../api/get-movie-diary';
import { useRating } from '../api/get-rating';
import { useLogViewing } from '../api/log-viewing';
import { useLoggedToast } from '../api/put-back-on-watchlist';
import { useRatingActions } from '../hooks/use-rating-actions';
import { DIARY_TEXT } from '../messages';
import { localToday, ratingText } from '../utils/format';
import { REVIEW_MAX } from '../utils/review';
import { StarRating } from './star-rating';
import { SignedOutLog } from './your-log-section';

/** 'YYYY-MM-DD' → "12 March 2024" in the reader's language, without a time-zone shift. */
export const longDate = (d: string) =>
  new Date(`${d}T12:00:00`).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

const field =
  'rounded-lg bg-zinc-800 px-3 py-2 text-sm outline-none ring-1 ring-white/10 focus:ring-2 focus:ring-red-500';
const button =
  'rounded-lg px-3 py-2 text-sm font-medium ring-1 ring-white/15 hover:bg-white/10 disabled:opacity-40';

function Review({ tmdbId, rating, saved }: { tmdbId: number; rating: number | null; saved: string | null }) {
  const actions = useRatingActions(tmdbId);
  const [text, setText] = useState(saved ?? '');
  useEffect(() => setText(saved ?? ''), [saved]);
  const id = useId();
  const dirty = text.trim() !== (saved ?? '');
  return (
    <form
      className="mt-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (rating !== null) actions.save.mutate({ rating, review: text.trim() || null, what: 'review' });
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-zinc-300">
        Your review <span className="font-normal text-zinc-400">(optional)</span>
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={REVIEW_MAX}
        rows={3}
        disabled={rating === null}
        placeholder={rating === null ? 'Rate the movie to write a review' : 'What did you think?'}
        aria-describedby={`${id}-count`}
        className={`${field} mt-1 block w-full resize-y disabled:opacity-50`}
      />
      <div className="mt-1 flex items-center justify-between gap-3">
        <span id={`${id}-count`} className="text-xs text-zinc-400">
          {text.length} / {REVIEW_MAX}
        </span>
        <button type="submit" disabled={rating === null || !dirty || actions.pending} className={button}>
          Save review
        </button>
      </div>
    </form>
  );
}

function LogViewing({ tmdbId, hasEntries }: { tmdbId: number; hasEntries: boolean }) {
  const log = useLogViewing();
  const logged = useLoggedToast();
  const today = localToday();
  const [date, setDate] = useState(today);
  const [rewatch, setRewatch] = useState(hasEntries);
  useEffect(() => setRewatch(hasEntries), [hasEntries]);
  const id = useId();
  const error = !date
    ? 'Choose the day you watched it.'
    : date > today
      ? 'The date can’t be in the future.'
      : date < '1888-01-01'
        ? 'The date must be in 1888 or later.'
        : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (error) return;
    log.mutate(
      { tmdb_id: tmdbId, watched_on: date, rewatch },
      { onSuccess: (entry) => logged(entry, DIARY_TEXT.loggedFor(longDate(date))) },
    );
  };
  return (
    <form onSubmit={submit} className="mt-5 rounded-xl bg-zinc-900/70 p-3 ring-1 ring-white/10" noValidate>
      <fieldset>
        <legend className="text-sm font-medium text-zinc-300">Log a viewing</legend>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <label htmlFor={`${id}-date`} className="sr-only">
            Date watched
          </label>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            max={today}
            min="1888-01-01"
            onChange={(e) => setDate(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${field} [color-scheme:dark]`}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={rewatch} onChange={(e) => setRewatch(e.target.checked)} />
            Rewatch
          </label>
          <button
            type="submit"
            disabled={log.isPending}
            className="rounded-lg bg-red-700 px-3 py-2 text-sm font-medium hover:bg-red-800 disabled:opacity-40"
          >
            Log viewing
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-400">
            {error}
          </p>
        )}
      </fieldset>
    </form>
  );
}

/** The movie page's "Your rating & diary": stars, review, last watch date, logging, this film's viewings. */
export function YourLog({ tmdbId }: { tmdbId: number }) {
  const { user, ready } = useAuth();
  const rating = useRating(tmdbId);
  const diary = useMovieDiary(tmdbId);
  const actions = useRatingActions(tmdbId);
  const remove = useDeleteEntry();
  const heading = (
    <h2 id="your-log" className="text-lg font-semibold">
      Your rating &amp; diary
    </h2>
  );
  if (!ready || !user) return <SignedOutLog shown={ready} />;
  const value = rating.data?.rating ?? null;
  const entries = diary.data?.results ?? [];
  const last = entries[0]?.watched_on;
  return (
    <section aria-labelledby="your-log" className="mt-8 max-w-3xl" data-testid="your-log">
      {heading}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <StarRating
          value={value}
          disabled={rating.isPending || actions.pending}
          onChange={(r) =>
            actions.save.mutate({ rating: r, review: rating.data?.review ?? null, what: 'rating' })
          }
        />
        {value !== null && (
          <button
            type="button"
            onClick={() => actions.clear.mutate()}
            disabled={actions.pending}
            className={button}
            aria-label={`Clear rating (${ratingText(value)})`}
          >
            Clear rating
          </button>
        )}
      </div>
      <p className="mt-2 text-sm text-zinc-300" data-testid="last-watched">
        {diary.isPending
          ? 'Loading your diary…'
          : last
            ? `Last watched ${longDate(last)}${entries.length > 1 ? ` · ${diary.data!.total_results} viewings` : ''}`
            : 'Not in your diary yet.'}
      </p>
      <Review tmdbId={tmdbId} rating={value} saved={rating.data?.review ?? null} />
      <LogViewing tmdbId={tmdbId} hasEntries={entries.length > 0} />
      {entries.length > 0 && (
        <ul className="mt-3 space-y-1" aria-label="Your viewings of this movie">
          {entries.map((e) => (
            <li
              key={e.id}
              className="flex items-center justify-between gap-3 rounded-lg px-2 py-1 text-sm hover:bg-white/5"
            >
              <span>
                {longDate(e.watched_on)}
                {e.rewatch && (
                  <span className="ml-2 rounded bg-zinc-800 px-1.5 py-0.5 text-xs text-zinc-300">
                    Rewatch
                  </span>
                )}
              </span>
              <button
                type="button"
                onClick={() => remove.mutate(e)}
                disabled={remove.isPending}
                className="rounded-md px-2 py-1 text-xs text-zinc-300 ring-1 ring-white/10 hover:bg-white/10"
                aria-label={`Delete the viewing of ${longDate(e.watched_on)}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
