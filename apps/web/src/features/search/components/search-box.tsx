import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../../components/ui/icons';
import { Rating } from '../../../components/ui/rating';
import { Artwork } from '../../../components/ui/artwork';
import { addToHistory, POPULAR_SEARCHES, readHistory, SEARCH_HISTORY_SHOWN } from '../utils/search-history';
import { useSuggestions } from '../api/get-suggestions';
import { useAutoFocus } from '../../../lib/auto-focus';
import { moveFocus } from '../../../lib/use-outside-click';

export const DEBOUNCE_MS = 300;
export const MIN_QUERY = 2;
export const SUBMIT_BUSY_MS = 500;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * The search box: suggestions from 2 characters (debounced 300 ms, 6 kept), recent and popular
 * searches below that, a 500 ms busy submit, then /search/{query}. Closes on outside click, submit
 * or a pick (the parent owns open/closed and passes onClose).
 */
export function SearchBox({
  onClose,
  autoFocus = true,
  idPrefix = 'search',
}: {
  onClose?: () => void;
  autoFocus?: boolean;
  idPrefix?: string;
}) {
  const field = useAutoFocus<HTMLInputElement>(autoFocus);
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState<string[]>(() => readHistory());
  const debounced = useDebounced(query.trim(), DEBOUNCE_MS);
  const navigate = useNavigate();
  const enabled = debounced.length >= MIN_QUERY;
  const suggestions = useSuggestions(debounced, enabled);
  const waiting = query.trim().length >= MIN_QUERY && (debounced !== query.trim() || suggestions.isFetching);

  const go = (q: string) => {
    const trimmed = q.trim();
    if (!trimmed || busy) return;
    setBusy(true);
    setHistory(addToHistory(trimmed));
    setTimeout(() => {
      setBusy(false);
      onClose?.();
      navigate(`/search/${encodeURIComponent(trimmed)}`);
    }, SUBMIT_BUSY_MS);
  };
  const pick = (id: number, title: string) => {
    setHistory(addToHistory(title));
    onClose?.();
    navigate(`/movie/${id}`);
  };

  // ↓ from the field to the first suggestion (or recent/popular search), ↓ ↑ between them, ↑ from
  // the first back to the field: each is a button, so Enter picks the one in focus.
  const results = useRef<HTMLDivElement>(null);
  const move = (e: KeyboardEvent) =>
    moveFocus([...(results.current?.querySelectorAll<HTMLElement>('button') ?? [])], e, field.current);

  return (
    <div className="w-full" onKeyDown={move}>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          go(query);
        }}
        className="flex gap-2"
      >
        <label htmlFor={`${idPrefix}-input`} className="sr-only">
          Search movies
        </label>
        <input
          id={`${idPrefix}-input`}
          ref={field}
          value={query}
          disabled={busy}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search movies..."
          autoComplete="off"
          className="flex-1 rounded-lg bg-zinc-800 px-3 py-2 text-sm outline-none ring-1 ring-white/10 focus:ring-red-500 disabled:opacity-60"
        />
        <button
          type="submit"
          disabled={!query.trim() || busy}
          aria-label="Search"
          className="rounded-lg bg-red-700 px-3 py-2 hover:bg-red-700 disabled:opacity-40"
        >
          {busy ? (
            <span
              className="block h-5 w-5 animate-spin rounded-full border-2 border-white/40 border-t-white"
              aria-hidden="true"
            />
          ) : (
            <SearchIcon />
          )}
        </button>
      </form>
      <div ref={results} className="mt-3" aria-live="polite">
        {query.trim().length >= MIN_QUERY ? (
          waiting ? (
            <p className="flex items-center gap-2 px-1 py-2 text-sm text-zinc-400">
              <span
                className="h-4 w-4 animate-spin rounded-full border-2 border-zinc-600 border-t-red-500"
                aria-hidden="true"
              />{' '}
              Searching...
            </p>
          ) : suggestions.data && suggestions.data.length > 0 ? (
            <ul aria-label="Suggestions" className="space-y-1">
              {suggestions.data.map((m) => {
                return (
                  <li key={m.id}>
                    <button
                      type="button"
                      onClick={() => pick(m.id, m.title ?? m.name ?? '')}
                      className="flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-zinc-800 focus:bg-zinc-800"
                    >
                      <span className="relative h-12 w-8 shrink-0 overflow-hidden rounded bg-zinc-800">
                        <Artwork
                          path={m.poster_path}
                          kind="poster"
                          id={m.id}
                          size="w92"
                          eager
                          className="absolute inset-0 h-full w-full object-cover"
                          placeholder={
                            <span className="absolute inset-0 flex items-center justify-center bg-black text-[8px] text-zinc-400">
                              No Poster
                            </span>
                          }
                        />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm">{m.title ?? m.name}</span>
                        <span className="text-xs text-zinc-400">{m.release_date || 'Unknown date'}</span>
                      </span>
                      <Rating value={m.vote_average} votes={m.vote_count} className="shrink-0 text-xs" />
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="px-1 py-2 text-sm text-zinc-400">No suggestions found</p>
          )
        ) : (
          <div className="space-y-3">
            {history.length > 0 && (
              <div>
                <h3 className="px-1 text-xs font-semibold uppercase tracking-wide text-zinc-400">
                  Recent searches
                </h3>
                <ul className="mt-1">
                  {history.slice(0, SEARCH_HISTORY_SHOWN).map((h) => (
                    <li key={h}>
                      <button
                        type="button"
                        onClick={() => go(h)}
                        className="w-full rounded-lg px-2 py-1.5 text-left text-sm hover:bg-zinc-800"
                      >
                        {h}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <div>
              <h3 className="px-1 text-xs font-semibold uppercase tracking-wide text-zinc-400">
                Popular searches
              </h3>
              <ul className="mt-1 flex flex-wrap gap-2 px-1">
                {POPULAR_SEARCHES.map((p) => (
                  <li key={p}>
                    <button
                      type="button"
                      onClick={() => go(p)}
                      className="rounded-full bg-zinc-800 px-3 py-1 text-xs hover:bg-zinc-700"
                    >
                      {p}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
