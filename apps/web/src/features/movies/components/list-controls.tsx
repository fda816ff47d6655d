import { useId, useMemo } from 'react';
import { useConfig } from '../../../lib/config';
import { FIRST_YEAR, lastYearOf, SORTS, type SortKey, type useListParams } from '../hooks/use-list-params';

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
  // Offline, the catalog ends at its reference date: later years would only ever find nothing.
  const last = lastYearOf(useConfig().data);
  const years = useMemo(() => Array.from({ length: last - FIRST_YEAR + 1 }, (_, i) => last - i), [last]);
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
        {years.map((y) => (
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
