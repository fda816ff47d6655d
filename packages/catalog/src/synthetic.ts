import { plainMovie } from './texts';
import type { CatalogFile, CatalogMovie } from './types';

/** Ids of synthetic movies start here: far above TMDB's (about 1.5 million today). */
export const SYNTHETIC_ID_BASE = 100_000_000;

const SEQUEL_WORDS = ['II', 'III', 'Returns', 'Reloaded', 'Origins', 'Rising', 'Legacy', 'Redux', 'Forever'];

/** A small deterministic generator (LCG), so a size always gives the same catalog. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function shiftDate(date: string | null, days: number): string | null {
  if (!date) return null;
  const t = Date.parse(date);
  if (Number.isNaN(t)) return date;
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A larger catalog made from the real one, for growth benchmarks: the real movies, then copies
 * perturbed so that they look like more of the same world: titles recombined (a word of another
 * title, a sequel word, or a letter changed), popularity and votes scaled, dates shifted, genres
 * and text kept (so the bytes per movie stay realistic). Ids are unique and above every TMDB id.
 */
export function syntheticCatalog(real: CatalogFile, movies: number, seed = 1): CatalogFile {
  const rand = rng(seed);
  const source = real.movies;
  const out: CatalogMovie[] = source.slice(0, movies);
  const words = source.flatMap((m) => m.title.split(' ')).filter((w) => w.length > 2);
  for (let i = out.length; i < movies; i++) {
    const base = source[Math.floor(rand() * source.length)]!;
    const kind = Math.floor(rand() * 3);
    let title: string;
    if (kind === 0) title = `${base.title} ${SEQUEL_WORDS[Math.floor(rand() * SEQUEL_WORDS.length)]}`;
    else if (kind === 1) {
      const parts = base.title.split(' ');
      parts[Math.floor(rand() * parts.length)] = words[Math.floor(rand() * words.length)]!;
      title = parts.join(' ');
    } else {
      const at = Math.floor(rand() * base.title.length);
      const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(rand() * 26)]!;
      title = base.title.slice(0, at) + letter + base.title.slice(at + 1);
    }
    const scale = 0.05 + rand() * 1.2;
    const id = SYNTHETIC_ID_BASE + i;
    out.push({
      // The base's fields, its texts and cold fields as values (a loaded movie reads them from its file).
      ...plainMovie(base),
      id,
      imdb_id: null,
      title,
      original_title: title,
      popularity: Math.round(base.popularity * scale * 1000) / 1000,
      vote_count: Math.round(base.vote_count * scale),
      release_date: shiftDate(base.release_date, -Math.floor(rand() * 3650)),
      poster_path: base.poster_path ? `/poster-${id}.svg` : null,
      backdrop_path: `/backdrop-${id}.svg`,
    });
  }
  // Not the real catalog's lists: this one's are made when it is written or indexed.
  const { lists: _lists, ...head } = real;
  return { ...head, built_at: new Date().toISOString(), movies: out };
}

/**
 * The titles every search benchmark types from: the `n` most voted movies' (ties in file order).
 * Real titles only: pass the real catalog's movies, also when a synthetic catalog is served.
 */
export function benchTitles(
  movies: readonly Pick<CatalogMovie, 'title' | 'vote_count'>[],
  n = 2000,
): string[] {
  return [...movies]
    .sort((a, b) => b.vote_count - a.vote_count)
    .slice(0, n)
    .map((m) => m.title);
}
