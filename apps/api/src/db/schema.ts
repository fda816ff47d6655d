import type { ColumnType, Generated } from 'kysely';

/** Movie facts copied from the movie source on first use by a personal-library write. */
export interface MoviesTable {
  tmdb_id: number;
  title: string;
  overview: string;
  poster_path: string | null;
  backdrop_path: string | null;
  release_date: string | null;
  vote_average: number;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface DatabaseSchema {
  movies: MoviesTable;
}

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Id = Generated<number>;
