import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './layout';

// Route-level code splitting: each screen is its own chunk. React Router runs in its declarative
// mode (no data router): the screens fetch through TanStack Query, and the data router's code
// (about 16 KB gzip) would be loaded for nothing.
type Module = Record<string, unknown>;
/** A lazily loaded screen: `name` is the module's export (its default one unless given). */
const page = (load: () => Promise<Module>, name = 'default') =>
  lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
const lib = () => import('../pages/library-pages');
const auth = () => import('../pages/auth-pages');

const Home = page(() => import('../pages/home'));
const MovieDetails = page(() => import('../pages/movie-details'));
const SearchResults = page(() => import('../pages/search-results'));
const Genre = page(() => import('../pages/genre'));
const Cast = page(() => import('../pages/cast'));
const ContentList = page(() => import('../pages/content-list'));
const Liked = page(lib, 'LikedPage');
const Watched = page(lib, 'WatchedPage');
const Watchlist = page(lib, 'WatchlistPage');
const Recent = page(lib, 'RecentlyVisitedPage');
const Playlists = page(lib, 'PlaylistsPage');
const PlaylistDetail = page(lib, 'PlaylistDetailPage');
const Login = page(auth, 'LoginPage');
const Register = page(auth, 'RegisterPage');
const ProfileSetup = page(auth, 'ProfileSetupPage');
const ResetPassword = page(auth, 'ResetPasswordPage');
const Account = page(() => import('../pages/account'));
const Chatbot = page(() => import('../pages/chatbot'));
const NotFoundPage = page(() => import('../pages/not-found'));

/** Every screen of the site, inside the shared layout (top bar, footer, chat widget). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<Home />} />
        <Route path="/login" element={<Login />} />
        <Route path="/register" element={<Register />} />
        <Route path="/profile-setup" element={<ProfileSetup />} />
        <Route path="/reset-password" element={<ResetPassword />} />
        <Route path="/movie/:movieId" element={<MovieDetails />} />
        <Route path="/search/:query" element={<SearchResults />} />
        <Route path="/genre/:genreId" element={<Genre />} />
        <Route path="/cast/:castId/:castName" element={<Cast />} />
        <Route path="/content/:contentType" element={<ContentList />} />
        <Route path="/liked" element={<Liked />} />
        <Route path="/watched" element={<Watched />} />
        <Route path="/watchlist" element={<Watchlist />} />
        <Route path="/recently-visited" element={<Recent />} />
        <Route path="/playlists" element={<Playlists />} />
        <Route path="/playlist/:playlistId" element={<PlaylistDetail />} />
        <Route path="/account" element={<Account />} />
        <Route path="/chatbot" element={<Chatbot />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
