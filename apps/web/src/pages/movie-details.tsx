import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorText } from '../components/ui/empty-state';
import { UserIcon } from '../components/ui/icons';
import { HeartIcon, PlusIcon } from '../components/ui/media-icons';
import { Rating } from '../components/ui/rating';
import { AddToPlaylistModal, WithLibraryCardActions } from '../features/library/components/card-actions';
import { Artwork } from '../components/ui/artwork';
import { MovieDetailsSkeleton } from '../components/ui/movie-details-skeleton';
import { Spinner } from '../components/ui/spinner';
import { useLogVisit } from '../features/library/api/log-visit';
import { useLikeToggle } from '../features/library/api/toggle-like';
import { WatchButtons } from '../features/library/components/watch-buttons';
import { creditsQuery } from '../features/movies/api/get-credits';
import { movieQuery } from '../features/movies/api/get-movie';
import { RecommendationsSection } from '../features/recommendations/components/recommendations-section';
import { YourLogSection } from '../features/diary/components/your-log-section';
import { useWatchStatusOf } from '../features/library/api/update-watch-status';
import { useHideSeen } from '../features/library/hooks/hide-seen';
import { useAuth } from '../lib/auth';
import { useConfig, useImageUrl } from '../lib/config';
import { useDocumentTitle } from '../lib/document-title';
import { setPageShortcut } from '../lib/shortcuts';
import { ApiError } from '../lib/api-client';
import { withStyles } from '../lib/styles';

// The "not found" screen is the catch-all route's own chunk: imported here it became a module two
// screens share, and the build's merged chunks then imported each other.
const NotFoundPage = lazy(() => import('./not-found'));
// Live mode's trailer and where to watch (decision 0095): chunks of their own, asked for once the
// session is known (the watch offers follow the user's country), never offline.
const Trailer = lazy(withStyles(() => import('../features/movies/components/trailer')));
const WhereToWatch = lazy(withStyles(() => import('../features/movies/components/where-to-watch')));
// Friends who watched and everyone's reviews: their own chunk, once the session is known (decision 0094).
const MovieSocial = lazy(withStyles(() => import('../features/social/components/movie-social')));

/** `l` likes or unlikes this movie, `w` marks or unmarks it as watched (see lib/shortcuts.ts). */
function useMovieShortcuts(id: number) {
  const like = useLikeToggle(id);
  const watch = useWatchStatusOf(id);
  const latest = useRef({ like, watch });
  latest.current = { like, watch };
  useEffect(() => {
    setPageShortcut('like', () => latest.current.like.toggle());
    setPageShortcut('watched', () => {
      const w = latest.current.watch;
      if (w.watched) w.clear('watched');
      else w.set('watched');
    });
    return () => {
      setPageShortcut('like', null);
      setPageShortcut('watched', null);
    };
  }, [id]);
}

function Actions({ id }: { id: number }) {
  const like = useLikeToggle(id);
  useMovieShortcuts(id);
  const [adding, setAdding] = useState(false);
  const btn =
    'flex items-center gap-2 rounded-lg px-4 py-2.5 text-sm font-medium ring-1 ring-white/15 hover:bg-white/10';
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <button
        type="button"
        onClick={like.toggle}
        aria-pressed={like.liked}
        className={`${btn} ${like.liked ? 'bg-red-700 ring-red-600 hover:bg-red-600' : ''}`}
      >
        <HeartIcon filled={like.liked} /> {like.liked ? 'Liked' : 'Like'}
      </button>
      <WatchButtons id={id} btn={btn} />
      <button type="button" onClick={() => setAdding(true)} className={btn}>
        <PlusIcon /> Add to Playlist
      </button>
      {adding && <AddToPlaylistModal tmdbId={id} onClose={() => setAdding(false)} />}
    </div>
  );
}

function Cast({ id }: { id: number }) {
  const config = useConfig();
  const offline = config.data?.data_mode === 'offline';
  // Offline there is no cast to ask for (the catalog has none): no request, nothing in the page's state.
  const credits = useQuery({ ...creditsQuery(id), enabled: !offline });
  const image = useImageUrl();
  const cast = credits.data?.cast ?? [];
  let body;
  if (offline) {
    // The offline catalog has no cast: no strip, only a quiet note where it would be.
    return (
      <p className="mt-12 text-sm text-zinc-400" data-testid="cast-offline">
        Cast lists are not part of the built-in catalog.
      </p>
    );
  } else if (credits.isPending) {
    body = (
      <div className="h-52">
        <Spinner label="Loading cast" />
      </div>
    );
  } else if (cast.length === 0) {
    body = <p className="mt-2 text-sm text-zinc-400">No cast information.</p>;
  } else {
    body = (
      <ul className="no-scrollbar mt-3 flex gap-4 overflow-x-auto pb-2">
        {cast.slice(0, 20).map((c) => {
          const photo = image(c.profile_path, 'original');
          return (
            <li key={`${c.id}-${c.character}`} className="w-28 shrink-0">
              <Link to={`/cast/${c.id}/${encodeURIComponent(c.name)}`} className="block text-center">
                {photo ? (
                  <img
                    src={photo}
                    alt=""
                    loading="lazy"
                    width={112}
                    height={160}
                    className="h-40 w-28 rounded-xl object-cover"
                  />
                ) : (
                  <span className="flex h-40 w-28 items-center justify-center rounded-xl bg-zinc-800 text-zinc-400">
                    <UserIcon width={40} height={40} />
                  </span>
                )}
                <span className="mt-2 block truncate text-sm font-medium">{c.name}</span>
                <span className="block truncate text-xs text-zinc-400">{c.character}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <section aria-labelledby="cast" className="mt-12">
      <h2 id="cast" className="text-xl font-semibold">
        Cast
      </h2>
      {body}
    </section>
  );
}

function Recommendations({ id }: { id: number }) {
  const seen = useHideSeen();
  return (
    <RecommendationsSection
      id={id}
      hide={seen.hide}
      enabled={!seen.pending}
      cards={(grid) => <WithLibraryCardActions>{grid}</WithLibraryCardActions>}
    />
  );
}

export default function MovieDetailsPage() {
  const { movieId } = useParams();
  const id = Number(movieId);
  const valid = Number.isInteger(id) && id > 0;
  const movie = useQuery({ ...movieQuery(id), enabled: valid });
  const config = useConfig();
  const { user, ready } = useAuth();
  const logVisit = useLogVisit();
  const year = movie.data?.release_date?.slice(0, 4);
  useDocumentTitle(
    movie.data
      ? `${movie.data.title}${year ? ` (${year})` : ''}`
      : !valid
        ? 'Movie not found'
        : (movie.error?.message ?? null),
  );
  useEffect(() => {
    if (user && valid && movie.data) logVisit.mutate(id);
  }, [user?.uid, id, !!movie.data]); // eslint-disable-line react-hooks/exhaustive-deps
  // A film that is not there (an id no film has, or not a number) gets the "not found" screen,
  // as a wrong address does; the server answers it with a 404 too.
  if (!valid || (movie.error instanceof ApiError && movie.error.status === 404))
    return (
      <Suspense fallback={null}>
        <NotFoundPage movie />
      </Suspense>
    );
  // The config too: it decides the cast section's shape (offline note or strip), which must not
  // change under the reader once the page shows.
  if (movie.isPending || (!config.data && !config.isError)) return <MovieDetailsSkeleton />;
  if (movie.isError)
    return (
      <div className="pt-24">
        <ErrorText error={movie.error} onRetry={() => void movie.refetch()} />
      </div>
    );
  const m = movie.data;
  return (
    <article>
      <div className="relative h-[50vh] min-h-[320px] overflow-hidden">
        <Artwork
          path={m.backdrop_path}
          kind="backdrop"
          id={m.id}
          size="original"
          priority
          className="absolute inset-0 h-full w-full object-cover"
        />
        <div className="absolute inset-0 bg-gradient-to-t from-zinc-950 via-zinc-950/70 to-zinc-950/20" />
      </div>
      <div className="mx-auto -mt-48 max-w-7xl px-page pb-16">
        <div className="relative flex flex-col gap-8 md:flex-row">
          <div className="mx-auto w-48 shrink-0 md:mx-0 md:w-64">
            <div className="relative aspect-[2/3] w-full overflow-hidden rounded-2xl bg-zinc-900 shadow-2xl ring-1 ring-white/10">
              <Artwork
                path={m.poster_path}
                kind="poster"
                id={m.id}
                size="w500"
                alt={`${m.title} poster`}
                eager
                className="absolute inset-0 h-full w-full object-cover"
                placeholder={
                  <span className="absolute inset-0 flex items-center justify-center bg-black text-zinc-400">
                    No Poster
                  </span>
                }
              />
            </div>
          </div>
          <div className="min-w-0 flex-1 md:pt-24">
            <h1 className="text-3xl font-extrabold sm:text-4xl">{m.title}</h1>
            <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-zinc-300">
              <Rating value={m.vote_average} votes={m.vote_count} size={16} />
              {m.release_date && <span>{m.release_date}</span>}
              {m.runtime ? <span>{m.runtime} minutes</span> : null}
            </div>
            <ul className="mt-4 flex flex-wrap gap-2">
              {m.genres.map((g) => (
                <li key={g.id}>
                  <Link
                    to={`/genre/${g.id}`}
                    className="rounded-full bg-zinc-800 px-3 py-1 text-xs hover:bg-zinc-700"
                  >
                    {g.name}
                  </Link>
                </li>
              ))}
            </ul>
            <p className="mt-5 max-w-3xl leading-relaxed text-zinc-200">
              {m.overview || 'No overview available.'}
            </p>
            <Actions id={m.id} />
            <YourLogSection tmdbId={m.id} />
            {m.production_companies.length > 0 && (
              <div className="mt-6">
                <h2 className="text-sm font-semibold text-zinc-400">Production Companies</h2>
                <p className="mt-1 text-sm">{m.production_companies.map((c) => c.name).join(', ')}</p>
              </div>
            )}
          </div>
        </div>
        <Cast id={m.id} />
        {ready && config.data?.data_mode === 'live' && (
          <>
            <Suspense fallback={null}>
              <Trailer id={m.id} title={m.title} />
            </Suspense>
            <Suspense fallback={null}>
              <WhereToWatch id={m.id} />
            </Suspense>
          </>
        )}
        {ready && (
          <Suspense fallback={null}>
            <MovieSocial tmdbId={m.id} />
          </Suspense>
        )}
        <Recommendations id={m.id} />
      </div>
    </article>
  );
}
