import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

/** Movie facts copied from the movie source on first use by a personal-library write. */
export interface MoviesTable {
  tmdb_id: number;
  title: string;
  overview: string;
  poster_path: string | null;
  backdrop_path: string | null;
  release_date: string | null;
  vote_average: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Better Auth's user table (its own camelCase columns). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface LikesTable {
  id: Generated<number>;
  user_id: string;
  tmdb_id: number;
  created_at: CreatedAt;
}

export interface PlaylistsTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  created_at: CreatedAt;
  /** Set when the owner shares the playlist; null is private (the default). */
  public_slug: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PlaylistMoviesTable {
  playlist_id: number;
  tmdb_id: number;
  added_at: CreatedAt;
}

export interface WatchStatusTable {
  user_id: string;
  tmdb_id: number;
  status: 'watched' | 'want_to_watch';
  updated_at: UpdatedAt;
}

export interface RecentlyVisitedTable {
  user_id: string;
  tmdb_id: number;
  visited_at: UpdatedAt;
}

/** A half-star rating (0.5–5; numeric comes back from the driver as a string) and an optional review. */
export interface RatingsTable {
  user_id: string;
  tmdb_id: number;
  rating: ColumnType<string, number | string, number | string>;
  review: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One viewing on a day; `watched_on` is a calendar date ('YYYY-MM-DD'). */
export interface DiaryEntriesTable {
  id: Generated<number>;
  user_id: string;
  tmdb_id: number;
  watched_on: ColumnType<string, string, string>;
  rewatch: ColumnType<boolean, boolean | undefined, boolean>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
}

export interface UserSettingsTable {
  user_id: string;
  hide_watched: ColumnType<boolean, boolean | undefined, boolean>;
  hide_liked: ColumnType<boolean, boolean | undefined, boolean>;
  hide_listed: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: UpdatedAt;
}

export interface DatabaseSchema {
  movies: MoviesTable;
  user: UserTable;
  likes: LikesTable;
  playlists: PlaylistsTable;
  playlist_movies: PlaylistMoviesTable;
  watch_status: WatchStatusTable;
  recently_visited: RecentlyVisitedTable;
  ratings: RatingsTable;
  diary_entries: DiaryEntriesTable;
  user_settings: UserSettingsTable;
}
