import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import { HeartIcon, PlusIcon } from '../../../components/ui/media-icons';
import { MovieCardActionsProvider, type CardMovie } from '../../../components/ui/movie-card';
import { likeToggleOf, useLikeActions, type LikeActions } from '../api/toggle-like';
import { withStyles } from '../../../lib/styles';

// Opened by a click: loaded then, not with every page of cards (decision 0088).
const Modal = lazy(() =>
  withStyles(() => import('./add-to-playlist-modal'))().then((m) => ({ default: m.AddToPlaylistModal })),
);

/** The Add to Playlist dialog, its code loaded when it first opens. */
export function AddToPlaylistModal(props: { tmdbId: number; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}

/** The page's likes and Like / Unlike, shared by its cards (see useLikeActions). */
const LikesContext = createContext<LikeActions | null>(null);

/** One film's like state and toggle, from the page's shared likes. */
function useSharedLikeToggle(id: number) {
  const actions = useContext(LikesContext);
  if (!actions) throw new Error('a card action outside WithLibraryCardActions');
  return likeToggleOf(actions, id);
}

/** A card's library actions: Like and Add to Playlist (with its modal). */
export function LibraryCardActions({ movie, title }: { movie: CardMovie; title: string }) {
  const { liked, toggle } = useSharedLikeToggle(movie.id);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={toggle}
        aria-pressed={liked}
        aria-label={liked ? `Unlike ${title}` : `Like ${title}`}
        className={`rounded-full p-1.5 hover:bg-white/10 ${liked ? 'text-red-500' : 'text-white'}`}
      >
        <HeartIcon filled={liked} width={16} height={16} />
      </button>
      <button
        type="button"
        onClick={() => setAdding(true)}
        aria-label={`Add ${title} to playlist`}
        className="rounded-full p-1.5 text-white hover:bg-white/10"
      >
        <PlusIcon width={16} height={16} />
      </button>
      {adding && <AddToPlaylistModal tmdbId={movie.id} onClose={() => setAdding(false)} />}
    </>
  );
}

/** Every movie card below carries the library's actions (a page wraps its content in this). */
export function WithLibraryCardActions({ children }: { children: ReactNode }) {
  return (
    <LikesContext.Provider value={useLikeActions()}>
      <MovieCardActionsProvider value={LibraryCardActions}>{children}</MovieCardActionsProvider>
    </LikesContext.Provider>
  );
}

/** The hero's large Like button (inside WithLibraryCardActions, as the home page's cards are). */
export function HeroLikeButton({ id, title }: { id: number; title: string }) {
  const { liked, toggle } = useSharedLikeToggle(id);
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={liked}
      aria-label={liked ? `Unlike ${title}` : `Like ${title}`}
      className={`rounded-full bg-white/10 p-3 backdrop-blur hover:bg-white/20 ${liked ? 'text-red-500' : ''}`}
    >
      <HeartIcon filled={liked} />
    </button>
  );
}
