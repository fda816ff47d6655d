import MiniSearch from 'minisearch';
import { popularityBoost, significantWords, STOP_WORDS } from '../src/catalog-index';
import { compounds, joinedOpening, SPACE_OR_PUNCTUATION, superscriptsAsDigits } from '../src/title-index';
import type { CatalogMovie } from '../src/types';

const foldAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/**
 * The title search as it was before the compact index (MiniSearch 7 with the catalog's options,
 * verbatim): the reference the compact index must answer exactly as.
 */
export function referenceSearch(
  catalog: readonly CatalogMovie[],
): (query: string) => { id: number; score: number }[] & { query?: string } {
  // Titles are read with a superscript number as plain digits (decision 0071).
  const movies = catalog.map((m) => ({
    ...m,
    title: superscriptsAsDigits(m.title),
    original_title: superscriptsAsDigits(m.original_title),
  }));
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
  // Each indexed word and how many times the titles hold it (as the index counts its postings).
  const held = new Map<string, number>();
  for (const m of movies) {
    const inTitle = new Set(tokens(m.title).map(fold));
    const own =
      m.original_title === m.title ? [] : tokens(m.original_title).filter((t) => !inTitle.has(fold(t)));
    for (const t of [...tokens(m.title), ...own].map(fold)) if (t) held.set(t, (held.get(t) ?? 0) + 1);
  }
  const words = [...held.keys()];
  const startsHeld = (p: string) => words.reduce((n, w) => (w.startsWith(p) ? n + held.get(w)! : n), 0);
  const distance = (a: string, b: string): number => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++)
        next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row = next;
    }
    return row[b.length]!;
  };
  /**
   * Decision 0071, from its rule: a word searched, of six letters or more, that no title holds,
   * nor starts (the last word), nor is within the usual tolerance of (one edit from five letters,
   * two from nine), read as two indexed words, then as three, each of two letters or more; of
   * each, three readings at most, whose least held word is held most first. Whole words searched
   * exactly are tried before two slips; after them, the last word's last one may be a word's start
   * and the words are searched as typed words are.
   */
  const readings = (word: string, last: boolean, exact: boolean): string[][] => {
    const slips = word.length <= 4 ? 0 : word.length <= 8 ? 1 : 2;
    if (word.length < 6 || held.has(word) || (last && startsHeld(word) > 0)) return [];
    if (words.some((w) => Math.abs(w.length - word.length) <= slips && distance(w, word) <= slips)) return [];
    const count = (w: string, end: boolean) =>
      w.length < 2 ? 0 : (held.get(w) ?? (end && last && !exact ? startsHeld(w) : 0));
    const found: { words: string[]; least: number }[] = [];
    const split = (rest: string, so: string[], least: number, pieces: number): void => {
      if (pieces === 1) {
        const n = count(rest, true);
        if (n > 0) found.push({ words: [...so, rest], least: Math.min(least, n) });
        return;
      }
      for (let i = 2; i <= rest.length - 2; i++) {
        const n = count(rest.slice(0, i), false);
        if (n > 0) split(rest.slice(i), [...so, rest.slice(0, i)], Math.min(least, n), pieces - 1);
      }
    };
    const out: string[][] = [];
    for (let pieces = 2; pieces <= 3; pieces++) {
      found.length = 0;
      split(word, [], Infinity, pieces);
      out.push(
        ...found
          .sort((a, b) => b.least - a.least)
          .slice(0, 3)
          .map((r) => r.words),
      );
    }
    return out;
  };
  const answer = (
    query: string,
    reading?: 'exact' | 'loose',
  ): { id: number; score: number }[] & { query?: string } => {
    const words = significantWords(query);
    const searched = [...words];
    // A reading of more words than are searched is none.
    if (
      reading &&
      fold(superscriptsAsDigits(query))
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w && !STOP_WORDS.has(w)).length > words.length
    )
      return [];
    // A last single letter after other words: the other words' titles with a word starting so,
    // the word before it whole (decision 0064).
    const initial = words.length > 1 && /^[a-z]$/.test(words[words.length - 1]!) ? words.pop() : undefined;
    const q = words.join(' ');
    const options =
      reading === 'exact'
        ? { boostDocument, prefix: false, fuzzy: false }
        : initial === undefined
          ? { boostDocument }
          : { boostDocument, prefix: false };
    const starts = (h: { id: unknown }) => {
      if (initial === undefined) return true;
      const m = byId.get(h.id as number)!;
      return [m.title, m.original_title].some((t) => tokens(t).some((w) => fold(w).startsWith(initial)));
    };
    let hits = search.search(q, options).filter(starts);
    // A title typed from its start scores twice its match (decision 0069): the words typed, all
    // of them (stop words too), begin the title, the last as its start, a leading article aside.
    const typed = fold(superscriptsAsDigits(query))
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
    if (hits.length === 0 && reading) return [];
    // Nothing: a word read as whole words typed without spaces; two edits from seven letters; a
    // looser reading; then any word.
    const read = (mode: 'exact' | 'loose') => {
      for (let w = typed.length - 1; w >= 0; w--) {
        if (!searched.includes(typed[w]!)) continue;
        for (const r of readings(typed[w]!, w === typed.length - 1, mode === 'exact')) {
          const spaced = [...typed.slice(0, w), ...r, ...typed.slice(w + 1)].join(' ');
          // Only titles whose words, run together from one of them, are the word typed (or, loose,
          // start with it).
          const runs = (t: string) => {
            const tw = fold(t)
              .split(/[^\p{L}\p{N}]+/u)
              .filter(Boolean);
            return tw.some((_, i) =>
              tw.slice(i).some((__, k) => {
                const joined = tw.slice(i, i + k + 1).join('');
                return joined === typed[w] || (mode === 'loose' && joined.startsWith(typed[w]!));
              }),
            );
          };
          const found = answer(spaced, mode).filter((h) => {
            const m = byId.get(h.id)!;
            return runs(m.title) || (m.original_title !== m.title && runs(m.original_title));
          });
          if (found.length > 0) return Object.assign(found, { query: spaced });
        }
      }
      return undefined;
    };
    if (hits.length === 0) {
      const found = read('exact');
      if (found) return found;
    }
    if (hits.length === 0)
      hits = search
        .search(q, { ...options, fuzzy: (term) => (term.length <= 4 ? false : term.length <= 6 ? 1 : 2) })
        .filter(starts);
    if (hits.length === 0) {
      const found = read('loose');
      if (found) return found;
    }
    if (hits.length === 0) hits = search.search(q, { combineWith: 'OR', boostDocument });
    return hits.map((h) => ({ id: h.id as number, score: h.score }));
  };
  return (query) => answer(query);
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
    const is = (m: CatalogMovie, t: string) =>
      words(superscriptsAsDigits(m.title)) === t || words(superscriptsAsDigits(m.original_title)) === t;
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
