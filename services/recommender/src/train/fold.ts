import {
  CATALOG_VERSION,
  catalogFilePath,
  CatalogIndex,
  readCatalogFile,
  type CatalogMovie,
} from '@app/catalog';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { contentFingerprint, readCatalogGeneration } from '../catalog-generation';
import { readMovieLens } from '../data/interactions';
import {
  currentArtifactName,
  newVersion,
  readArtifact,
  writeArtifact,
  type ModelArtifact,
} from '../model/artifact';
import { receivedSignalsFile } from './retrain';
import { readSignalsFile } from './signals';
import { makeRanker, servedList, type TrainInput } from './build-model';

/** Lists a fold makes again at most (a sync of a few hundred films touches a few thousand). */
export const MAX_FOLDED_LISTS = 8000;
/** For each new or changed film, the films it is most like, whose lists it may now enter. */
export const REVERSE_NEIGHBOURS = 20;

export interface FoldInput extends Pick<TrainInput, 'ratings' | 'signals'> {
  /** The model being served. */
  served: ModelArtifact;
  /** The synced catalog to follow. */
  catalog: CatalogIndex;
  /** Its generation (`catalog/current.json`). */
  generation: number | null;
  now?: Date;
  maxLists?: number;
  log?: (msg: string) => void;
}

export interface FoldResult {
  artifact: ModelArtifact;
  added: number[];
  changed: number[];
  removed: number[];
  /** Seeds whose lists were made again. */
  lists: number;
}

/**
 * Folds a synced catalog into the served model without training it again (decision 0085): new
 * films and films whose content changed (`contentFingerprint`) get their own lists, and so do the
 * films whose lists they may now enter (their collection's other films, the films they are most
 * like) and the films whose lists named a film that changed or is gone. Every other list is kept as
 * it was, without the removed films. The ranking is the training's (`makeRanker` over the new
 * catalog: TF-IDF by field, catalog vectors, the same collaborative data); what a fold cannot
 * redo without two passes over the catalog, the hub damping, is estimated from the served lists
 * (how often each film is in their first ten).
 */
export function foldModel(input: FoldInput): FoldResult {
  const { served, catalog } = input;
  const log = input.log ?? (() => {});
  const now = input.now ?? new Date();
  const movies = [...catalog.byId.values()];
  const fingerprints: Record<string, number> = {};
  for (const m of movies) fingerprints[m.id] = contentFingerprint(m);
  const { added, changed, removed } = catalogChanges(served, movies, fingerprints);
  const gone = new Set(removed);
  const namesGone = (list: number[]) => list.some((id, k) => k % 2 === 0 && gone.has(id));
  const withoutGone = (list: number[]) => {
    if (!namesGone(list)) return list;
    const out: number[] = [];
    for (let k = 0; k < list.length; k += 2) if (!gone.has(list[k]!)) out.push(list[k]!, list[k + 1]!);
    return out;
  };

  // A removed film that no list named (under 10 votes: never recommended) needs no ranking at all.
  const rankAgain =
    added.length > 0 ||
    changed.length > 0 ||
    (gone.size > 0 && Object.values(served.neighbours).some(namesGone));
  const { neighbours, lists } = rankAgain
    ? rankListsAgain(input, movies, { added, changed, removed }, namesGone, log)
    : { neighbours: {}, lists: 0 };

  // Every other list as served, without the removed films.
  const out: Record<string, number[]> = {};
  for (const m of movies) {
    const own = neighbours[m.id] ?? served.neighbours[m.id];
    if (own) out[m.id] = withoutGone(own);
  }
  const ratings: Record<string, number> = {};
  const genres: Record<string, number[]> = {};
  for (const m of movies) {
    ratings[m.id] = m.vote_average;
    genres[m.id] = m.genre_ids;
  }
  let collaborative: Record<string, number[]> | undefined;
  if (served.collaborative) {
    collaborative = {};
    for (const [id, list] of Object.entries(served.collaborative))
      if (!gone.has(Number(id))) collaborative[id] = withoutGone(list);
  }
  const { folded: _before, ...sources } = served.sources;
  const artifact: ModelArtifact = {
    ...served,
    version: `${newVersion(now)}-g${input.generation ?? 0}`,
    sources: {
      ...sources,
      catalog_movies: movies.length,
      ...(input.generation !== null ? { catalog_generation: input.generation } : {}),
      folded: {
        from: served.version,
        at: now.toISOString(),
        added: added.length,
        changed: changed.length,
        removed: removed.length,
        lists,
      },
    },
    items: movies.length,
    ratings,
    neighbours: out,
    genres,
    ...(collaborative ? { collaborative } : {}),
    trending: (served.trending ?? []).filter((t) => !gone.has(t.item)),
    fingerprints,
  };
  return { artifact, added, changed, removed, lists };
}

interface CatalogChanges {
  added: number[];
  changed: number[];
  removed: number[];
}

/**
 * The films the served model does not have, those whose content changed (`contentFingerprint`;
 * an older model without fingerprints: genres only), and those no longer in the catalog.
 */
function catalogChanges(
  served: ModelArtifact,
  movies: CatalogMovie[],
  fingerprints: Record<string, number>,
): CatalogChanges {
  const inCatalog = new Set(movies.map((m) => m.id));
  const knownIds = Object.keys(served.ratings).map(Number);
  const removed = knownIds.filter((id) => !inCatalog.has(id));
  const added: number[] = [];
  const changed: number[] = [];
  for (const m of movies) {
    if (!(m.id in served.ratings)) added.push(m.id);
    else if (served.fingerprints) {
      if (served.fingerprints[m.id] !== fingerprints[m.id]) changed.push(m.id);
    } else if (String(served.genres?.[m.id] ?? '') !== String(m.genre_ids)) changed.push(m.id); // an older model: genres only
  }
  return { added, changed, removed };
}

/**
 * The lists a fold makes again (`neighbours`, by tmdb id), with the training's ranker over the
 * new catalog: the new and changed films', their collection's, the films they are most like, and
 * the lists that named a film that changed or is gone; at most `maxLists` beyond the first.
 */
function rankListsAgain(
  input: FoldInput,
  movies: CatalogMovie[],
  { added, changed, removed }: CatalogChanges,
  namesGone: (list: number[]) => boolean,
  log: (msg: string) => void,
): { neighbours: Record<string, number[]>; lists: number } {
  const { served, catalog } = input;
  const neighbours: Record<string, number[]> = {};
  const started = performance.now();
  const { indexOf, isCandidate, ranker } = makeRanker({
    catalog,
    ratings: input.ratings,
    signals: input.signals,
  });
  ranker.setHubness(servedHubCounts(served, indexOf, ranker, movies.length));
  log(`fold: ranker over ${movies.length} films in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // The seeds to rank again, most needed first.
  const seeds = new Set<number>();
  const folded = [...added, ...changed].map((id) => indexOf.get(id)!);
  for (const i of folded) seeds.add(i);
  for (const j of collectionMates(movies, folded)) seeds.add(j);
  // Lists that named a removed film: ranked again so they stay full.
  const naming = listsNaming(served, indexOf, new Set([...removed, ...changed]));
  const namingRemoved = naming.filter((s) => namesGone(served.neighbours[movies[s]!.id]!));
  for (const s of namingRemoved) seeds.add(s);
  // The films each new or changed one is most like: its closeness is symmetric, so it may now be
  // among theirs.
  const relevance = new Map<number, Map<number, number>>();
  for (const i of folded) {
    if (!isCandidate(movies[i]!)) continue; // never recommended: in no one's list
    const rel = ranker.relevance(i);
    relevance.set(i, rel);
    for (const [j] of [...rel].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, REVERSE_NEIGHBOURS))
      seeds.add(j);
  }
  for (const s of naming) seeds.add(s);
  const max = input.maxLists ?? MAX_FOLDED_LISTS;
  // Every new or changed film gets its list whatever the bound.
  const order = [...seeds].slice(0, Math.max(max, folded.length));
  if (seeds.size > order.length)
    log(`fold: ${seeds.size - order.length} lists left as they were (at most ${max} a fold)`);
  for (const i of order) {
    const list = servedList(
      { catalog },
      movies,
      isCandidate,
      ranker,
      i,
      relevance.get(i) ?? ranker.relevance(i),
    );
    neighbours[movies[i]!.id] = list.flatMap(([id, s]) => [id, Math.round(s * 1e6) / 1e6]);
  }
  return { neighbours, lists: order.length };
}

/** Hub damping, estimated from the served lists' first ten (the training counts its first pass). */
function servedHubCounts(
  served: ModelArtifact,
  indexOf: Map<number, number>,
  ranker: { hubWeight(seed: number, j: number): number },
  n: number,
): Float64Array {
  const counts = new Float64Array(n);
  for (const [id, list] of Object.entries(served.neighbours)) {
    const s = indexOf.get(Number(id));
    if (s === undefined) continue;
    for (let k = 0; k < Math.min(20, list.length); k += 2) {
      const j = indexOf.get(list[k]!);
      if (j !== undefined) counts[j]! += ranker.hubWeight(s, j);
    }
  }
  return counts;
}

/** The catalog indices of the films in the collections of `folded`'s films (theirs included), in order. */
function collectionMates(movies: CatalogMovie[], folded: number[]): number[] {
  const byCollection = new Map<number, number[]>();
  movies.forEach((m, i) => {
    if (!m.collection) return;
    let l = byCollection.get(m.collection.id);
    if (!l) byCollection.set(m.collection.id, (l = []));
    l.push(i);
  });
  const mates: number[] = [];
  for (const i of folded) {
    const c = movies[i]!.collection;
    if (c) for (const j of byCollection.get(c.id) ?? []) mates.push(j);
  }
  return mates;
}

/** The seeds (catalog indices) whose served lists name one of `touched`. */
function listsNaming(served: ModelArtifact, indexOf: Map<number, number>, touched: Set<number>): number[] {
  const naming: number[] = [];
  for (const [id, list] of Object.entries(served.neighbours)) {
    const s = indexOf.get(Number(id));
    if (s === undefined) continue;
    for (let k = 0; k < list.length; k += 2)
      if (touched.has(list[k]!)) {
        naming.push(s);
        break;
      }
  }
  return naming;
}

/**
 * The catalog file of a generation: `catalog.v{N}.g{G}.json` where the sync writes one per
 * generation (decision 0083), else the catalog's one file (`catalogFilePath`), replaced in place.
 */
export function syncedCatalogFile(dataDir: string, generation: number | null): string {
  if (generation !== null) {
    const own = join(dataDir, 'catalog', `catalog.v${CATALOG_VERSION}.g${generation}.json`);
    if (existsSync(own)) return own;
  }
  return catalogFilePath(dataDir);
}

/**
 * One fold as the service's child process runs it (`fold-cli.ts`): the served model and the synced
 * catalog from DATA_DIR, the same collaborative data as the served model, the new model written
 * (`writeArtifact`: the service swaps it in as it does a retrained one). Throws, writing nothing,
 * when the catalog file does not match `current.json` (a bad or partial file: the old model stays).
 */
export async function foldDataDir(
  dataDir: string,
  log: (msg: string) => void = () => {},
): Promise<FoldResult & { file: string; generation: number | null }> {
  const gen = readCatalogGeneration(dataDir);
  const name = currentArtifactName(dataDir);
  if (!name) throw new Error('no model to fold the catalog into');
  const served = readArtifact(dataDir, name);
  const path = syncedCatalogFile(dataDir, gen?.generation ?? null);
  const file = await readCatalogFile(path);
  if (!Array.isArray(file.movies) || file.movies.length === 0) throw new Error(`${path} has no films`);
  if (gen?.movies !== undefined && gen.movies !== file.movies.length)
    throw new Error(`${path} has ${file.movies.length} films, current.json says ${gen.movies}`);
  if (gen?.built_at !== undefined && file.built_at && gen.built_at !== file.built_at)
    throw new Error(`${path} was built at ${file.built_at}, current.json says ${gen.built_at}`);
  const catalog = new CatalogIndex(file);
  const ratingsPath = served.sources.ratings?.path;
  const ratings =
    ratingsPath && existsSync(ratingsPath)
      ? { path: ratingsPath, interactions: readMovieLens(ratingsPath).interactions }
      : undefined;
  const signals = readSignalsFile(receivedSignalsFile(dataDir));
  const result = foldModel({ served, catalog, generation: gen?.generation ?? null, ratings, signals, log });
  return { ...result, file: writeArtifact(dataDir, result.artifact), generation: gen?.generation ?? null };
}
