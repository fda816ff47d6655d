import MiniSearch from 'minisearch';
import { popularityBoost, significantWords } from '../src/catalog-index';
import { compounds, joinedOpening, SPACE_OR_PUNCTUATION } from '../src/title-index';
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
      weights: { fuzzy: 0.45, prefix: 0.8 },
      combineWith: 'AND',
    },
  });
  // As CatalogIndex indexes them: an original title that is the title is not a second field (0057),
  // and of another, only the words the title does not have (0064).
  const tokens = (t: string) => [...t.split(SPACE_OR_PUNCTUATION), ...compounds(t)];
  const fold = (t: string) => foldAccents(t.toLowerCase());
  search.addAll(
    movies.map((m) => {
      if (m.original_title === m.title) return { ...m, original_title: '' };
      const inTitle = new Set(tokens(m.title).map(fold));
      const own = tokens(m.original_title).filter((t) => fold(t) !== '' && !inTitle.has(fold(t)));
      return { ...m, original_title: own.join(' ') };
    }),
  );
  const boosts = new Map(movies.map((m) => [m.id, popularityBoost(m)]));
  const boostDocument = (id: unknown) => boosts.get(id as number) ?? 1;
  const byId = new Map(movies.map((m) => [m.id, m]));
  return (query) => {
    const words = significantWords(query);
    // A last single letter after other words: the other words' titles with a word starting so,
    // the word before it whole (decision 0064).
    const initial = words.length > 1 && /^[a-z]$/.test(words[words.length - 1]!) ? words.pop() : undefined;
    const q = words.join(' ');
    const options = initial === undefined ? { boostDocument } : { boostDocument, prefix: false };
    const starts = (h: { id: unknown }) => {
      if (initial === undefined) return true;
      const m = byId.get(h.id as number)!;
      return [m.title, m.original_title].some((t) => tokens(t).some((w) => fold(w).startsWith(initial)));
    };
    let hits = search.search(q, options).filter(starts);
    // A title typed from its start scores twice its match (decision 0069): the words typed, all
    // of them (stop words too), begin the title, the last as its start, a leading article aside.
    const typed = fold(query)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    if (hits.length > 0 && typed.join('').length >= 4) {
      const begins = (w: string[]) =>
        typed.length <= w.length &&
        typed.every((t, i) => (i === typed.length - 1 ? w[i]!.startsWith(t) : w[i] === t));
      const fromStart = (title: string) => {
        const w = fold(title)
          .split(/[^\p{L}\p{N}]+/u)
          .filter(Boolean);
        // One word typed may also start a title's opening words joined ("spiderm": Spider-Man, 0068).
        const joined = typed.length === 1 && fold(joinedOpening(title) ?? '').startsWith(typed[0]!);
        return (
          joined ||
          begins(w) ||
          (['the', 'a', 'an'].includes(w[0] ?? '') && w[0] !== typed[0] && begins(w.slice(1)))
        );
      };
      hits = hits
        .map((h) => (fromStart(byId.get(h.id as number)!.title) ? { ...h, score: h.score * 2 } : h))
        .sort((a, b) => b.score - a.score);
    }
    // Nothing: two edits from seven letters, then any word.
    if (hits.length === 0)
      hits = search
        .search(q, { ...options, fuzzy: (term) => (term.length <= 4 ? false : term.length <= 6 ? 1 : 2) })
        .filter(starts);
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
