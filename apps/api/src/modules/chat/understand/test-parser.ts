import type { CatalogMovie } from '@app/catalog';
import { titleSimilarity } from '../chat-engine';
import { TextIndex } from '../text-index';
import type { ParseContext } from './clauses';
import { CALENDAR_WORDS, FILLER } from './lexicon';
import type { Query } from './query';
import { Speller } from './text';
import { LEXICON_WORDS, understand } from './understand';

/** A catalog film with only what the parser reads. */
export const film = (id: number, title: string, vote_count = 3000): CatalogMovie =>
  ({ id, title, original_title: title, vote_count, genre_ids: [], keywords: [] }) as unknown as CatalogMovie;

/**
 * The parser over a small stand-in catalog, for the understanding tests: titles resolved by the same
 * similarity rule the engine uses, the given keyword vocabulary, and words the catalog "knows".
 * As in the engine, keyword words are typo targets too, and a word the engine knows is not corrected
 * (unless `spellerKnowsWords` is false, to test a correction of such a word).
 */
export function testParser(o: {
  titles: CatalogMovie[];
  keywords: string[];
  knownWords: string[];
  typoTargets: string[];
  spellerKnowsWords?: boolean;
  /** How many films carry each keyword (absent: every keyword is common). */
  keywordFilms?: Record<string, number>;
  /** Words some film's text uses (the text index), for topic words. */
  textWords?: string[];
}): (text: string) => Query {
  const ctx: ParseContext = {
    referenceYear: 2017,
    keywordVocabulary: new Set(o.keywords),
    resolveTitle(text) {
      let best: { movie: CatalogMovie; confidence: number } | null = null;
      for (const m of o.titles) {
        const confidence = titleSimilarity(text, m.title);
        if (confidence > 0.4 && (!best || confidence > best.confidence)) best = { movie: m, confidence };
      }
      return best;
    },
    knownWord: (w) => o.knownWords.includes(w),
    ...(o.keywordFilms ? { keywordFilms: (k: string) => o.keywordFilms![k] ?? 0 } : {}),
    // The index reads each word by its stem, as `TextIndex.words` does.
    ...(o.textWords
      ? { textFilms: (w: string) => (o.textWords!.some((x) => TextIndex.words(x)[0] === w) ? 10 : 0) }
      : {}),
  };
  const knows = o.spellerKnowsWords ?? true;
  const speller = new Speller(
    [...LEXICON_WORDS, ...o.typoTargets],
    // As in the engine, whose speller knows every word of the catalog: days and months are known
    // words there ("Friday" is never corrected to the lexicon's "froide").
    (w) =>
      LEXICON_WORDS.has(w) || FILLER.has(w) || CALENDAR_WORDS.has(w) || (knows && o.knownWords.includes(w)),
    LEXICON_WORDS,
    (w) => LEXICON_WORDS.has(w) || FILLER.has(w),
  );
  return (text) => understand(text, ctx, speller);
}
