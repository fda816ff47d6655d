import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One rating, with the movie already mapped to its TMDB id. */
export interface Interaction {
  user: number;
  item: number; // tmdbId
  rating: number; // 0.5 to 5
  timestamp: number;
}

export interface RatingsData {
  interactions: Interaction[];
  /** Ratings whose movieId has no tmdbId in links.csv (dropped). */
  unmapped: number;
}

/**
 * Reads a MovieLens-format folder (ratings.csv and links.csv). MovieLens ids are not TMDB ids:
 * every movieId goes through links.csv, and ratings of movies without a tmdbId are dropped.
 */
export function readMovieLens(dir: string): RatingsData {
  const links = parse(readFileSync(join(dir, 'links.csv'), 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  }) as {
    movieId: string;
    tmdbId: string;
  }[];
  const tmdbOf = new Map<number, number>();
  for (const l of links) {
    const tmdb = Number(l.tmdbId);
    if (l.tmdbId && Number.isInteger(tmdb) && tmdb > 0) tmdbOf.set(Number(l.movieId), tmdb);
  }
  const rows = parse(readFileSync(join(dir, 'ratings.csv'), 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  }) as {
    userId: string;
    movieId: string;
    rating: string;
    timestamp: string;
  }[];
  const interactions: Interaction[] = [];
  let unmapped = 0;
  for (const r of rows) {
    const item = tmdbOf.get(Number(r.movieId));
    if (item === undefined) {
      unmapped++;
      continue;
    }
    interactions.push({
      user: Number(r.userId),
      item,
      rating: Number(r.rating),
      timestamp: Number(r.timestamp),
    });
  }
  return { interactions, unmapped };
}

/** Implicit positives: ratings of 4 or more. */
export const POSITIVE_THRESHOLD = 4;
