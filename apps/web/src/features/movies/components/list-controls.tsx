import type { SortBy } from '@app/contracts';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';

export const SORTS = {
  default: '',
  popularity: 'Most popular',
  rating: 'Highest rated',
  newest: 'Newest first',
  oldest: 'Oldest first',
} as const;
export type SortKey = keyof typeof SORTS;

const FIRST_YEAR = 1900;
const LAST_YEAR = new Date().getFullYear() + 1;

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
  const update = (next: Partial<ListParams>) => {
    const merged = { ...state, ...('page' in next ? {} : { page: 1 }), ...next };
    const out = new URLSearchParams();
    if (merged.page > 1) out.set('page', String(merged.page));
    if (merged.sort !== 'default') out.set('sort', merged.sort);
    if (merged.from !== null) out.set('from', String(merged.from));
    if (merged.to !== null) out.set('to', String(merged.to));
    const query = out.toString();
    navigate({ search: query ? `?${query}` : '' });
  };
  return { ...state, update, changed: state.sort !== 'default' || state.from !== null || state.to !== null };
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

const YEARS = Array.from({ length: LAST_YEAR - FIRST_YEAR + 1 }, (_, i) => LAST_YEAR - i);

/**
 * Sort and year-range pickers; the server applies them to the whole list. `defaultLabel` names
 * the list's own order (best match, most popular...).
 */
export function ListControls({
  params,
  defaultLabel,
}: {
  params: ReturnType<typeof useListParams>;
  defaultLabel: string;
}) {
  const id = useId();
  const select = 'rounded-lg bg-zinc-900 px-3 py-2 text-sm text-zinc-100 ring-1 ring-white/10';
  const yearSelect = (which: 'from' | 'to', label: string) => (
    <label className="flex items-center gap-2 text-sm text-zinc-400">
      {label}
      <select
        aria-label={label}
        className={select}
        value={params[which] ?? ''}
        onChange={(e) => params.update({ [which]: e.target.value ? Number(e.target.value) : null })}
      >
        <option value="">Any year</option>
        {YEARS.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="mb-6">
      <div className="flex flex-wrap items-center gap-3" role="group" aria-label="Sort and year range">
        <label htmlFor={`${id}-sort`} className="flex items-center gap-2 text-sm text-zinc-400">
          Sort by
          <select
            id={`${id}-sort`}
            className={select}
            value={params.sort}
            onChange={(e) => params.update({ sort: e.target.value as SortKey })}
          >
            {Object.entries(SORTS)
              .filter(([value]) => value !== 'popularity' || defaultLabel !== SORTS.popularity)
              .map(([value, label]) => (
                <option key={value} value={value}>
                  {label || defaultLabel}
                </option>
              ))}
          </select>
        </label>
        {yearSelect('from', 'From')}
        {yearSelect('to', 'To')}
        {params.changed && (
          <button
            type="button"
            onClick={() => params.update({ sort: 'default', from: null, to: null })}
            className="rounded-lg py-2 text-sm text-red-400 hover:text-red-300 hover:underline"
          >
            Reset
          </button>
        )}
      </div>
    </div>
  );
}
