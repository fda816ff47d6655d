/**
 * The home page's signed-in rows (For You, Liked Movies, Recently Visited) arrive after the
 * server-rendered first paint, above rows already on screen: a reviewer measured a layout shift of
 * 0.27 on a phone. The page leaves their height at the viewport width it was measured at in a
 * cookie (`HOME_ROWS_COOKIE`, `<px>@<width>`); on the next visit the server reserves that space
 * for the element `HOME_ROWS_ID` at that exact width (a `<style>` with `HOME_ROWS_STYLE_ID`), and
 * the page removes the reservation once its rows are there (decision 0063).
 */
export const HOME_ROWS_COOKIE = 'cl_home_rows';
export const HOME_ROWS_ID = 'user-rows';
export const HOME_ROWS_STYLE_ID = 'user-rows-space';

/** The cookie's value as a height and the width it was measured at, or null when it is not one. */
export function parseHomeRows(value: string | undefined): { height: number; width: number } | null {
  const m = /^(\d{1,4})@(\d{3,4})$/.exec(value ?? '');
  if (!m) return null;
  const height = Number(m[1]);
  const width = Number(m[2]);
  return height > 0 && width >= 200 ? { height, width } : null;
}

/** The `<style>` that reserves the rows' space at the width they were measured at (or '' for none). */
export function homeRowsStyle(value: string | undefined): string {
  const rows = parseHomeRows(value);
  return rows
    ? `<style id="${HOME_ROWS_STYLE_ID}">@media (width:${rows.width}px){#${HOME_ROWS_ID}{min-height:${rows.height}px}}</style>`
    : '';
}
