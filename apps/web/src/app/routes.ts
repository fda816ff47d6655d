type Module = Record<string, unknown>;

/**
 * One screen of the site. The router renders these; the web build turns them, with
 * route-preloads.ts, into dist/route-manifest.json (vite.config.ts, `routeManifest`), from which
 * the server preloads each page's chunks and first data: nothing about the screens is copied into
 * the server.
 */
export interface AppRoute {
  path: string;
  /** The screen's module (each one its own chunk). */
  load: () => Promise<Module>;
  /** The module's export to render (its default one unless given). */
  name?: string;
}

const library = () => import('../pages/library');
const auth = () => import('../pages/auth');
const diary = () => import('../pages/diary');
const social = () => import('../pages/social');

export const ROUTES: AppRoute[] = [
  { path: '/', load: () => import('../pages/home') },
  { path: '/login', load: auth, name: 'LoginPage' },
  { path: '/register', load: auth, name: 'RegisterPage' },
  { path: '/profile-setup', load: auth, name: 'ProfileSetupPage' },
  { path: '/reset-password', load: auth, name: 'ResetPasswordPage' },
  { path: '/movie/:movieId', load: () => import('../pages/movie-details') },
  { path: '/search/:query', load: () => import('../pages/search-results') },
  { path: '/genre/:genreId', load: () => import('../pages/genre') },
  { path: '/cast/:castId/:castName', load: () => import('../pages/cast') },
  { path: '/content/:contentType', load: () => import('../pages/content-list') },
  { path: '/liked', load: library, name: 'LikedPage' },
  { path: '/watched', load: library, name: 'WatchedPage' },
  { path: '/watchlist', load: library, name: 'WatchlistPage' },
  { path: '/recently-visited', load: library, name: 'RecentlyVisitedPage' },
  { path: '/playlists', load: library, name: 'PlaylistsPage' },
  { path: '/playlist/:playlistId', load: library, name: 'PlaylistDetailPage' },
  { path: '/account', load: () => import('../pages/account-settings') },
  { path: '/diary', load: diary },
  { path: '/ratings', load: diary, name: 'RatingsPage' },
  { path: '/stats', load: () => import('../pages/stats') },
  { path: '/account/import', load: () => import('../pages/import-export') },
  { path: '/p/:slug', load: () => import('../pages/public-playlist') },
  { path: '/chatbot', load: () => import('../pages/chatbot') },
  { path: '/u/:username', load: social, name: 'ProfilePage' },
  { path: '/feed', load: social, name: 'FeedPage' },
  { path: '*', load: () => import('../pages/not-found') },
];
