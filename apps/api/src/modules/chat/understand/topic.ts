import { GENRE_PHRASES } from './lexicon';
import { PUNCTUATION, type Token } from './text';

/**
 * Decision 0102 (round 2): which of a message's leftover words name its topic. A word no clause
 * read is a topic word (searched in the catalog's text, `text-index.ts`) only where a person puts
 * a film's topic: after "about", "where", "involving", "featuring", "set in", "who", "whose" that
 * follow the films asked for ("a film about losing someone", "movies where a crew pulls off one
 * last job", "a drama about the watergate break-in", "something set in a lighthouse"), or in a
 * short message that is only a description ("a lighthouse keeper", "a newspaper reporters drama"),
 * or just before "film" or "movie" ("a space exploration movie").
 * The words of the request around it never are: "tonight", "my wife", "the lads", what the asker
 * cares about ("I don't care about genre"), an amount ("about 40 times"), or the judgement words
 * before a genre ("the greatest war movies", "insane action"). A span ends at punctuation, at a
 * clause's joint ("but", "because") and at the person asking ("I", "my", "we"). Words are read as
 * typed, not as the speller corrected them ("where" is no "there").
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
  'myself',
  'we',
  "we're",
  'us',
  'our',
  'you',
  "you're",
  'youre',
  "you've",
  "you'll",
  "you'd",
  'your',
  'u',
  'for',
  'like',
]);
/** Politeness around a bare description, never part of it (decision 0159). */
const POLITE = new Set(['please', 'pls', 'plz', 'thanks', 'thx', 'ty']);
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
/** What a cue must follow to be about the films asked for ("a film about", "something where"). */
const FILM_NOUNS = new Set([
  'film',
  'films',
  'movie',
  'movies',
  'flick',
  'flicks',
  'one',
  'ones',
  'something',
  'anything',
  'documentary',
  'documentaries',
  "that's",
  'thats',
]);
const GENRE_WORDS = new Set(GENRE_PHRASES.flatMap(([, p]) => p).filter((p) => !p.includes(' ')));
/** Words of the request itself, never its topic ("spanish-language", "the scarier the better"). */
export const NOT_TOPICS = new Set(
  (
    'language languages subtitles subtitled dubbed better best worse worst good great greatest ' +
    'actually really kind sort type vibe vibes genre genres watch watching watched seen time times ' +
    'night tonight today tomorrow weekend recommendation recommendations suggestion suggestions ' +
    // How firmly something is asked ("preferably a french one if possible", "music ones specifically").
    'preferably ideally possible possibly necessarily specifically especially particularly definitely ' +
    'honestly literally basically seriously prefer preferred prefered optional ' +
    // Decision 0127: how a film is judged or what it is to the viewer, never what it is about ("the
    // big prestige films of the 70s", "good starter films", "absorbing films for a long flight").
    'essential essentials starter starters beginner beginners introductory prestige prestigious ' +
    'acclaimed celebrated renowned underrated overrated underappreciated overlooked iconic legendary ' +
    'landmark seminal influential definitive masterpiece masterpieces absorbing gripping compelling ' +
    'engaging engrossing riveting immersive captivating unmissable memorable rewatchable ' +
    // Decision 0159: what a film is worth, how long it runs ("worth my time", "120 minutes long").
    'worth long ' +
    // Decision 0160: what is on the screen ("what should be playing?").
    'playing'
  ).split(' '),
);

/** The longest bare description read as a topic whole (words). */
const DESCRIPTION_MAX = 7;
/** How many words a cue's span runs at most. */
const SPAN_MAX = 8;

const isWord = (t: Token) => !PUNCTUATION.has(t.raw);

/** A cue that follows the films asked for, or opens the message ("about a lighthouse keeper"). */
function attached(toks: readonly Token[], i: number): boolean {
  if (i === 0) return true;
  const before = toks[i - 1]!.raw;
  return FILM_NOUNS.has(before) || GENRE_WORDS.has(before);
}

/** Token indexes in a cue's span: from after the cue to the first joint, punctuation or person. */
function cueSpans(toks: readonly Token[], negated: ReadonlySet<number>, into: Set<number>): void {
  toks.forEach((t, i) => {
    if (!CUES.has(t.raw) || !attached(toks, i) || /^\d/.test(toks[i + 1]?.raw ?? '')) return;
    // What the films ruled out are about is ruled out too ("not the grim ones where everybody dies").
    if (negated.has(i) || negated.has(i - 1)) return;
    for (let j = i + 1; j < toks.length && j <= i + SPAN_MAX; j++) {
      const x = toks[j]!;
      if (!isWord(x) || ENDS.has(x.raw)) break;
      into.add(j);
    }
  });
}

/** The nouns a film is asked for by: the words just before them may say what it is about. */
const FILM_HEADS = new Set(['film', 'films', 'movie', 'movies', 'flick', 'flicks']);
/**
 * The words that end a film noun's modifiers going back: a preposition or an article. What comes
 * before "a list of films", "a night of movies", "an intro to film" is the container or the
 * occasion, not what the films are about; a topic sits right before the noun ("a space exploration
 * movie").
 */
/** Nouns "film" or "movie" qualifies ("an intro to film class"): then it is no film asked for. */
const FILM_COMPOUNDS = new Set(
  (
    'class classes course courses club clubs night nights festival festivals buff buffs nerd nerds ' +
    'student students studies school major critic critics fan fans lover lovers marathon marathons ' +
    'theater theatre theaters theatres buddy buddies date dates'
  ).split(' '),
);
const MODIFIERS_END = new Set([
  ...['of', 'to', 'for', 'with', 'from', 'in', 'on', 'at', 'by', 'a', 'an', 'the'],
  // How many films, never what they are about ("giving myself ONE movie break"; decision 0127).
  ...['one', 'two', 'three', 'couple', 'few', 'some', 'any', 'another'],
]);

/** The unread words just before "film" or "movie" ("a space exploration movie", "a lighthouse keeper film"). */
function beforeFilmNouns(toks: readonly Token[], into: Set<number>): void {
  toks.forEach((t, i) => {
    // "film class", "movie night": the film noun names something else, whose words are no topic.
    if (!FILM_HEADS.has(t.raw) || FILM_COMPOUNDS.has(toks[i + 1]?.raw ?? '')) return;
    for (let j = i - 1; j >= 0 && j >= i - 3; j--) {
      const x = toks[j]!;
      if (!isWord(x) || x.used || REQUESTING.has(x.raw) || MODIFIERS_END.has(x.raw)) break;
      into.add(j);
    }
  });
}

/** The token indexes whose words, if no clause read them, are the message's topic. */
export function topicSpan(toks: readonly Token[], negated: ReadonlySet<number> = new Set()): Set<number> {
  const span = new Set<number>();
  // ("hereditary pls", "bureaucracy please": politeness makes no bare description a request.)
  const words = toks.filter((t) => isWord(t) && !POLITE.has(t.raw));
  const bare =
    words.length <= DESCRIPTION_MAX &&
    !toks.slice(0, -1).some((t) => !isWord(t)) &&
    // (A requesting word typed with a slip still requests: "sum1 recomend a gud zombie movi".)
    !words.some((t) => REQUESTING.has(t.raw) || REQUESTING.has(t.w));
  if (bare) toks.forEach((t, i) => isWord(t) && !POLITE.has(t.raw) && span.add(i));
  cueSpans(toks, negated, span);
  beforeFilmNouns(toks, span);
  return span;
}
