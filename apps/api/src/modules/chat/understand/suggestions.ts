import { SUGGESTION_COUNTS, SUGGESTION_NOUNS } from './lexicon';
import { foldAccents } from './text';

/**
 * "des idées", "alguna idea", "Ideen", "any suggestions": words that ask for suggestions in any
 * language read (after "vous avez", "¿tienes", "hast du"…), never a film's name.
 */
export function asksForSuggestions(words: readonly string[]): boolean {
  const folded = words.map((w) => foldAccents(w.toLowerCase()));
  return (
    folded.some((w) => SUGGESTION_NOUNS.has(w)) &&
    folded.every((w) => SUGGESTION_NOUNS.has(w) || SUGGESTION_COUNTS.has(w))
  );
}
