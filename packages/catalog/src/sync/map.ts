import { GENRE_NAMES } from '../genres';
import { MIN_VOTES_TO_RECOMMEND } from '../kind';
import type { CatalogCastMember, CatalogMovie, CatalogPerson } from '../types';

/**
 * Which films a sync keeps (decision 0083), so that the catalog stays bounded (TMDB lists about a
 * million films, most of them seen by nobody).
 */
/** An id of the daily export below this popularity is not even fetched (unless a sync refreshes it). */
export const EXPORT_MIN_POPULARITY = 1;
/** A new film is kept with at least this many votes: below it a film is never recommended (kind.ts)... */
export const KEEP_MIN_VOTES = MIN_VOTES_TO_RECOMMEND;
/** ...or, released within KEEP_RECENT_DAYS or still to come, with at least this popularity (no votes yet). */
export const KEEP_MIN_POPULARITY = 5;
export const KEEP_RECENT_DAYS = 365;
/** Cast members kept per film, in billing order. */
export const MAX_CAST = 15;
export const MAX_WRITERS = 10;

/** The parts of TMDB's `/movie/{id}?append_to_response=keywords,credits,release_dates` a sync reads. */
export interface TmdbMovieDetails {
  id: number;
  adult?: boolean;
  video?: boolean;
  title?: string;
  original_title?: string;
  original_language?: string;
  overview?: string | null;
  tagline?: string | null;
  release_date?: string | null;
  status?: string;
  runtime?: number | null;
  budget?: number;
  revenue?: number;
  vote_average?: number;
  vote_count?: number;
  popularity?: number;
  imdb_id?: string | null;
  poster_path?: string | null;
  backdrop_path?: string | null;
  belongs_to_collection?: { id: number; name: string; backdrop_path?: string | null } | null;
  genres?: { id: number; name?: string }[];
  production_companies?: { id: number; name: string }[];
  production_countries?: { iso_3166_1: string }[];
  keywords?: { keywords?: { id: number; name: string }[] };
  credits?: {
    cast?: { id: number; name: string; character?: string | null; order?: number }[];
    crew?: { id: number; name: string; job?: string; department?: string }[];
  };
  release_dates?: {
    results?: { iso_3166_1: string; release_dates?: { certification?: string; type?: number }[] }[];
  };
}

/** A malformed answer from TMDB: the id counts as failed. */
export class MalformedAnswerError extends Error {}

const isDate = (s: unknown): s is string =>
  typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s));
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const imagePath = (v: unknown): string | null =>
  typeof v === 'string' && /^\/[\w-]+\.(jpg|png)$/.test(v) ? v : null;
const person = (p: { id: unknown; name: unknown }): CatalogPerson | null =>
  typeof p.id === 'number' && typeof p.name === 'string' && p.name.trim()
    ? { id: p.id, name: p.name.trim() }
    : null;

/** The US certification: the theatrical release's first, else any release's; null when none. */
export function usCertification(details: TmdbMovieDetails): string | null {
  const us = details.release_dates?.results?.find((r) => r.iso_3166_1 === 'US');
  const dates = us?.release_dates ?? [];
  const theatrical = dates.find((d) => (d.type === 3 || d.type === 2) && str(d.certification));
  const any = dates.find((d) => str(d.certification));
  return str((theatrical ?? any)?.certification) || null;
}

/** A film's genres the catalog knows, once each. */
function genreIdsOf(d: TmdbMovieDetails): number[] {
  const genre_ids: number[] = [];
  for (const g of d.genres ?? [])
    if (GENRE_NAMES.has(g?.id) && !genre_ids.includes(g.id)) genre_ids.push(g.id);
  return genre_ids;
}

/** A film's keywords, lower-cased, once each. */
function keywordsOf(d: TmdbMovieDetails): string[] {
  const keywords: string[] = [];
  for (const k of d.keywords?.keywords ?? []) {
    const name = str(k?.name).toLowerCase();
    if (name && !keywords.includes(name)) keywords.push(name);
  }
  return keywords;
}

/** The first MAX_CAST of a film's cast in billing order, each person once. */
function castOf(d: TmdbMovieDetails): CatalogCastMember[] {
  const seen = new Set<number>();
  const cast: CatalogCastMember[] = [];
  for (const c of [...(d.credits?.cast ?? [])].sort((a, b) => num(a.order) - num(b.order))) {
    const p = person(c);
    if (!p || seen.has(p.id)) continue;
    seen.add(p.id);
    cast.push({ ...p, character: str(c.character), order: num(c.order) });
    if (cast.length === MAX_CAST) break;
  }
  return cast;
}

/** The first `max` people of a film's crew that `pick` takes, each once. */
function crewOf(
  d: TmdbMovieDetails,
  pick: (c: { job?: string; department?: string }) => boolean,
  max: number,
): CatalogPerson[] {
  const out: CatalogPerson[] = [];
  for (const c of d.credits?.crew ?? []) {
    const p = pick(c) ? person(c) : null;
    if (p && !out.some((x) => x.id === p.id)) out.push(p);
    if (out.length === max) break;
  }
  return out;
}

/**
 * TMDB's details of a film as a catalog movie, with the builder's conventions (build.ts): the
 * generated art's paths, TMDB's image paths kept beside them, genres TMDB no longer has left out,
 * keywords lower-cased. Throws MalformedAnswerError when the answer has no id or title.
 */
export function movieFromDetails(d: TmdbMovieDetails): CatalogMovie {
  if (!d || typeof d !== 'object' || typeof d.id !== 'number' || !Number.isInteger(d.id) || d.id <= 0)
    throw new MalformedAnswerError('the answer has no id');
  const title = str(d.title) || str(d.original_title);
  if (!title) throw new MalformedAnswerError(`movie ${d.id} has no title`);
  const id = d.id;
  const genre_ids = genreIdsOf(d);
  const keywords = keywordsOf(d);
  const cast = castOf(d);
  const crew = (pick: (c: { job?: string; department?: string }) => boolean, max: number) =>
    crewOf(d, pick, max);
  const coll = d.belongs_to_collection;
  const tmdbPoster = imagePath(d.poster_path);
  const runtime = Math.round(num(d.runtime));
  return {
    id,
    imdb_id: str(d.imdb_id) || null,
    title,
    original_title: str(d.original_title) || title,
    original_language: str(d.original_language),
    overview: str(d.overview),
    tagline: str(d.tagline),
    release_date: isDate(d.release_date) ? d.release_date : null,
    status: str(d.status) || 'Released',
    runtime: runtime > 0 ? runtime : null,
    budget: num(d.budget),
    revenue: num(d.revenue),
    vote_average: Math.round(num(d.vote_average) * 10) / 10,
    vote_count: Math.max(0, Math.round(num(d.vote_count))),
    popularity: Math.round(num(d.popularity) * 1000) / 1000,
    poster_path: tmdbPoster ? `/poster-${id}.svg` : null,
    backdrop_path: `/backdrop-${id}.svg`,
    tmdb_poster_path: tmdbPoster,
    tmdb_backdrop_path: imagePath(d.backdrop_path) ?? imagePath(coll?.backdrop_path),
    genre_ids,
    production_companies: (d.production_companies ?? [])
      .filter((c) => typeof c?.id === 'number' && typeof c.name === 'string')
      .map((c) => ({ id: c.id, name: c.name.trim() })),
    production_countries: (d.production_countries ?? [])
      .map((c) => c?.iso_3166_1)
      .filter((c): c is string => typeof c === 'string' && /^[A-Z]{2}$/.test(c)),
    collection:
      coll && typeof coll.id === 'number' && typeof coll.name === 'string'
        ? { id: coll.id, name: coll.name }
        : null,
    keywords,
    cast,
    directors: crew((c) => c.job === 'Director', 10),
    writers: crew((c) => c.department === 'Writing', MAX_WRITERS),
    certification: usCertification(d),
  };
}

/**
 * Why a fetched film is not kept, or null when it is. A film already in the catalog (`known`) is
 * only dropped for being adult, a video or untitled; a new one must also have a date and be
 * seen: KEEP_MIN_VOTES votes, or recent or upcoming with KEEP_MIN_POPULARITY.
 */
export function rejectReason(d: TmdbMovieDetails, known: boolean, now = Date.now()): string | null {
  if (d.adult) return 'adult';
  if (d.video) return 'video';
  if (!str(d.title) && !str(d.original_title)) return 'untitled';
  if (known) return null;
  if (!isDate(d.release_date)) return 'no release date';
  if (num(d.vote_count) >= KEEP_MIN_VOTES) return null;
  const recent = Date.parse(d.release_date) >= now - KEEP_RECENT_DAYS * 86_400_000;
  if (recent && num(d.popularity) >= KEEP_MIN_POPULARITY) return null;
  return 'too few votes';
}
