import { isObscure, isShort, isTvMovie, MIN_VOTES_TO_RECOMMEND, type CatalogMovie } from '@app/catalog';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentTerms } from './model/content';

/**
 * What the catalog sync writes last, atomically, after the new catalog file (issue 42):
 * `DATA_DIR/catalog/current.json`. Absent offline (the embedded dataset never changes).
 */
export interface CatalogGeneration {
  generation: number;
  built_at?: string;
  /** How many films the catalog file of this generation holds. */
  movies?: number;
  synced_at?: string;
}

export const currentCatalogFile = (dataDir: string) => join(dataDir, 'catalog', 'current.json');

/** The catalog's generation, null when there is none (offline); throws on a file that is not one. */
export function readCatalogGeneration(dataDir: string): CatalogGeneration | null {
  const file = currentCatalogFile(dataDir);
  if (!existsSync(file)) return null;
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<CatalogGeneration> | null;
  if (!raw || !Number.isSafeInteger(raw.generation) || raw.generation! < 0)
    throw new Error(`${file} has no generation`);
  if (raw.movies !== undefined && !(Number.isSafeInteger(raw.movies) && raw.movies >= 0))
    throw new Error(`${file} has a bad movie count`);
  return raw as CatalogGeneration;
}

/** FNV-1a, 32 bits: enough to tell that a film's content changed between two catalogs. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A fingerprint of what the recommender reads of a film: its content terms (genres, keywords,
 * overview, companies, countries, collection, decade, language, directors, cast) and its kind
 * (candidate, short, TV movie, obscure). A film whose fingerprint changed between two catalogs is
 * folded again (`foldModel`); a change of its average rating alone is not a change of its lists.
 */
export function contentFingerprint(m: CatalogMovie): number {
  const terms = [...contentTerms(m)].map(([t, w]) => `${t}=${w.toFixed(4)}`).sort();
  const kind = [m.vote_count >= MIN_VOTES_TO_RECOMMEND, isShort(m), isTvMovie(m), isObscure(m)]
    .map((b) => (b ? 1 : 0))
    .join('');
  return fnv1a(`${kind}|${m.release_date ?? ''}|${terms.join(' ')}`);
}
