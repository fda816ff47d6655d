import { Link } from 'react-router';
import { Artwork } from '../../../components/ui/artwork';
import { profileUrl } from '../api/social-keys';

const TONES = ['bg-red-700', 'bg-amber-700', 'bg-emerald-700', 'bg-sky-700', 'bg-violet-700', 'bg-pink-700'];

/** A person's round badge: the first letter of the username on a colour of its own (no photos). */
export function Avatar({ username, size = 'h-10 w-10 text-base' }: { username: string; size?: string }) {
  let hash = 0;
  for (const c of username.toLowerCase()) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-bold uppercase text-white ${TONES[hash % TONES.length]} ${size}`}
    >
      {username.slice(0, 1)}
    </span>
  );
}

/** An avatar and @username linking to the profile. */
export function PersonLink({
  username,
  className = '',
  onClick,
}: {
  username: string;
  className?: string;
  onClick?: () => void;
}) {
  return (
    <Link
      to={profileUrl(username)}
      onClick={onClick}
      className={`flex min-w-0 items-center gap-3 rounded-lg hover:text-red-300 focus-visible:outline-2 focus-visible:outline-red-500 ${className}`}
    >
      <Avatar username={username} />
      <span className="truncate font-medium">@{username}</span>
    </Link>
  );
}

/** "4.5 out of 5 stars" for a screen reader; ★★★★½ on screen. */
export function Stars({ rating, className = 'text-yellow-400' }: { rating: number; className?: string }) {
  const full = Math.floor(rating);
  return (
    <span className={className}>
      <span aria-hidden="true">
        {'★'.repeat(full)}
        {rating - full ? '½' : ''}
      </span>
      <span className="sr-only">{`${rating} out of 5 stars`}</span>
    </span>
  );
}

/** A small poster linking to the film's page. */
export function Poster({
  movie,
  className = 'w-20',
  decorative = false,
}: {
  movie: { tmdb_id: number; title: string; poster_path: string | null };
  className?: string;
  /** Beside a link to the same film (its title): out of the reading and tab order. */
  decorative?: boolean;
}) {
  return (
    <Link
      to={`/movie/${movie.tmdb_id}`}
      {...(decorative ? { 'aria-hidden': true, tabIndex: -1 } : { 'aria-label': movie.title })}
      title={movie.title}
      className={`relative block aspect-[2/3] shrink-0 overflow-hidden rounded-lg bg-zinc-800 ring-1 ring-white/10 ${className}`}
    >
      <Artwork
        path={movie.poster_path}
        kind="poster"
        id={movie.tmdb_id}
        size="w185"
        className="absolute inset-0 h-full w-full object-cover"
        placeholder={
          <span className="absolute inset-0 flex items-center justify-center p-1 text-center text-[10px] text-zinc-400">
            {movie.title}
          </span>
        }
      />
    </Link>
  );
}

/** '2026-11-26' as the visitor reads dates ("26 Nov 2026"), in UTC so the day does not move. */
export const shortDate = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: iso.length === 10 ? 'UTC' : undefined,
  });
