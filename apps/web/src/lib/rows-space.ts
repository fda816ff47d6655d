import { HOME_ROWS_COOKIE, HOME_ROWS_STYLE_ID } from '@app/contracts/home-rows';
import { useLayoutEffect, useRef } from 'react';

/** Kept a month: a visitor who comes back within it gets the space reserved. */
const MAX_AGE_S = 30 * 24 * 3600;

/**
 * The home page's signed-in rows' space (decision 0063): once `settled` (every row there, or known
 * to be absent), the space the server reserved for them at the first paint is handed back, and
 * their height, with the viewport's width, is kept in a cookie for the next visit's first paint
 * (none when there are no rows: signed out, or a user with nothing yet). Done in a layout effect:
 * the reservation goes and the rows are measured before the browser paints, so where the rows
 * fill exactly the space kept for them nothing moves. Measured again when the user changes (`who`).
 */
export function useRowsSpace(settled: boolean, who: string | null) {
  const box = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    if (!settled || !box.current) return;
    document.getElementById(HOME_ROWS_STYLE_ID)?.remove();
    const height = Math.round(box.current.getBoundingClientRect().height);
    document.cookie =
      height > 0
        ? `${HOME_ROWS_COOKIE}=${height}@${window.innerWidth}; path=/; max-age=${MAX_AGE_S}; samesite=lax`
        : `${HOME_ROWS_COOKIE}=; path=/; max-age=0; samesite=lax`;
  }, [settled, who]);
  return box;
}
