import { useState, type ReactNode } from 'react';
import { HeartIcon, PlusIcon } from '../../../components/ui/media-icons';
import { MovieCardActionsProvider, type CardMovie } from '../../../components/ui/movie-card';
import { useLikeToggle } from '../api/toggle-like';
import { AddToPlaylistModal } from './add-to-playlist-modal';

/** A card's library actions: Like and Add to Playlist (with its modal). */
export function LibraryCardActions({ movie, title }: { movie: CardMovie; title: string }) {
  const { liked, toggle } = useLikeToggle(movie.id);
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
  return <MovieCardActionsProvider value={LibraryCardActions}>{children}</MovieCardActionsProvider>;
}

/** The hero's large Like button. */
export function HeroLikeButton({ id, title }: { id: number; title: string }) {
  const { liked, toggle } = useLikeToggle(id);
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
