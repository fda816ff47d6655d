import { z } from 'zod';
import { PositiveIntId } from './common';
import { LIBRARY_MESSAGES } from './messages';

const TmdbId = z
  .number({ error: 'tmdb_id must be a number' })
  .int({ error: 'tmdb_id must be a whole number' })
  .positive({ error: 'tmdb_id must be a positive number' })
  .max(2_147_483_647, { error: 'tmdb_id is too large' });

export const TmdbIdBody = z.object({ tmdb_id: TmdbId });
export const TmdbIdParams = z.object({ tmdb_id: PositiveIntId });
export const PlaylistParams = z.object({ id: PositiveIntId });
export const PlaylistMovieParams = z.object({ id: PositiveIntId, tmdb_id: PositiveIntId });

export const PLAYLIST_NAME_MAX = 100;
export const PlaylistBody = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, { error: 'name must not be empty' })
    .max(PLAYLIST_NAME_MAX, { error: `name must be at most ${PLAYLIST_NAME_MAX} characters` }),
});

export const WatchStatus = z.enum(['watched', 'want_to_watch'], {
  error: "status must be 'watched' or 'want_to_watch'",
});
export const WatchStatusBody = z.object({ tmdb_id: TmdbId, status: WatchStatus });
/** DELETE /watch-status/{tmdb_id}: without `status` both are cleared, with it only that one. */
export const WatchStatusClearQuery = z.object({ status: WatchStatus.optional() });
/** GET /playlists: with `tmdb_id`, each playlist says whether it holds that movie. */
export const PlaylistsQuery = z.object({ tmdb_id: PositiveIntId.optional() });

export const MessageResponse = z.object({ message: z.string() }).meta({ id: 'Message' });

export const LikeCreated = z.object({ message: z.literal(LIBRARY_MESSAGES.liked), like_id: z.number() });

const MovieFacts = {
  tmdb_id: z.number(),
  id: z.number().describe('Same as tmdb_id'),
  movie_id: z.number().describe('Same as tmdb_id'),
  title: z.string(),
  overview: z.string(),
  poster_path: z.string().nullable(),
  vote_average: z.number(),
};

export const LikedMovie = z
  .object({ ...MovieFacts, like_id: z.number(), liked_at: z.string() })
  .meta({ id: 'LikedMovie' });
export const PlaylistMovie = z.object({ ...MovieFacts, added_at: z.string() }).meta({ id: 'PlaylistMovie' });

export const Playlist = z
  .object({
    playlist_id: z.number(),
    name: z.string(),
    created_at: z.string(),
    movie_count: z.number(),
    contains_movie: z
      .boolean()
      .optional()
      .describe('Only when the list was asked with ?tmdb_id: whether this playlist holds that movie'),
  })
  .meta({ id: 'Playlist' });
export const PlaylistCreated = z.object({
  playlist_id: z.number(),
  name: z.string(),
  created_at: z.string(),
});

export const PlaylistRenamed = PlaylistCreated.extend({
  message: z.literal(LIBRARY_MESSAGES.playlistRenamed),
});

export const WatchStatusEntry = z
  .object({
    tmdb_id: z.number(),
    title: z.string(),
    vote_average: z.number(),
    poster_path: z.string().nullable(),
    status: WatchStatus,
    updated_at: z.string(),
  })
  .meta({ id: 'WatchStatusEntry' });
export const WatchStatusSet = z.object({ message: z.string(), tmdb_id: z.number(), status: WatchStatus });

export const RecentlyVisitedEntry = z
  .object({
    tmdb_id: z.number(),
    title: z.string(),
    vote_average: z.number(),
    poster_path: z.string().nullable(),
    visited_at: z.string(),
  })
  .meta({ id: 'RecentlyVisitedEntry' });

export const RECENTLY_VISITED_LIMIT = 20;

/** Visits put back by an undo (a removal or a clear of recently visited), each at its own time. */
export const RecentlyVisitedRestore = z.object({
  visits: z
    .array(
      z.object({
        tmdb_id: TmdbId,
        visited_at: z.iso.datetime({ offset: true, error: 'visited_at must be a date and time' }),
      }),
    )
    .max(RECENTLY_VISITED_LIMIT, { error: `At most ${RECENTLY_VISITED_LIMIT} visits` }),
});

export type WatchStatus = z.infer<typeof WatchStatus>;
export type LikedMovie = z.infer<typeof LikedMovie>;
export type PlaylistMovie = z.infer<typeof PlaylistMovie>;
export type Playlist = z.infer<typeof Playlist>;
export type PlaylistCreated = z.infer<typeof PlaylistCreated>;
export type WatchStatusEntry = z.infer<typeof WatchStatusEntry>;
export type RecentlyVisitedEntry = z.infer<typeof RecentlyVisitedEntry>;
export type MessageResponse = z.infer<typeof MessageResponse>;
export type LikeCreated = z.infer<typeof LikeCreated>;
export type WatchStatusSet = z.infer<typeof WatchStatusSet>;
export type PlaylistRenamed = z.infer<typeof PlaylistRenamed>;
