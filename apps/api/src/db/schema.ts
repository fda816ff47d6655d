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
  /** "Where to watch"'s country (migration 0012): null until chosen. */
  country: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: UpdatedAt;
}

/** Issue 46 (migration 0011): a username and whether the profile is public (private by default). */
export interface ProfilesTable {
  user_id: string;
  username: string;
  is_public: ColumnType<boolean, boolean | undefined, boolean>;
  /** Chosen favourite films (TMDB ids, at most 4), in order. */
  favourites: ColumnType<number[], number[] | undefined, number[]>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** follower → followee; 'pending' until a private profile's owner accepts (the insert trigger decides). */
export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  state: ColumnType<'pending' | 'accepted', 'pending' | 'accepted' | undefined, 'pending' | 'accepted'>;
  created_at: CreatedAt;
}

export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: CreatedAt;
}

/** What people did, written by triggers with each write (migration 0011); the feed reads it. */
export interface ActivityTable {
  id: ColumnType<string, never, never>;
  user_id: string;
  kind: 'diary' | 'rating' | 'review' | 'like' | 'playlist';
  tmdb_id: number | null;
  diary_entry_id: number | null;
  like_id: number | null;
  playlist_id: number | null;
  created_at: CreatedAt;
}

/** A like of a review (the ratings row author_id × tmdb_id). */
export interface ReviewLikesTable {
  user_id: string;
  author_id: string;
  tmdb_id: number;
  created_at: CreatedAt;
}

export interface ReviewReportsTable {
  reporter_id: string;
  author_id: string;
  tmdb_id: number;
  reason: 'spam' | 'abuse' | 'spoilers' | 'other';
  note: string | null;
  created_at: CreatedAt;
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
  profiles: ProfilesTable;
  follows: FollowsTable;
  blocks: BlocksTable;
  activity: ActivityTable;
  review_likes: ReviewLikesTable;
  review_reports: ReviewReportsTable;
}
