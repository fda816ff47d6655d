import MiniSearch from 'minisearch';
import { significantWords } from '../src/catalog-index';
import { compounds, SPACE_OR_PUNCTUATION } from '../src/title-index';
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
    // As the compact index's builder: the words, then hyphenated words joined (decision 0057);
    // queries are split as before.
    tokenize: (text) => [...text.split(SPACE_OR_PUNCTUATION), ...compounds(text)],
    storeFields: [],
    processTerm: (term) => foldAccents(term.toLowerCase()),
    searchOptions: {
      tokenize: (text) => text.split(SPACE_OR_PUNCTUATION),
      prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 2,
      fuzzy: (term) => (term.length <= 4 ? false : term.length <= 8 ? 1 : 2),
      combineWith: 'AND',
    },
  });
  // As CatalogIndex indexes them: an original title that is the title is not a second field (0057).
  search.addAll(
    movies.map((m) => ({ ...m, original_title: m.original_title === m.title ? '' : m.original_title })),
  );
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

/**
 * The ids of the movies whose whole title (or original title) is the query, by popularity: what
 * CatalogIndex puts first (decision 0057), here by comparing the titles' words as strings.
 */
export function referenceExactTitles(movies: readonly CatalogMovie[]): (query: string) => number[] {
  const words = (s: string) =>
    s
      .split(SPACE_OR_PUNCTUATION)
      .map((t) => foldAccents(t.toLowerCase()))
      .filter(Boolean)
      .join(' ');
  return (query) => {
    const q = words(query);
    if (!q) return [];
    const is = (m: CatalogMovie, t: string) => words(m.title) === t || words(m.original_title) === t;
    const bare = movies.filter((m) => is(m, q));
    // Where the words are a whole title, the titles that are those words after an article too.
    const articled =
      bare.length > 0 && !['the', 'a', 'an'].includes(q.split(' ')[0]!)
        ? movies.filter((m) => !bare.includes(m) && ['the', 'a', 'an'].some((a) => is(m, `${a} ${q}`)))
        : [];
    return bare
      .concat(articled)
      .sort((a, b) => b.popularity - a.popularity || a.id - b.id)
      .map((m) => m.id);
  };
}
