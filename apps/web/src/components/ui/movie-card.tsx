import { createContext, useContext, type ComponentType } from 'react';
import { Link } from 'react-router';
import { Artwork } from './artwork';
import { Rating } from './rating';

export interface CardMovie {
  id: number;
  title?: string | undefined;
  name?: string | undefined;
  poster_path?: string | null | undefined;
  vote_average?: number | undefined;
  vote_count?: number | undefined;
  release_date?: string | undefined;
}

/**
 * What a card offers beside its link (Like, Add to Playlist): a slot that the page fills, so shared
 * UI never imports a feature (docs/architecture.md, the lint rule `import/no-restricted-paths`).
 */
export type MovieCardActions = ComponentType<{ movie: CardMovie; title: string }>;
const CardActionsContext = createContext<MovieCardActions | null>(null);
/** Gives every card below it these actions. */
export const MovieCardActionsProvider = CardActionsContext.Provider;

/** Poster (w500) or a black 'No Poster' box; on hover or focus: name, rating, Like, Add to Playlist. */
export function MovieCard({
  movie,
  className = '',
  eager = false,
  priority = false,
}: {
  movie: CardMovie;
  className?: string;
  eager?: boolean;
  /** Among the page's first paint (a first row's first posters): fetched at high priority. */
  priority?: boolean;
}) {
  const title = movie.title ?? movie.name ?? 'Untitled';
  const Actions = useContext(CardActionsContext);
  return (
    <div className={`group relative overflow-hidden rounded-xl bg-zinc-900 ring-1 ring-white/5 ${className}`}>
      <Link
        to={`/movie/${movie.id}`}
        className="group/link relative block aspect-[2/3]"
        aria-label={`${title}${movie.vote_average ? `, rated ${movie.vote_average.toFixed(1)}` : ''}`}
      >
        <Artwork
          path={movie.poster_path}
          kind="poster"
          id={movie.id}
          size="w500"
          eager={eager}
          priority={priority}
          className="absolute inset-0 h-full w-full object-cover group-hover:scale-105"
          placeholder={
            <span className="absolute inset-0 flex items-center justify-center bg-black text-sm text-zinc-400">
              No Poster
            </span>
          }
        />
        {/* The focus ring, inside the card: the site's outline sits outside an element, where the
            card's rounded, clipped corners (and a row's scroller) would cut it off. Last, so it is
            drawn over the poster and the details that open over it. */}
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 z-10 rounded-xl ring-inset group-focus-visible/link:ring-2 group-focus-visible/link:ring-brand-light"
        />
      </Link>
      <div className="pointer-events-none absolute inset-x-0 bottom-0 translate-y-2 bg-gradient-to-t from-black via-black/80 to-transparent p-3 opacity-0 transition group-focus-within:translate-y-0 group-focus-within:opacity-100 group-hover:translate-y-0 group-hover:opacity-100">
        <p className="line-clamp-2 text-sm font-semibold">{title}</p>
        <div className="mt-1 flex items-center justify-between">
          <Rating value={movie.vote_average} votes={movie.vote_count} className="text-xs" />
          {/* The actions take a pointer's clicks only under a hovering pointer (Tailwind's hover
              needs a device that hovers): on a phone a tap on the poster's corner liked the film
              instead of opening it (a reviewer's walk), and a tap's focus showing them must not
              turn that same tap into a click on them. The keyboard reaches them by focus alone. */}
          {Actions && (
            <span className="pointer-events-none flex gap-1 group-hover:pointer-events-auto">
              <Actions movie={movie} title={title} />
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
