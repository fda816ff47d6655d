import { GENRE_PHRASES } from './lexicon';
import { PUNCTUATION, type Token } from './text';

/**
 * Decision 0102 (round 2): which of a message's leftover words name its topic. A word no clause
 * read is a topic word (searched in the catalog's text, `text-index.ts`) only where a person puts
 * a topic: after "about", "where", "involving", "featuring", "set in", "who", "whose" (not "with": "with the lads" is company)
 * ("a film about losing someone", "movies where a crew pulls off one last job"), just before a
 * film noun or a genre ("a lighthouse keeper film", "a newspaper reporters drama"), or in a short
 * message that is only a description ("a lighthouse keeper", "a crew pulling off one last job").
 * The words of the request around it ("tonight", "my wife", "honestly", "we both loved…") are
 * never a topic: a span ends at punctuation, at a clause's joint ("but", "because") and at the
 * person asking ("I", "my", "we").
 */
const CUES = new Set(['about', 'where', 'involving', 'featuring', 'who', 'whose', 'wherein', 'set']);
const ENDS = new Set([
  'but',
  'because',
  'cause',
  'cuz',
  'since',
  'though',
  'tho',
  'although',
  'so',
  'then',
  'please',
  'pls',
  'plz',
  'i',
  'im',
  "i'm",
  "i've",
  "i'd",
  'me',
  'my',
  'we',
  "we're",
  'us',
  'our',
  'you',
  'your',
  'u',
  'for',
  'like',
  'or',
]);
/** Words that make a message a request or a question rather than a bare description. */
const REQUESTING = new Set([
  ...ENDS,
  'what',
  'whats',
  "what's",
  'how',
  'why',
  'who',
  'can',
  'could',
  'would',
  'should',
  'do',
  'does',
  'did',
  'is',
  'are',
  'any',
  'anything',
  'something',
  'recommend',
  'want',
  'need',
]);
const FILM_NOUNS = new Set([
  'film',
  'films',
  'movie',
  'movies',
  'flick',
  'flicks',
  'story',
  'stories',
  'one',
  'ones',
]);
const GENRE_WORDS = new Set(GENRE_PHRASES.flatMap(([, p]) => p).filter((p) => !p.includes(' ')));
/** The longest bare description read as a topic whole (words). */
const DESCRIPTION_MAX = 7;
/** How many words a cue's span runs at most. */
const SPAN_MAX = 8;

const isWord = (t: Token) => !PUNCTUATION.has(t.w);

/** Token indexes in a cue's span: from after the cue to the first joint, punctuation or person. */
function cueSpans(toks: readonly Token[], into: Set<number>): void {
  toks.forEach((t, i) => {
    if (!CUES.has(t.w)) return;
    for (let j = i + 1; j < toks.length && j <= i + SPAN_MAX; j++) {
      const x = toks[j]!;
      if (!isWord(x) || ENDS.has(x.w)) break;
      into.add(j);
    }
  });
}

/** The unread words just before a film noun or a genre word ("lighthouse keeper film"). */
function beforeNouns(toks: readonly Token[], into: Set<number>): void {
  toks.forEach((t, i) => {
    if (!FILM_NOUNS.has(t.w) && !GENRE_WORDS.has(t.w)) return;
    for (let j = i - 1; j >= 0 && j >= i - 3; j--) {
      const x = toks[j]!;
      if (!isWord(x) || x.used || ENDS.has(x.w)) break;
      into.add(j);
    }
  });
}

/** The token indexes whose words, if no clause read them, are the message's topic. */
export function topicSpan(toks: readonly Token[]): Set<number> {
  const span = new Set<number>();
  const words = toks.filter(isWord);
  const bare =
    words.length <= DESCRIPTION_MAX &&
    !toks.slice(0, -1).some((t) => !isWord(t)) &&
    !words.some((t) => REQUESTING.has(t.w));
  if (bare) toks.forEach((t, i) => isWord(t) && span.add(i));
  cueSpans(toks, span);
  beforeNouns(toks, span);
  return span;
}
