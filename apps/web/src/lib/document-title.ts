import { useEffect } from 'react';

/** The title of the home page, and of every page until it sets its own (as in index.html). */
export const SITE_TITLE = 'Cinelog — discover movies';

/** The tab's title for this page: "{title} · Cinelog", or the site's own title without one. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · Cinelog` : SITE_TITLE;
  }, [title]);
}

/** "1 movie", "2 movies". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
