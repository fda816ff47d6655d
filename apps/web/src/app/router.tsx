import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { Layout } from './layout';
import { NotFoundPage, RouteErrorPage } from '../pages/misc-pages';

// Route-level code splitting: each screen is its own chunk.
const Home = lazy(() => import('../pages/home'));
const MovieDetails = lazy(() => import('../pages/movie-details'));
const SearchResults = lazy(() => import('../pages/search-results'));
const Genre = lazy(() => import('../pages/genre'));
const Cast = lazy(() => import('../pages/cast'));
const ContentList = lazy(() => import('../pages/content-list'));
const lib = () => import('../pages/library-pages');
const Liked = lazy(() => lib().then((m) => ({ default: m.LikedPage })));
const Watched = lazy(() => lib().then((m) => ({ default: m.WatchedPage })));
const Watchlist = lazy(() => lib().then((m) => ({ default: m.WatchlistPage })));
const Recent = lazy(() => lib().then((m) => ({ default: m.RecentlyVisitedPage })));
const Playlists = lazy(() => lib().then((m) => ({ default: m.PlaylistsPage })));
const PlaylistDetail = lazy(() => lib().then((m) => ({ default: m.PlaylistDetailPage })));
const auth = () => import('../pages/auth-pages');
const Login = lazy(() => auth().then((m) => ({ default: m.LoginPage })));
const Register = lazy(() => auth().then((m) => ({ default: m.RegisterPage })));
const ProfileSetup = lazy(() => auth().then((m) => ({ default: m.ProfileSetupPage })));
const ResetPassword = lazy(() => auth().then((m) => ({ default: m.ResetPasswordPage })));
const Chatbot = lazy(() => import('../pages/chatbot'));

export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <Home /> },
      { path: '/login', element: <Login /> },
      { path: '/register', element: <Register /> },
      { path: '/profile-setup', element: <ProfileSetup /> },
      { path: '/reset-password', element: <ResetPassword /> },
      { path: '/movie/:movieId', element: <MovieDetails /> },
      { path: '/search/:query', element: <SearchResults /> },
      { path: '/genre/:genreId', element: <Genre /> },
      { path: '/cast/:castId/:castName', element: <Cast /> },
      { path: '/content/:contentType', element: <ContentList /> },
      { path: '/liked', element: <Liked /> },
      { path: '/watched', element: <Watched /> },
      { path: '/watchlist', element: <Watchlist /> },
      { path: '/recently-visited', element: <Recent /> },
      { path: '/playlists', element: <Playlists /> },
      { path: '/playlist/:playlistId', element: <PlaylistDetail /> },
      { path: '/chatbot', element: <Chatbot /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
