import stopwords from 'stopwords-iso';
import { LEXICON_WORDS } from './understand';

/** The languages the chat reads, by their ISO 639-1 codes (stopwords-iso's keys). */
const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;

let grammar: ReadonlySet<string> | undefined;

/**
 * Words of grammar ("where", "she's", "makes", "verdad"): stopwords-iso's lists for the languages
 * read, less every word the lexicon reads ("long", "old", "war" say what is wanted, so one left
 * unread is worth saying). Nothing a user asks for is lost by not naming these in "I didn't
 * catch…": a friend would not mention them.
 */
export function isGrammarWord(word: string): boolean {
  grammar ??= new Set(
    LANGUAGES.flatMap((l) => (stopwords as Record<string, string[]>)[l] ?? [])
      .map((w) => w.toLowerCase())
      .filter((w) => !LEXICON_WORDS.has(w)),
  );
  return grammar.has(word);
}
