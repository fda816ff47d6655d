export const SEARCH_HISTORY_KEY = 'movie_search_history';
export const SEARCH_HISTORY_MAX = 10;
export const SEARCH_HISTORY_SHOWN = 3;
export const POPULAR_SEARCHES = [
  'Final Destination',
  'Mission Impossible',
  'Stree 2',
  'Interstellar',
] as const;

/** Trimmed strings only, case-insensitive duplicates removed (first kept), at most 10. */
export function normalizeHistory(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of raw) {
    if (typeof item !== 'string') continue;
    const q = item.trim();
    if (!q || seen.has(q.toLowerCase())) continue;
    seen.add(q.toLowerCase());
    out.push(q);
    if (out.length === SEARCH_HISTORY_MAX) break;
  }
  return out;
}

export function readHistory(storage: Storage = localStorage): string[] {
  try {
    return normalizeHistory(JSON.parse(storage.getItem(SEARCH_HISTORY_KEY) ?? '[]'));
  } catch {
    return [];
  }
}

/** Adds a query as the newest entry. */
export function addToHistory(query: string, storage: Storage = localStorage): string[] {
  const next = normalizeHistory([query, ...readHistory(storage)]);
  try {
    storage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
  } catch {
    /* storage full or blocked: history is a nicety */
  }
  return next;
}
