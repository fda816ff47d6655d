import MiniSearch from 'minisearch';
import { significantWords } from '../src/catalog-index';
import type { CatalogMovie } from '../src/types';

const foldAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/**
 * The title search as it was before the compact index (MiniSearch 7 with the catalog's options,
 * verbatim): the reference the compact index must answer exactly as.
 */
export function referenceSearch(
  movies: readonly CatalogMovie[],
): (query: string) => { id: number; score: number }[] {
  const search = new MiniSearch<CatalogMovie>({
    fields: ['title', 'original_title'],
    storeFields: [],
    processTerm: (term) => foldAccents(term.toLowerCase()),
    searchOptions: {
      prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 2,
      fuzzy: (term) => (term.length <= 4 ? false : term.length <= 8 ? 1 : 2),
      combineWith: 'AND',
    },
  });
  search.addAll(movies);
  const boosts = new Map(movies.map((m) => [m.id, 1 + Math.log10(1 + m.vote_count) / 2]));
  const boostDocument = (id: unknown) => boosts.get(id as number) ?? 1;
  return (query) => {
    const words = significantWords(query);
    const q = words.join(' ');
    let hits = search.search(q, { boostDocument });
    if (hits.length === 0) hits = search.search(q, { combineWith: 'OR', boostDocument });
    return hits.map((h) => ({ id: h.id as number, score: h.score }));
  };
}
