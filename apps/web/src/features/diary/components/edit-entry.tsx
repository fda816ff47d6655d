import type { DiaryEntry, DiaryEntryPatch } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { localToday, ratingText } from '../utils/format';
import { useUpdateEntry } from '../api/update-entry';
import { StarRating } from './star-rating';
import { REVIEW_MAX } from '../utils/review';

// As the contracts' DiaryTags and DIARY_EARLIEST (plain numbers here: the page needs no zod).
const DIARY_TAGS_MAX = 20;
const DIARY_TAG_MAX = 50;
const DIARY_EARLIEST = '1888-01-01';

const field =
  'rounded-lg bg-zinc-800 px-3 py-2 text-sm outline-none ring-1 ring-white/10 focus:ring-2 focus:ring-red-500';
const button =
  'rounded-lg px-3 py-2 text-sm font-medium ring-1 ring-white/15 hover:bg-white/10 disabled:opacity-40';

/** "imax, with dad" → ['imax', 'with dad']: trimmed, each once (ignoring case), as the API keeps them. */
export function parseTags(text: string): string[] {
  const tags: string[] = [];
  for (const piece of text.split(',')) {
    const tag = piece.replace(/\s+/g, ' ').trim();
    if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  return tags;
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

/**
 * Edits one diary entry in place: its day, rewatch and tags, and the movie's rating and review (one
 * per movie: the movie page shows the same). Escape or Cancel closes without saving.
 */
export function EditEntry({ entry, onClose }: { entry: DiaryEntry; onClose: () => void }) {
  const update = useUpdateEntry();
  const id = useId();
  const today = localToday();
  const [date, setDate] = useState(entry.watched_on);
  const [rewatch, setRewatch] = useState(entry.rewatch);
  const [rating, setRating] = useState<number | null>(entry.rating);
  const [review, setReview] = useState(entry.review ?? '');
  const [tagText, setTagText] = useState(entry.tags.join(', '));
  const tags = parseTags(tagText);
  const error = !date
    ? 'Choose the day you watched it.'
    : date > today
      ? 'The date can’t be in the future.'
      : date < DIARY_EARLIEST
        ? 'The date must be in 1888 or later.'
        : review.trim() && rating === null
          ? 'Rate the movie to write a review.'
          : tags.length > DIARY_TAGS_MAX
            ? `At most ${DIARY_TAGS_MAX} tags.`
            : tags.some((t) => t.length > DIARY_TAG_MAX)
              ? `A tag can be at most ${DIARY_TAG_MAX} characters.`
              : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (error || update.isPending) return;
    const changes: DiaryEntryPatch = {};
    if (date !== entry.watched_on) changes.watched_on = date;
    if (rewatch !== entry.rewatch) changes.rewatch = rewatch;
    if (!same(tags, entry.tags)) changes.tags = tags;
    if (rating !== entry.rating) changes.rating = rating;
    const text = review.trim() || null;
    if (rating !== null && text !== entry.review) changes.review = text;
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ id: entry.id, changes }, { onSuccess: onClose });
  };
  return (
    <form
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      noValidate
      aria-label={`Edit ${entry.title} on ${entry.watched_on}`}
      className="mt-2 w-full space-y-3 rounded-xl bg-zinc-900/70 p-3 ring-1 ring-white/10"
    >
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${id}-date`} className="text-sm text-zinc-300">
          Date watched
        </label>
        <input
          id={`${id}-date`}
          type="date"
          value={date}
          max={today}
          min={DIARY_EARLIEST}
          autoFocus
          onChange={(e) => setDate(e.target.value)}
          className={`${field} [color-scheme:dark]`}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={rewatch} onChange={(e) => setRewatch(e.target.checked)} />
          Rewatch
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <StarRating value={rating} onChange={setRating} label="Rating" />
        <span className="text-sm text-zinc-400">{ratingText(rating)}</span>
        {rating !== null && (
          <button type="button" className={button} onClick={() => setRating(null)}>
            Remove rating
          </button>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-review`} className="text-sm text-zinc-300">
          Review <span className="text-zinc-400">(the movie’s, as on its page)</span>
        </label>
        <textarea
          id={`${id}-review`}
          value={review}
          onChange={(e) => setReview(e.target.value)}
          maxLength={REVIEW_MAX}
          rows={3}
          className={`${field} mt-1 block w-full resize-y`}
        />
      </div>
      <div>
        <label htmlFor={`${id}-tags`} className="text-sm text-zinc-300">
          Tags
        </label>
        <input
          id={`${id}-tags`}
          value={tagText}
          onChange={(e) => setTagText(e.target.value)}
          aria-describedby={`${id}-tags-hint`}
          className={`${field} mt-1 block w-full`}
        />
        <p id={`${id}-tags-hint`} className="mt-1 text-xs text-zinc-400">
          Separate tags with commas (at most {DIARY_TAGS_MAX}).
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={!!error || update.isPending}
          className="rounded-lg bg-red-700 px-3 py-2 text-sm font-medium hover:bg-red-800 disabled:opacity-40"
        >
          Save
        </button>
        <button type="button" className={button} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
