import { isGrammarWord } from './understand/grammar-words';
import type { Query } from './understand/query';

/**
 * Decision 0118: a title the catalog lacks, typed in lower case where nothing else is read. The
 * reading names a title by its cues ("like X", "do you have X", capitals, quotes); these are the
 * frames it missed, each a place only a title can stand:
 *
 * - the whole message is a name: words the catalog's vectors, keywords and the lexicon do not know
 *   (one of four letters at least), with words of grammar between ("oppenheimer", "encanto?");
 * - a name before "do you have it?" or "where can I watch it?" ("everything everywhere all at once -
 *   where can i watch it on here", "my daughter is begging for encanto, do u have it");
 * - "is X any good?", "is X worth it?" with X no film shown or pointed at.
 *
 * Ordinary words ("bored", "lighthouse") are known to the vectors or the keywords, so they are
 * never a name on their own.
 */
export interface WordKnowledge {
  /** The word is read by the lexicon, known to the vectors, or a catalog keyword. */
  known(word: string): boolean;
  /** The words, read alone, ask for films ("horror from the 80s", "a comedy"): no title then. */
  asksForFilms(text: string): boolean;
}

const AVAILABILITY_AFTER =
  /^(.+?)\s*[,.…:;!?-]*\s*(?:do (?:you|u|ya) (?:guys )?have (?:it|that|this)|where (?:can|do) (?:i|we) (?:watch|see|find|stream) (?:it|that|this)|is (?:it|that) (?:on here|here|available|in (?:the|your) catalog))\b/i;
const VERDICT_FRAME =
  /^(?:so |ok |okay |hey )?is (.+?) (?:any good|worth (?:it|watching|a watch|seeing|the hype))\b/i;
/** Words that end the name when read back from a frame ("begging for encanto"). */
const BEFORE_NAME = /^(?:for|about|called|named|watch|see|seen|have|of|is|was|the movie|the film)$/;
/** What points at films already shown or said, never a title. */
const POINTER =
  /^(?:it|that|this|they|them|those|these|one|any|either|both|the (?:first|second|third|fourth|fifth|last|\d)|number \d)\b|\bones?$/;

const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' -]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** A word that can only be a name: no word the reading, the vectors or the keywords know. */
const nameWord = (w: string, words: WordKnowledge) =>
  /^\p{L}{4,}$/u.test(w) && !isGrammarWord(w) && !words.known(w);

/** No title or person was read, and the message is no greeting or thanks. */
const namesNothing = (q: Query) => !q.like && !q.person && q.social !== 'greeting' && q.social !== 'thanks';

/** Nothing but a name was read: no genre, mood, theme typed, language, years, length or person. */
function readsNothingElse(q: Query): boolean {
  return (
    namesNothing(q) &&
    q.genreGroups.length === 0 &&
    q.moods.length === 0 &&
    q.keywordsIn.length === 0 &&
    q.languages.length === 0 &&
    q.yearFrom === undefined &&
    q.yearTo === undefined &&
    q.runtimeMax === undefined &&
    q.minRating === undefined
  );
}

/** The title typed (as typed, trimmed), or null. */
export function missingTitle(message: string, q: Query, words: WordKnowledge): string | null {
  if (!namesNothing(q)) return null;
  const text = message.trim().replace(/[?!.]+$/, '');
  const all = wordsOf(text);
  const whole = all.length > 0 && all.length <= 6 && all.some((w) => nameWord(w, words));
  if (whole && readsNothingElse(q) && all.every((w) => nameWord(w, words) || isGrammarWord(w))) return text;
  // The frames below are a title's place whatever else the message says ("my daughter": family films).
  const available = AVAILABILITY_AFTER.exec(text)?.[1];
  if (available) {
    const run = wordsOf(available);
    let from = run.length;
    while (from > 0 && !BEFORE_NAME.test(run[from - 1]!) && run.length - from < 6) from--;
    const name = run.slice(from);
    // From the message's start, the frame names whatever is before it; after other words, a name.
    // No request word is part of it ("horror from the 80s, do you have it?" asks for films).
    const named = name.length > 0 && !POINTER.test(name.join(' ')) && !words.asksForFilms(name.join(' '));
    if (named && (from === 0 || name.some((w) => nameWord(w, words)))) return name.join(' ');
  }
  const judged = VERDICT_FRAME.exec(text)?.[1];
  const judgedWords = judged ? wordsOf(judged) : [];
  if (judged && judgedWords.length <= 6 && !POINTER.test(judged.toLowerCase()) && !words.asksForFilms(judged))
    return judged;
  return null;
}
