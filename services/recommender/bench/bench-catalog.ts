/**
 * The catalog a training bench works on: `base`'s offline catalog (a DATA_DIR), or a synthetic
 * one of `movies` films made from it (`syntheticCatalog`, as bench/train-memory.ts makes them),
 * with its films and the test that makes one a recommendation candidate.
 */
import {
  catalogFilePath,
  CatalogIndex,
  MIN_VOTES_TO_RECOMMEND,
  readCatalogFile,
  syntheticCatalog,
  type CatalogMovie,
} from '@app/catalog';
import { loadCatalog } from '../src/catalog';

export async function benchCatalog(base: string, movies?: string) {
  const catalog = movies
    ? new CatalogIndex(syntheticCatalog(await readCatalogFile(catalogFilePath(base)), Number(movies)))
    : await loadCatalog(base);
  const films: CatalogMovie[] = [...catalog.byId.values()];
  const isCandidate = (m: CatalogMovie) => m.vote_count >= MIN_VOTES_TO_RECOMMEND;
  return { catalog, movies: films, isCandidate };
}
