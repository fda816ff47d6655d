/**
 * The server's render of a landing page's first markup (decision 0031): the API imports this
 * module's build (dist/ssr/entry-server.js, `vite build --ssr`) and writes what `render` returns
 * into the page's HTML, so the first paint (the home hero and rows, a movie's header) needs no
 * script and no second round trip; the browser then hydrates that markup from the same data.
 *
 * Only what an anonymous visitor sees is rendered (the server does not know who asks), and only
 * when all of it could be: a page whose data failed, or that waits on something the server cannot
 * give, is left to the browser (the static shell of index.html).
 */
import { isServerRendered, type MovieDetails, type MoviePage } from '@app/contracts';
import { dehydrate, QueryCache, QueryClient, type DehydratedState, type Query } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { preloadScreen } from './app/router';
import { HERO_COUNT } from './features/movies/components/hero-carousel';
import { sendRequestsWith } from './lib/api-client';
import { configQuery } from './lib/config';
import { createQueryClient } from './lib/query-client';

/** The queries a render asked for and would fetch (not the disabled ones: a signed-out library). */
class RecordingCache extends QueryCache {
  readonly wanted = new Set<Query>();
  constructor() {
    super();
    const build = this.build.bind(this) as (...args: unknown[]) => Query;
    this.build = ((...args: unknown[]) => {
      const query = build(...args);
      const enabled = (args[1] as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
      if ((typeof enabled === 'function' ? enabled(query) : enabled) !== false) this.wanted.add(query);
      return query;
    }) as QueryCache['build'];
  }
}

/**
 * React DOM's static render of `app`: it waits for every Suspense boundary (a lazy screen) to
 * resolve, so the markup is whole, each boundary marked by the comments hydrateRoot reads to
 * hydrate it on its own, and has no inline script (the CSP allows none). Null if a component
 * failed (React would send that part for the browser to render instead, and report an error when
 * hydrating) or React wrote a script anyway: the whole page is left to the browser.
 */
async function renderHtml(app: ReactNode): Promise<string | null> {
  let failed = false;
  const { prelude } = await prerender(app, {
    onError: () => void (failed = true),
    // Every boundary inline, however large: by default React sends a large one after the shell,
    // put in place by an inline script.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  return failed || html.includes('<script') ? null : html;
}

/** What the site shows of a movie in a list: a card (poster, title, rating, date) and the hero's backdrop. */
const SHOWN = [
  'id',
  'title',
  'name',
  'poster_path',
  'backdrop_path',
  'release_date',
  'vote_average',
  'vote_count',
];

/**
 * A catalog list as the page's state carries it (decision 0088): each movie with the fields the
 * cards and the hero show, and its overview only among the first HERO_COUNT (the hero's slides;
 * no card shows one). Every field left out is optional in the contract (`MovieListItem`), so
 * what the browser's cache holds is still a valid answer; it is asked for afresh once stale, as
 * any answer. On `/` the three lists' overviews and unread fields were 60% of the state, 5.6 KB
 * of the HTML's gzip.
 */
function asShown(page: MoviePage): MoviePage {
  return {
    ...page,
    results: page.results.map((movie, i) => {
      const keep = i < HERO_COUNT ? [...SHOWN, 'overview'] : SHOWN;
      return Object.fromEntries(Object.entries(movie).filter(([k]) => keep.includes(k))) as typeof movie;
    }),
  };
}

/** What the movie page shows of a movie (its header and text column). */
const DETAILS_SHOWN = [
  'id',
  'title',
  'overview',
  'poster_path',
  'backdrop_path',
  'release_date',
  'runtime',
  'vote_average',
  'vote_count',
  'genres',
  'production_companies',
];

/**
 * A movie's details as the page's state carries them: the fields the movie page shows, its
 * companies by id and name. What is left out is optional in the contract (`MovieDetails`) or
 * one of the loose fields TMDB adds (budget, revenue, imdb_id...), which the site never reads.
 */
function detailsShown(movie: MovieDetails): MovieDetails {
  const shown = Object.fromEntries(Object.entries(movie).filter(([k]) => DETAILS_SHOWN.includes(k)));
  return {
    ...(shown as MovieDetails),
    production_companies: movie.production_companies.map(({ id, name }) => ({ id, name })),
  };
}

/** The state the browser hydrates from, each catalog answer as the page shows it (asShown, detailsShown). */
function firstPaintState(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => {
      const data = q.state.data;
      if (!data) return q;
      if (q.queryKey[0] === 'movies')
        return { ...q, state: { ...q.state, data: asShown(data as MoviePage) } };
      if (q.queryKey[0] === 'movie')
        return { ...q, state: { ...q.state, data: detailsShown(data as MovieDetails) } };
      return q;
    }),
  };
}

export interface ServerRender {
  /** The markup of the app's root element (what goes inside `<div id="root">`). */
  html: string;
  /** The answers the markup was rendered from (TanStack Query's dehydrated cache). */
  state: DehydratedState;
  /** Every answer the page asked for first was there (none left to the browser). */
  complete: boolean;
}

/**
 * Renders `url` (a path and query) as an anonymous visitor's first render, fetching its data
 * through `send` (the API answering its own paths). Passes render, fetch what the render asked
 * for, and render again until nothing is missing; data not there within `budgetMs` is left to the
 * browser (its part of the page stays a skeleton, as it would in the browser). Null: not rendered.
 */
export async function render(
  url: string,
  send: typeof fetch,
  { budgetMs = 300 }: { budgetMs?: number } = {},
): Promise<ServerRender | null> {
  const pathname = new URL(url, 'http://localhost').pathname;
  // The pages rendered on the server are listed once, for this entry and the API (@app/contracts).
  if (!isServerRendered(pathname)) return null;
  sendRequestsWith(send);
  await preloadScreen(pathname);
  const cache = new RecordingCache();
  const defaults = createQueryClient().getDefaultOptions();
  const client = new QueryClient({
    queryCache: cache,
    // One try: a failure leaves the page to the browser, which retries as it always does.
    defaultOptions: { ...defaults, queries: { ...defaults.queries, retry: false } },
  });
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  const deadline = Date.now() + budgetMs;
  // Every screen's images wait for the site's configuration: asked for with the first pass.
  void client.prefetchQuery(configQuery);
  try {
    for (let pass = 0; pass < 5; pass++) {
      cache.wanted.clear();
      const renderedAt = Date.now();
      const html = await renderHtml(<AppRoot queryClient={client} router={Router} />);
      if (html === null) return null;
      const wanted = [...cache.wanted];
      if (wanted.some((q) => q.state.status === 'error')) return null;
      const missing = wanted.filter((q) => q.state.status === 'pending');
      if (missing.length === 0 || Date.now() >= deadline) {
        return {
          html,
          // Exactly the answers this markup was rendered from: one that arrived during the render
          // is not sent, or the browser's first render would differ from the markup.
          state: firstPaintState(
            dehydrate(client, {
              shouldDehydrateQuery: (q) =>
                q.state.status === 'success' && q.state.dataUpdatedAt <= renderedAt,
            }),
          ),
          complete: missing.length === 0,
        };
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled(missing.map((q) => q.fetch())),
        new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now())))),
      ]);
      clearTimeout(timer);
    }
    return null;
  } finally {
    client.clear();
  }
}
