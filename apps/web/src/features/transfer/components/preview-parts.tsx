import type { ImportPreview } from '@app/contracts';
import { plural } from './transfer-ui';

/** What an import writes, as a sentence-like list (zero lines left out). */
export function WriteList({ counts }: { counts: ImportPreview['will_write'] }) {
  const items = [
    [counts.watched, 'film marked watched', 'films marked watched'],
    [counts.diary, 'diary entry', 'diary entries'],
    [counts.ratings, 'rating'],
    [counts.watchlist, 'film on the watchlist', 'films on the watchlist'],
    [counts.likes, 'like'],
    [counts.playlists, 'playlist from a list', 'playlists from lists'],
    [counts.playlist_entries, 'playlist entry', 'playlist entries'],
  ] as const;
  const shown = items.filter(([n]) => n > 0);
  if (shown.length === 0) return <p className="text-sm text-zinc-400">Nothing to write yet.</p>;
  return (
    <ul className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {shown.map(([n, one, many]) => (
        <li key={one}>{plural(n, one, many)}</li>
      ))}
    </ul>
  );
}

export function Actions({ a }: { a: ImportPreview['matched'][number]['actions'] }) {
  const parts = [
    a.watched && 'watched',
    a.diary > 0 && plural(a.diary, 'viewing'),
    a.rating !== null && `★ ${a.rating}`,
    a.watchlist && 'watchlist',
    a.like && 'liked',
    ...a.lists.map((l) => `list “${l}”`),
  ].filter(Boolean);
  return <span className="text-xs text-zinc-400">{parts.join(' · ')}</span>;
}

export const CONFIDENCE: Record<string, string> = {
  id: 'by id',
  title_year: 'title + year',
  title_near_year: 'year ±1: check',
  title: 'title only: check',
};

export function Stat({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className={`rounded-xl p-3 ring-1 ${tone}`}>
      <div className="text-2xl font-bold tabular-nums">{value.toLocaleString()}</div>
      <div className="text-xs text-zinc-300">{label}</div>
    </div>
  );
}
