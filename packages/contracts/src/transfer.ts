import { z } from 'zod';

/** Import, export and shared playlists (issue 16). */

export const ImportSource = z.enum(['letterboxd', 'imdb', 'trakt']);
export type ImportSource = z.infer<typeof ImportSource>;

export const ImportUploadQuery = z.object({
  /** The uploaded file's name: Letterboxd's watched.csv, watchlist.csv and likes/films.csv share their columns. */
  name: z.string().max(255).optional(),
});

export const ImportCandidate = z.object({
  tmdb_id: z.number().int(),
  title: z.string(),
  year: z.string(),
  poster_path: z.string().nullable(),
  overview: z.string(),
});
export type ImportCandidate = z.infer<typeof ImportCandidate>;

/** What the file says about one film, summed over its rows. */
export const ImportActions = z.object({
  like: z.boolean(),
  watched: z.boolean(),
  watchlist: z.boolean(),
  rating: z.number().nullable(),
  diary: z.number().int(),
  lists: z.array(z.string()),
});

export const ImportFilm = z.object({
  key: z.string(),
  title: z.string(),
  year: z.number().int().nullable(),
  rows: z.number().int(),
  actions: ImportActions,
});

export const ImportMatched = ImportFilm.extend({
  match: ImportCandidate,
  confidence: z.enum(['id', 'title_year', 'title_near_year', 'title']),
  /** The library already holds everything the file says about this film: importing adds nothing for it. */
  in_library: z.boolean(),
});
export const ImportAmbiguous = ImportFilm.extend({ candidates: z.array(ImportCandidate) });
export const ImportUnmatched = ImportFilm.extend({ reason: z.string() });

export const ImportCounts = z.object({
  likes: z.number().int(),
  watched: z.number().int(),
  watchlist: z.number().int(),
  ratings: z.number().int(),
  diary: z.number().int(),
  playlists: z.number().int(),
  playlist_entries: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;

/** How many matched, ambiguous and unmatched films a preview shows in full (counts are always whole). */
export const IMPORT_PREVIEW_LIMIT = 200;

export const ImportPreview = z.object({
  preview_id: z.string(),
  source: ImportSource,
  files: z.array(z.string()),
  rows: z.number().int(),
  films: z.number().int(),
  counts: z.object({
    matched: z.number().int(),
    low_confidence: z.number().int(),
    ambiguous: z.number().int(),
    unmatched: z.number().int(),
    skipped_rows: z.number().int(),
    /** Matched films the library already holds whole (the rest have something new). */
    already_in_library: z.number().int(),
  }),
  /** What importing the matched films would add, counted against the library (ambiguous ones add to it once picked). */
  will_write: ImportCounts,
  /** What the file says that the library already holds (left as it is). */
  already_held: ImportCounts,
  matched: z.array(ImportMatched),
  ambiguous: z.array(ImportAmbiguous),
  unmatched: z.array(ImportUnmatched),
  skipped: z.array(
    z.object({ file: z.string(), line: z.number().int(), title: z.string(), reason: z.string() }),
  ),
  expires_at: z.string(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportCommitBody = z.object({
  preview_id: z.string().min(1).max(100),
  /** For each ambiguous film's key: the chosen movie, or null to leave it out. Unpicked ones are left out. */
  picks: z.record(z.string().max(600), z.number().int().positive().max(2_147_483_647).nullable()).default({}),
});
export type ImportCommitBody = z.infer<typeof ImportCommitBody>;

export const ImportJobParams = z.object({ id: z.string().min(1).max(100) });

export const ImportJob = z.object({
  job_id: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  /** Rows written so far and in all (0 … total). */
  done: z.number().int(),
  total: z.number().int(),
  /** Rows actually added; a row the library already held is not counted (running an import twice adds nothing). */
  added: ImportCounts.nullable(),
  /** Whether the owner undid it (what it added was removed). */
  undone: z.boolean(),
  planned: ImportCounts,
  message: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  elapsed_ms: z.number().int(),
});
export type ImportJob = z.infer<typeof ImportJob>;

export const ExportQuery = z.object({ format: z.enum(['json', 'csv']).default('json') });

export const PlaylistShare = z.object({
  public_slug: z.string().nullable(),
  /** The public page's path, `/p/{slug}`, or null while private. */
  path: z.string().nullable(),
});
export type PlaylistShare = z.infer<typeof PlaylistShare>;

export const PublicSlugParams = z.object({ slug: z.string().max(100) });

export const PublicPlaylistMovie = z.object({
  id: z.number().int(),
  tmdb_id: z.number().int(),
  title: z.string(),
  overview: z.string(),
  poster_path: z.string().nullable(),
  vote_average: z.number(),
  release_date: z.string(),
});
export const PublicPlaylist = z.object({
  name: z.string(),
  /** The owner's display name, or null if they have none; never an id or email. */
  owner_name: z.string().nullable(),
  created_at: z.string(),
  movies: z.array(PublicPlaylistMovie),
});
export type PublicPlaylist = z.infer<typeof PublicPlaylist>;
