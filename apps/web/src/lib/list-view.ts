import type { SortBy } from '@app/contracts';

/** How a list is asked for: order, year range (whole years), and whether to hide what the user has seen. */
export interface ListView {
  sort_by?: SortBy | undefined;
  from?: number | null | undefined;
  to?: number | null | undefined;
  hide?: boolean | undefined;
}

/**
 * The list options as query parameters (the server applies them over the whole list), and the
 * query-key parts that keep differently filtered answers apart ('hide-seen' marks the user's own).
 */
export function viewParams(v: ListView = {}): { query: string; key: (string | number)[] } {
  const p = new URLSearchParams();
  if (v.sort_by) p.set('sort_by', v.sort_by);
  if (v.from) p.set('primary_release_date.gte', `${v.from}-01-01`);
  if (v.to) p.set('primary_release_date.lte', `${v.to}-12-31`);
  const options = p.toString();
  if (v.hide) p.set('hide_seen', 'true');
  const query = p.toString();
  return {
    query: query ? `&${query}` : '',
    key: [...(options ? [options] : []), ...(v.hide ? ['hide-seen'] : [])],
  };
}
