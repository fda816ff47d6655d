import { MovieCard, type CardMovie } from './movie-card';

/** Responsive grid: 2 to 5 columns. */
export function MovieGrid({ movies }: { movies: CardMovie[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
      {movies.map((m) => (
        <li key={m.id}>
          <MovieCard movie={m} />
        </li>
      ))}
    </ul>
  );
}
