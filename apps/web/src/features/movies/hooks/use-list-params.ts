// A list's state (page, sort, year range) kept in the URL, and the view the server is asked for.
// The pickers that change it are `components/list-controls.tsx`.
import type { ConfigResponse, SortBy } from '@app/contracts';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

export const SORTS = {
  default: '',
  popularity: 'Most popular',
  rating: 'Highest rated',
  newest: 'Newest first',
  oldest: 'Oldest first',
} as const;
export type SortKey = keyof typeof SORTS;

export const FIRST_YEAR = 1900;
export const LAST_YEAR = new Date().getFullYear() + 1;

/** The last year a list can have films of: the offline catalog's reference date's, else next year. */
export function lastYearOf(config: Pick<ConfigResponse, 'catalog'> | undefined): number {
  const year = Number(config?.catalog?.reference_date.slice(0, 4));
  return Number.isInteger(year) && year >= FIRST_YEAR && year < LAST_YEAR ? year : LAST_YEAR;
}

export interface ListParams {
  page: number;
  sort: SortKey;
  from: number | null;
  to: number | null;
}

const year = (v: string | null) => {
  const n = Number(v);
  return v && Number.isInteger(n) && n >= FIRST_YEAR && n <= LAST_YEAR ? n : null;
};

/** Parses ?page=&sort=&from=&to= (anything unusable falls back to its default; a reversed range is turned round). */
export function parseListParams(params: URLSearchParams): ListParams {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  let from = year(params.get('from'));
  let to = year(params.get('to'));
  if (from !== null && to !== null && from > to) [from, to] = [to, from];
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 500 ? page : 1,
    sort: sort && sort in SORTS ? (sort as SortKey) : 'default',
    from,
    to,
  };
}

/**
 * A list's page, sort and year range, kept in the URL (so a shared or reloaded link shows the same
 * list, and Back returns to the previous page of it). Changing the sort or years goes to page 1.
 */
export function useListParams() {
  // useLocation and useNavigate rather than useSearchParams: the router's search-params helpers
  // would add to the framework chunk every page downloads first.
  const { search } = useLocation();
  const navigate = useNavigate();
  const state = parseListParams(new URLSearchParams(search));
  const update = (next: Partial<ListParams>, { replace = false }: { replace?: boolean } = {}) => {
    const merged = { ...state, ...('page' in next ? {} : { page: 1 }), ...next };
    const out = new URLSearchParams();
    if (merged.page > 1) out.set('page', String(merged.page));
    if (merged.sort !== 'default') out.set('sort', merged.sort);
    if (merged.from !== null) out.set('from', String(merged.from));
    if (merged.to !== null) out.set('to', String(merged.to));
    const query = out.toString();
    navigate({ search: query ? `?${query}` : '' }, { replace });
  };
  return { ...state, update, changed: state.sort !== 'default' || state.from !== null || state.to !== null };
}

/**
 * A page past a list's last (an old link, a hand-edited URL, a list that shrank) becomes its last
 * page (page 1 of a list with none), in place of the link (Back does not return to the empty
 * page): "page 99 of 4" with an empty grid would contradict itself.
 */
export function usePageInRange(list: ReturnType<typeof useListParams>, totalPages: number | undefined) {
  const last = Math.max(1, totalPages ?? 1);
  const past = totalPages !== undefined && list.page > last;
  useEffect(() => {
    if (past) list.update({ page: last }, { replace: true });
  }, [past, last]);
  return past;
}

/** The API's order for a sort choice (none: the list's own order). */
export const SORT_BY: Record<SortKey, SortBy | undefined> = {
  default: undefined,
  popularity: 'popularity.desc',
  rating: 'vote_average.desc',
  newest: 'primary_release_date.desc',
  oldest: 'primary_release_date.asc',
};

/** The list view the server is asked for (it sorts and narrows the whole list before paging). */
export const viewOf = ({ sort, from, to }: Pick<ListParams, 'sort' | 'from' | 'to'>) => ({
  sort_by: SORT_BY[sort],
  from,
  to,
});

/**
 * The count line's "M hidden" part ("hide what I've seen"): of the whole list, or of this page
 * where the server pages a live TMDB list.
 */
export function hiddenPart(hidden: number | undefined, live: boolean): string {
  if (!hidden) return '';
  return ` · ${hidden} hidden${live ? ' on this page' : ''}`;
}
