import { movieListUrl } from '../features/movies/api/get-movie-list';
import { movieUrl } from '../features/movies/api/get-movie';
import { publicPlaylistUrl } from '../features/library/api/share-playlist';
import { CONFIG_URL } from '../lib/config';

/**
 * What the server preloads with a page's HTML, read at build time only (never part of the
 * browser's bundle): the web build joins it with routes.ts into dist/route-manifest.json. The
 * URLs come from the features' own URL builders, so they are the ones the screens request.
 */
export interface RoutePreload {
  /** The URLs the screen fetches first, from its path's parameters. */
  data?: (params: Record<string, string>) => string[];
}

/** What every page fetches first, whatever the screen. */
export const SHELL_DATA = [CONFIG_URL];

/**
 * The pages a visitor lands on from outside, by their route's path: the server preloads their
 * screen's chunks (the rest load on navigation) and their first data.
 */
export const LANDING_PAGES: Record<string, RoutePreload> = {
  '/': { data: () => [movieListUrl('popular'), movieListUrl('now_playing'), movieListUrl('top_rated')] },
  '/movie/:movieId': { data: ({ movieId }) => [movieUrl(movieId!)] },
  '/search/:query': {},
  '/genre/:genreId': {},
  '/cast/:castId/:castName': {},
  '/content/:contentType': {},
  '/chatbot': {},
  // A shared playlist's link is opened from outside by people who have never been here.
  '/p/:slug': { data: ({ slug }) => [publicPlaylistUrl(slug!)] },
};
