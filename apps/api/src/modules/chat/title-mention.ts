/**
 * Whether words in a message are said as a film's title (decision 0087): only then may a title the
 * catalog does not have be answered with "… isn't in our catalog". Ordinary words in a long message
 * ("my brother and I are bored on a rainy sunday") are no title, however the title search scores
 * them. A mention is a title when it is quoted, typed with capitals (not merely opening the
 * sentence), introduced like one ("like X", "similar to X", "have you got X", "I loved X"), judged
 * like one ("X was great"), or the whole message. For the pipeline's not-in-catalog turn: call it
 * with the span the title search took before saying a title is unknown.
 */

export interface TextSpan {
  /** Character offsets in the message, end exclusive. */
  start: number;
  end: number;
}

const QUOTES: Record<string, string> = {
  '"': '"',
  "'": "'",
  '“': '”',
  '‘': '’',
  '«': '»',
  '„': '“',
  '*': '*',
  _: '_',
};

/** Words before a mention that say a title follows (lower case; the last words before the span). */
const CUES_BEFORE = [
  'like',
  'similar to',
  'such as',
  'same as',
  'as good as',
  'along the lines of',
  'in the spirit of',
  'reminds me of',
  'do you have',
  'have you got',
  'you got',
  'u got',
  'ya got',
  'is there',
  'loved',
  'liked',
  'enjoyed',
  'love',
  'watched',
  'rewatched',
  'saw',
  'seen',
  'fan of',
  'the movie',
  'the film',
  'what about',
  'how about',
  'como',
  'comme',
  'wie',
  'tipo',
];

/**
 * Cues that introduce a title only when they open the message ("got inception?"): after other
 * words "got" tells what happened ("just got dumped", "we got bored"), it names nothing.
 */
const CUES_OPENING = ['got'];

/** Words after a mention that judge it as a film ("X was great", "X is my favourite"). */
const VERDICT_AFTER = new RegExp(
  [
    String.raw`^\s*(?:was|is|were|'s)\s+(?:so\s+|really\s+|absolutely\s+|pretty\s+)?(?:great|amazing|awesome|sick|incredible|good|perfect|brilliant|fantastic|a masterpiece|my fav(?:ou?rite|e)|the best|fire|goated|epic)\b`,
    String.raw`^\s*[,.…-]*\s*(?:is it|was it|is that|was that) (?:actually |really |even |still )?(?:any good|good|worth)`,
    String.raw`^\s*(?:kinda |really |totally |just )?(?:scared|made|broke|blew|wrecked|destroyed|haunted|ruined|changed) (?:me|my)\b`,
    String.raw`^\s*(?:vibes|kinda)\b`,
  ].join('|'),
  'i',
);

/** Short words a title may have in lower case ("Gone with the Wind"): they do not break capitals. */
const MINOR = new Set([
  'a',
  'an',
  'the',
  'of',
  'in',
  'on',
  'at',
  'to',
  'and',
  'or',
  'for',
  'with',
  'from',
  'by',
  'vs',
  'de',
  'la',
  'le',
  'el',
  'der',
  'die',
  'das',
  'du',
  'des',
]);

const words = (s: string) => s.split(/\s+/).filter(Boolean);
const letters = (w: string) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
const capitalised = (w: string) => /^[\p{Lu}\p{N}]/u.test(letters(w));

function quoted(message: string, span: TextSpan): boolean {
  const before = message.slice(0, span.start).trimEnd();
  const after = message.slice(span.end).trimStart();
  const open = before.slice(-1);
  const close = QUOTES[open];
  if (close !== undefined && after.startsWith(close)) return true;
  // The span itself may include its quotes.
  const text = message.slice(span.start, span.end).trim();
  const first = text[0] ?? '';
  return text.length > 2 && QUOTES[first] !== undefined && text.endsWith(QUOTES[first]!);
}

/** The span opens the message or a sentence: a capital there says nothing. */
function opensSentence(message: string, span: TextSpan): boolean {
  const before = message.slice(0, span.start).trimEnd();
  return before === '' || /[.!?]$/.test(before);
}

function typedAsTitle(message: string, span: TextSpan): boolean {
  const ws = words(message.slice(span.start, span.end)).filter((w) => letters(w) !== '');
  // "7.5+", "2 hours": a title typed without quotes has a word in it.
  if (ws.length === 0 || !ws.some((w) => /\p{L}/u.test(w))) return false;
  const major = ws.filter((w, i) => i === 0 || !MINOR.has(letters(w).toLowerCase()));
  if (!major.every(capitalised)) return false;
  if (ws.length === 1 && letters(ws[0]!) === 'I') return false;
  // "Any good horror films?": one capital opening the sentence is how sentences start.
  return !(opensSentence(message, span) && major.length === 1);
}

/**
 * Words a cue may be followed by that are no title ("I loved movies where…", "watched with my
 * kids", "like a horror movie", "like it"): after a cue, a mention opening with one is no title.
 */
const NOT_A_TITLE_START = new Set([
  'a',
  'an',
  'some',
  'any',
  'more',
  'movie',
  'movies',
  'film',
  'films',
  'something',
  'anything',
  'stuff',
  'things',
  'it',
  'that',
  'this',
  'these',
  'those',
  'them',
  'one',
  'ones',
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
  'with',
  'for',
  'at',
  'in',
  'on',
  'about',
  'to',
  'last',
  'yesterday',
  'when',
  'where',
  'how',
  'what',
  'which',
  'so',
  'too',
  'very',
  'really',
  'and',
  'but',
  'or',
]);

/**
 * Words that say a phrase describes films rather than names one ("like realistic astronaut stuff",
 * "like adult animation", "like 2 hours max", "the film catalog").
 */
const DESCRIBING = new Set([
  // "like reporters vs powerful people": kinds of people in a story, no title's words.
  'people',
  'guys',
  'folks',
  'characters',
  'someone',
  'somebody',
  'stuff',
  'thing',
  'things',
  'kind',
  'type',
  'sort',
  'way',
  'style',
  'animation',
  'cartoons',
  'movies',
  'films',
  'hours',
  'hour',
  'minutes',
  'mins',
  'max',
  'stars',
  'catalog',
  'catalogue',
  'reviews',
  'review',
  'ratings',
  'rating',
  'scores',
  'critics',
  'list',
  'database',
]);
/**
 * A lower-case phrase opening with a verb's -ing form or a superlative describes, it does not name
 * ("like living the same day over and over", "which got the best reviews").
 */
const DESCRIPTION_START = /^(?:\p{L}{2,}ing|best|highest|lowest|most|least|top|worst|greatest|biggest)$/u;
/** Verbs of being and their negations: after a cue, a lower-case phrase with one describes. */
const BEING = new Set([
  'is',
  "isn't",
  'isnt',
  'are',
  "aren't",
  'was',
  "wasn't",
  'were',
  "doesn't",
  "don't",
  'seems',
]);
/** A lower-case phrase longer than this after a cue is a description, not a title. */
const LONGEST_PLAIN_TITLE = 5;

/** A lower-case mention after a cue: a short name, not a description or a number. */
function plainName(text: string): boolean {
  const ws = words(text.toLowerCase())
    .map(letters)
    .filter((w) => w !== '');
  const first = ws.filter((w) => w !== 'the')[0];
  if (!first || NOT_A_TITLE_START.has(first)) return false;
  if (DESCRIPTION_START.test(first) && (ws[0] !== 'the' ? ws.length >= 3 : /^(?:best|most|top)/.test(first)))
    return false;
  // "like reality isn't what it seems": a lower-case phrase with a verb of being says what, not which.
  if (ws.slice(1).some((w) => BEING.has(w))) return false;
  if (!ws.some((w) => /\p{L}/u.test(w))) return false;
  return ws.length <= LONGEST_PLAIN_TITLE && !ws.some((w) => DESCRIBING.has(w));
}

function cuedBefore(message: string, span: TextSpan): boolean {
  const text = message.slice(span.start, span.end);
  if (!typedAsTitle(message, span) && !plainName(text)) return false;
  const before = message
    .slice(0, span.start)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trimEnd();
  return CUES_OPENING.includes(before) || CUES_BEFORE.some((c) => before === c || before.endsWith(` ${c}`));
}

/** The mention is (nearly) the whole message: "inception", "the godfather?". */
function wholeMessage(message: string, span: TextSpan): boolean {
  const rest = (message.slice(0, span.start) + ' ' + message.slice(span.end)).replace(
    /[^\p{L}\p{N}]+/gu,
    ' ',
  );
  return words(rest).length === 0;
}

/**
 * After a word that introduces a title (the caller found the cue: "like", "similar to", typos
 * allowed): whether the words there are a name, typed as one or short and plain, rather than a
 * description ("like living the same day over and over").
 */
export function namesAfterCue(message: string, text: string): boolean {
  const at = findSpan(message, text);
  return !!at && (quoted(message, at) || typedAsTitle(message, at) || plainName(text));
}

/** Words that fill an availability frame without naming anything ("is everything on here?"). */
const FRAME_FILLERS = new Set([
  'everything',
  'nothing',
  'all',
  'everyone',
  'anyone',
  'someone',
  'there',
  'here',
]);
/** A framed name may be longer than a cued one: the frame ends it ("is everything everywhere all at once available"). */
const LONGEST_FRAMED_TITLE = 8;

/**
 * Inside a frame that says a title is named ("is X on here?", "is X available?"): whether the
 * words there are a name. The frame ends the name, so a lower-case name may open with a verb's
 * -ing form or "top" ("top gun maverick"); a phrase that describes films ("anything good", "a
 * horror movie") or a pronoun ("it", "everything") is still no name.
 */
export function namesInFrame(message: string, text: string): boolean {
  const at = findSpan(message, text);
  if (!at) return false;
  if (quoted(message, at) || typedAsTitle(message, at)) return true;
  const ws = words(text.toLowerCase())
    .map(letters)
    .filter((w) => w !== '');
  const first = ws.filter((w) => w !== 'the')[0];
  if (!first || NOT_A_TITLE_START.has(first) || (ws.length === 1 && FRAME_FILLERS.has(first))) return false;
  if (ws.slice(1).some((w) => BEING.has(w)) || !ws.some((w) => /\p{L}/u.test(w))) return false;
  return ws.length <= LONGEST_FRAMED_TITLE && !ws.some((w) => DESCRIBING.has(w));
}

/**
 * True when the words at `span` (or the given text, found in the message) are said as a film's
 * title; false for ordinary words that a title search happened to match.
 */
export function looksLikeATitleMention(message: string, span: TextSpan | string): boolean {
  const at = typeof span === 'string' ? findSpan(message, span) : span;
  if (!at || at.end <= at.start) return false;
  return (
    quoted(message, at) ||
    wholeMessage(message, at) ||
    typedAsTitle(message, at) ||
    cuedBefore(message, at) ||
    VERDICT_AFTER.test(message.slice(at.end))
  );
}

/** The first place the text occurs in the message, ignoring case. */
function findSpan(message: string, text: string): TextSpan | null {
  const i = message.toLowerCase().indexOf(text.toLowerCase().trim());
  return i < 0 ? null : { start: i, end: i + text.trim().length };
}
