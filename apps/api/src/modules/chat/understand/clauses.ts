/**
 * Clause parsers: each reads one kind of constraint from the message's tokens, marks the tokens
 * it used, and writes into the Query. They run in a fixed order (see `understand.ts`), so that a
 * title, a runtime or a year is taken before its words could be read as anything else.
 */
import { titleWords } from '../exact-titles';
import type { CatalogMovie } from '@app/catalog';
import {
  ASKING_WORDS,
  OCCASION_WORDS,
  STORY_TELLERS,
  ADULT_PHRASES,
  AVAILABILITY_FRAME,
  DISCOURSE_MARKERS,
  ORIGINAL_WORDS,
  CLASSIC_PHRASES,
  COMPARATIVES,
  ENGLISH_PHRASES,
  DECADE_WORDS,
  ERA_PHRASES,
  FIGURES_OF_SPEECH,
  CHEESE_WORDS,
  LIVE_ACTION_PHRASES,
  FILM_PARTS,
  EITHER_KIND_PHRASES,
  NO_REQUEST_WORDS,
  QUALIFYING_WORDS,
  FILLER,
  FOLLOW_UPS,
  LIKE_SHOWN,
  GENRE,
  GENRE_PAIRS,
  GENRE_PHRASES,
  GREETINGS,
  HELP,
  INDUSTRY_PHRASES,
  LANGUAGE_PHRASES,
  LEAVE_BETWEEN,
  LEAVE_OBJECTS,
  LEAVE_VERBS,
  LIKE_PREFIXES,
  LIKE_PREFIXES_BY_LANG,
  LIKE_SUFFIXES,
  VIEWING_PAST,
  VIEWING_PREFIXES,
  SHOW_FILM_PREFIXES,
  LONG_MINUTES,
  LONG_PHRASES,
  LAUGH_TO_TEARS,
  MOODS,
  MOVIE_CONTEXT,
  STRONG_MOVIE_CONTEXT,
  NEGATION_FILLERS,
  NARROWING_WORDS,
  NEGATIONS,
  NOT_LONG_MINUTES,
  NOT_LONG_PHRASES,
  NUMBER_WORDS,
  OFF_TOPIC,
  OFF_TOPIC_TASKS,
  ORDINALS,
  QUALITY_PHRASES,
  REACTION_PHRASES,
  REBUKES,
  COSY_OCCASIONS,
  RECENT_PHRASES,
  REPLACING_WORDS,
  SERIES_PHRASES,
  SHORT_FILM_PHRASES,
  SHORT_MINUTES,
  SHORT_PHRASES,
  TURNED_DOWN,
  SIMILAR_ANAPHORS,
  THEME_PHRASES,
  TEEN_KEYWORDS,
  TITLE_SMALL_WORDS,
  CALENDAR_WORDS,
  NOT_PEOPLE_WORDS,
  LESSER_KNOWN_PHRASES,
  WORST_PHRASES,
  SPOOKY_KEYWORDS,
  STUDIOS,
  COUNTRY_WORDS,
  NATIONALITY_WORDS,
  THANKS,
  VIEWING_SITUATION,
  TITLE_BOUNDARIES,
  type Soft,
  SHOWN_AFTER_OF,
  OCCASION_NOUNS,
} from './lexicon';
import { asksForKind, groupKey, type Query } from './query';
import { Lru } from '../lru';
import { editDistance, foldAccents, PUNCTUATION, Speller, type Token } from './text';
import { looksLikeATitleMention, namesAfterCue, namesInFrame } from '../title-mention';
import { FILM_GIVEN_NAMES, FILM_PEOPLE, FILM_SURNAMES } from './lexicon/film-people';
import { GIVEN_NAMES, MORE_GIVEN_NAMES } from './lexicon/given-names';
import { LEXICONS } from './lexicon/index';
import { asksForSuggestions } from './suggestions';
import { TextIndex } from '../text-index';
import { NOT_TOPICS, topicSpan } from './topic';

export interface ParseContext {
  /** The catalog's "now": "recent" means the few years before it. */
  referenceYear: number;
  /** Catalog keywords worth matching as phrases (lower case). */
  keywordVocabulary: ReadonlySet<string>;
  /** The closest catalog title to some typed words, with a 0..1 confidence. */
  resolveTitle(text: string): { movie: CatalogMovie; confidence: number } | null;
  /** A well-known film whose title starts the typed words ("Avatar" for "Avatar: The Way of Water"). */
  closestTitle?(text: string): CatalogMovie | null;
  /**
   * How many catalog films (20+ votes) carry a keyword; absent: every keyword counts as common
   * enough (see `confirmedKeyword`).
   */
  keywordFilms?(keyword: string): number;
  /** Words the catalog's texts use (for themes); absent: every unmatched word counts as unknown. */
  knownWord?(word: string): boolean;
  /** How many films' texts use a word as the text index reads it (decision 0102, `text-index.ts`). */
  textFilms?(word: string): number;
  /**
   * The catalog's person these typed words name (case, accents and a typo forgiven), by their
   * credited name; null when nobody is that close. Absent: the catalog has no cast or crew.
   */
  knownPerson?(words: string): string | null;
  /** Whether the catalog has a people index (credits): offline it has none. */
  hasPeople?(): boolean;
  /** The first film released under exactly this title (known to some: 50+ votes): "the original Ghost in the Shell". */
  originalTitled?(title: string): CatalogMovie | null;
  /**
   * The franchise (TMDB collection) whose name these words begin with, and how many words it takes;
   * absent: no franchises known.
   */
  franchiseAt?(
    words: readonly string[],
    /** Also no name that is a kind of film or a theme ("road trip"). */
    strict?: boolean,
  ): { id: number; name: string; length: number } | null;
  /** A franchise's best-known film (the one a friend names first), or null. */
  franchiseHead?(id: number): CatalogMovie | null;
}

export interface State {
  toks: Token[];
  q: Query;
  ctx: ParseContext;
  /** Token indexes inside a negation's scope. */
  negated: Set<number>;
  /** The message as typed, for titles and names. */
  original: string;
  /** Genres ruled out by a negated mood ("nothing scary"). */
  moodOut: Set<number>;
  /** The viewer said they feel low ("im kinda sad today"): their state, not a mood asked. */
  viewerLow?: boolean;
  /** A rainy spell at home was said ("for a rainy afternoon"): cosy films if nothing else is asked. */
  cosyOccasion?: boolean;
  /** Moods a comparative moves away from ("less scary"): the message's words for them are no request. */
  away: Set<string>;
  /** Genres named outright ("a thriller", "j-horror"), as against a mood's ("scary"). */
  named: Set<number>;
  /**
   * Where a genre is first ruled out by its own word ("NO animation", "films that aren't anime") and
   * first asked for by it: ruled out first, a later mention ("my 10yo says cartoons are for
   * babies", "my friend only shows me anime") asks for nothing; asked for first ("horror, but I'm
   * tired of garbage horror"), the request stands (settled in understand()). `RULED_OUT_EVERYWHERE`:
   * ruled out however it is mentioned, before or after ("live action": no cartoon, even "an
   * animated adventure… well, live action").
   */
  ruledOut: Map<number, number>;
  askedAt: Map<number, number>;
  /**
   * Where each theme is first ruled out and first asked for (token indices), as `ruledOut` and
   * `askedAt` for genres: ruled out first, a later mention stays out (settled in understand()).
   */
  themeOutAt: Map<string, number>;
  themeAskedAt: Map<string, number>;
  /** Genres named with another ("no horror, but a horror comedy"): asked for even if ruled out first. */
  pairedWith: Set<number>;
  /** A mood ruled out leaned the list lighter ("no gore"): see `keepDarkKind` in understand.ts. */
  limitLighter?: boolean;
  /** Where a well-known film's exact title follows a cue (holdCuedTitles). */
  titleStarts?: Set<number>;
  /** Genres said only as seen ("seen every war film ever made"): decision 0133 (`seenKindStands`). */
  seenGenres?: number[];
}

/** A threshold above which a typed title is taken to be the catalog's film. */
export const TITLE_CONFIDENCE = 0.75;

const split = (phrase: string) => phrase.split(' ');
/** Phrases split into words: the lexicon's (a few thousand) and the catalog keywords' met so far. */
export const PHRASE_CACHE_MAX = 50_000;
const cache = new Lru<string, string[]>(PHRASE_CACHE_MAX);
const words = (phrase: string) => {
  // A plain read: bounding is what matters here, not recency (this runs for every token × phrase).
  let w = cache.peek(phrase);
  if (!w) cache.set(phrase, (w = split(phrase)));
  return w;
};
/** For tests: how many phrase splits are cached. */
export const phraseCacheSize = () => cache.size;

/** Length of `phrase` matched at token i (on corrected words), or 0. A last word may add "s"/"es". */
export function matchAt(
  toks: readonly Token[],
  i: number,
  phrase: string,
  field: 'w' | 'raw' = 'w',
  /** Words that may stand between the phrase's words ("scare too easily"), at most three. */
  between?: ReadonlySet<string>,
): number {
  const ph = words(phrase);
  let j = i;
  for (let k = 0; k < ph.length; k++, j++) {
    const p = ph[k]!;
    for (let skipped = 0; k > 0 && between && skipped < 3 && toks[j]?.w !== p; skipped++)
      if (toks[j] && !toks[j]!.used && between.has(toks[j]!.w)) j++;
      else break;
    const t = toks[j];
    if (!t || t.used) return 0;
    const w = t[field];
    if (w !== p && !(k === ph.length - 1 && p.length >= 3 && (w === `${p}s` || w === `${p}es`))) return 0;
  }
  return j - i;
}

/** Every match of any of the phrases, longest first at each position; the matched tokens are used. */
export function scan(
  s: State,
  phrases: readonly string[],
  on: (start: number, len: number, phrase: string) => void,
  between?: ReadonlySet<string>,
) {
  for (let i = 0; i < s.toks.length; i++) {
    let best = 0;
    let bestPhrase = '';
    for (const p of phrases) {
      const n = matchAt(s.toks, i, p, 'w', between);
      if (n > best) {
        best = n;
        bestPhrase = p;
      }
    }
    if (best) {
      for (let k = i; k < i + best; k++) s.toks[k]!.used = true;
      on(i, best, bestPhrase);
      i += best - 1;
    }
  }
}

/** Runs a regular expression over the unused words; each match's tokens become used. */
export function scanRegex(s: State, re: RegExp, on: (m: RegExpExecArray, start: number) => void) {
  const starts: number[] = [];
  let text = '';
  for (const t of s.toks) {
    starts.push(text.length);
    text += (t.used ? '\u0000' : t.w) + ' ';
  }
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  for (const m of text.matchAll(g)) {
    if (m[0].includes('\u0000')) continue;
    const from = m.index!;
    const to = from + m[0].trimEnd().length;
    const first = starts.findIndex((x, i) => x <= from && (starts[i + 1] ?? Infinity) > from);
    let last = first;
    while (last + 1 < starts.length && starts[last + 1]! < to) last++;
    if (s.toks.slice(first, last + 1).some((t) => t.used)) continue;
    for (let k = first; k <= last; k++) s.toks[k]!.used = true;
    on(m as RegExpExecArray, first);
  }
}

/** A word and the singulars it may be ("horses": horse, "heists": heist, "boxes": box). */
const singulars = (w: string) => [w, w.replace(/s$/, ''), w.replace(/es$/, ''), w.replace(/ies$/, 'y')];

const add = <T>(list: T[], x: T) => {
  if (!list.includes(x)) list.push(x);
};

const addSoft = (q: Query, soft: Soft) => {
  if (soft.dark) q.soft.dark = Math.sign((q.soft.dark ?? 0) + soft.dark) || soft.dark;
  if (soft.funny) q.soft.funny = soft.funny;
};

const addGroup = (q: Query, group: number[]) => {
  const g = group.filter((x) => !q.genresOut.includes(x));
  if (g.length === 0) return;
  const key = [...g].sort().join(',');
  if (!q.genreGroups.some((x) => [...x].sort().join(',') === key)) q.genreGroups.push(g);
};

// ——— Greetings and off-topic ———

/** "hi", "thanks", "how do I cook rice": flagged, the engine decides after the other clauses. */
/** An off-topic phrase that is only how a question opens ("what's", "how many", "who is"). */
const QUESTION_OPENING = /^(?:how|who|what|what's|whats|when|where|why)\b/;

/**
 * Decision 0131: sums of money and snacks to make are subjects of their own ("what's a 15% tip on
 * $84.50?", "how do i make popcorn taste like the cinema kind?"), however filmish their words; so is
 * an equation (decision 0160: "solve 3x + 7 = 22"; "a rating >= 7" is no equation).
 */
export const CHORES =
  /\d[^=<>]{0,20}=\s*-?\d|[$€£]\s?\d+[.,]\d{2}\b|\b\d+(?:[.,]\d+)?\s?(?:%|percent)\s+(?:tip|of|off)\b|\bmake (?:the |my |some )?popcorn\b|\bpopcorn (?:recipe|taste)/i;

/** What may say that the thing after "about" is a film's topic: "something about", "still about". */
const TOPIC_HEADS =
  /^(?:something|anything|stuff|one|ones|films?|movies?|flicks?|docs?|documentar(?:y|ies)|story|stories|still|all|mostly|more|less)$/;

/** Asking how to make or get what harms ("how do i make meth", "how to build a bomb"). */
const HOW_TO_HARM =
  /\bhow (?:do|can|could|would|should|to)(?: (?:i|you|we|one|someone|u))?(?: (?:actually|even))? (?:make|cook|build|synthesi[sz]e|brew|produce|buy|get|grow|mix|hide|make up) (?:my own |some |a |an |homemade |home made )?(?:meth|methamphetamine|crack|cocaine|heroin|fentanyl|lsd|drugs?|bombs?|pipe bombs?|explosives?|poisons?|napalm|ricin|guns?|ghost guns?|silencers?|a body)\b/;

/** The word at `i` is what something is about ("something about cooking", "one about a cook"). */
function topicOfAbout(toks: readonly Token[], i: number): boolean {
  const about = /^(?:a|an|the)$/.test(toks[i - 1]?.raw ?? '') ? i - 2 : i - 1;
  return toks[about]?.raw === 'about' && TOPIC_HEADS.test(toks[about - 1]?.raw ?? '');
}

export function socialClause(s: State): {
  greeting: boolean;
  /** "how does this thing work?": a question about the chat itself. */
  help: boolean;
  thanks: boolean;
  offTopic: boolean;
  movieContext: boolean;
  strongContext: boolean;
  question: boolean;
  /**
   * An off-topic word that names a subject ("recipe", "weather", "bitcoin"), not only how a question
   * opens ("what's", "how many", "who is"): decision 0105 weighs the latter against film evidence.
   */
  offTopicSubject: boolean;
  task: boolean;
  leave: boolean;
  /** "set in Tokyo", "takes place on a plane": where a story happens, asked of a film. */
  setting: boolean;
  /** "how do i make meth at home, for a film project lol": how to do harm, whatever film is said with it. */
  harmful: boolean;
  /** The chat itself judged ("you are the dumbest bot"): set by `rebukeClause`. */
  rebuke: boolean;
} {
  const unusedWords = s.toks.filter((t) => !PUNCTUATION.has(t.w));
  const greeting = GREETINGS.some((g) => unusedWords.some((_, i) => matchAt(unusedWords, i, g) > 0));
  const thanks = THANKS.some((g) => unusedWords.some((_, i) => matchAt(unusedWords, i, g) > 0));
  // "something about cooking", "still about baking": a subject said as what a film is about is
  // its topic, not a question about the subject (said anywhere else, it still is one).
  const said = (g: string) =>
    s.toks.some((_, i) => matchAt(s.toks, i, g, 'raw') > 0 && !topicOfAbout(s.toks, i));
  const chore = CHORES.test(s.original);
  const offTopic = OFF_TOPIC.some(said) || chore;
  const movieContext = MOVIE_CONTEXT.some((g) => s.toks.some((_, i) => matchAt(s.toks, i, g, 'raw') > 0));
  // A kind of film named in the plural ("courtroom dramas, lawyers, trials") is a word for films too.
  const strongContext =
    STRONG_MOVIE_CONTEXT.some((g) => s.toks.some((_, i) => matchAt(s.toks, i, g, 'raw') > 0)) ||
    s.toks.some((t) => t.raw.endsWith('s') && GENRE_WORDS.has(t.raw));
  const task = OFF_TOPIC_TASKS.some((g) => s.toks.some((_, i) => matchAt(s.toks, i, g, 'raw') > 0));
  const first = s.toks[0]?.raw ?? '';
  const question =
    s.toks.some((t) => t.raw === '?') ||
    /^(who|what|whats|what's|when|where|why|how|which|can|could|is|are|do|does|did|will|should)$/.test(first);
  return {
    greeting,
    help: HELP.some(said),
    thanks,
    offTopic,
    movieContext,
    strongContext,
    question,
    offTopicSubject: OFF_TOPIC.some((g) => !QUESTION_OPENING.test(g) && said(g)) || chore,
    task,
    leave: leavesFilms(s.toks),
    harmful: HOW_TO_HARM.test(s.original.toLowerCase()),
    rebuke: false,
    setting: s.toks.some(
      (t, i) =>
        (t.raw === 'set' && /^(in|on|during|around|at)$/.test(s.toks[i + 1]?.raw ?? '')) ||
        (/^takes?$/.test(t.raw) && s.toks[i + 1]?.raw === 'place'),
    ),
  };
}

/**
 * "forget about the movie catalog and…", "ignore the movie stuff", "stop recommending movies": a verb
 * of setting aside, then within three words of `LEAVE_BETWEEN` a word for films themselves.
 */
const LEAVE_NOT_AFTER = new Set(
  "that which where who with like about set over under longer shorter from you u above before earlier i i've ive we we've already in of older newer made starring where's".split(
    ' ',
  ),
);

export function leavesFilms(toks: readonly Token[]): boolean {
  for (let i = 0; i < toks.length; i++) {
    let len = 0;
    for (const v of LEAVE_VERBS) len = Math.max(len, matchAt(toks, i, v, 'raw'));
    if (!len) continue;
    for (let k = i + len, between = 0; k < toks.length && between <= 3; k++, between++) {
      const w = toks[k]!.raw;
      // "forget the movies you showed me", "done with movies that are too long": those films, not films.
      if (LEAVE_OBJECTS.has(w) || LEAVE_OBJECTS.has(w.replace(/s$/, '')))
        if (!LEAVE_NOT_AFTER.has(toks[k + 1]?.raw ?? '')) return true;
      if (!LEAVE_BETWEEN.has(w)) break;
    }
  }
  return false;
}

// ——— Follow-ups ———

/** "more like the second one", "another", "something more recent". */
/** What follows "old" when it names a style ("old-fashioned", "old school", "old hollywood"). */
const OLD_STYLE = /^(?:fashioned|school|timey|timer|style|hollywood|world)$/;

export function followUpClause(s: State) {
  scanRegex(
    s,
    /\b(?:(?:more |something |movies? |films? )?like (?:the )?|more like (?:the )?|(?:^|\s)the |number |#)(first|second|third|fourth|fifth|sixth|last|1st|2nd|3rd|4th|5th|primera|segunda|tercera|premier|premiere|deuxieme|troisieme|erste|ersten|zweite|zweiten|dritte|dritten|[1-6])(?: one| movie| film| pick)?\b(?! (?!(?:ones?|movies?|films?|picks?|please|pls|plz|but|and|though|again|instead|too|then|only|more|with|from|i|you|we|was|is|were|of|in|on)\b)[a-z]{3,})/,
    (m) => {
      const w = m[1]!;
      s.q.followUp = { likeOrdinal: ORDINALS[w] ?? Number(w) };
    },
  );
  // "number two on your list is exactly my family's kind of thing": the film shown at that place.
  if (!s.q.followUp)
    scanRegex(s, /(?:\bnumber |#)(one|two|three|four|five|six)\b(?! (?:of|hundred|thousand)\b)/, (m) => {
      s.q.followUp = { likeOrdinal: NUMBER_WORDS[m[1]!]! };
    });
  if (s.q.followUp) return;
  for (const { kind, phrases } of FOLLOW_UPS.filter((f) => f.kind !== 'another')) {
    scan(s, phrases, (start, len) => {
      // "a little old-fashioned", "kinda old school": a style asked for, no judgement of the films shown.
      if (OLD_STYLE.test(s.toks[start + len]?.raw ?? '')) {
        for (let k = start; k < start + len; k++) s.toks[k]!.used = false;
        return;
      }
      s.q.followUp ??= kind;
    });
  }
  // "another" only when the message is about nothing else ("another one please").
  const rest = s.toks.filter((t) => !t.used && !PUNCTUATION.has(t.w));
  const another = FOLLOW_UPS.find((f) => f.kind === 'another')!.phrases;
  const probe: State = { ...s, toks: rest.map((t) => ({ ...t })) };
  let hit = false;
  scan(probe, another, () => (hit = true));
  // "more movies like Get Out": a film named after "like" is the request, not "more".
  // Decision 0131: or before praise ("get out was so good. more like it?").
  const likeNamed = () =>
    [...prefixSpans(s, LIKE_PREFIXES), ...suffixSpans(s.toks)].some((sp) =>
      (spanCandidates(s, sp, LIKE_PREFIXES) ?? []).some((c) => {
        const span = s.toks.slice(c.from, c.to);
        // Plain words are a title only before praise and typed exactly ("get out was so good").
        const plain = span.every((t) => FILLER.has(t.raw)) && !namedInCapitals(span);
        if (plain && !sp.suffix) return false;
        const hit = s.ctx.resolveTitle(c.text);
        const sure = plain ? 0.95 : TITLE_CONFIDENCE;
        return !!hit && hit.confidence >= sure && hit.movie.vote_count >= 100;
      }),
    );
  // "seen all 8": the count of the films shown is no more of a request; "3 more", "another two":
  // how many more (`countClause`).
  const counted = (t: Token, i: number) =>
    (/^\d{1,2}$/.test(t.w) || NUMBER_WORDS[t.w] !== undefined) &&
    (/^(?:all|another)$/.test(probe.toks[i - 1]?.w ?? '') ||
      MORE_AFTER_COUNT.test(probe.toks[i + 1]?.w ?? ''));
  const noWord = (t: Token) => !/[\p{L}\p{N}]/u.test(t.w); // an emoji
  const own = LEXICONS[s.q.lang].asksNothing;
  const alone = (p: State) =>
    p.toks.every((t, i) => t.used || FILLER.has(t.w) || own.includes(t.w) || noWord(t) || counted(t, i));
  if (hit && alone(probe) && !likeNamed()) {
    for (const t of rest) t.used = true;
    s.q.followUp ??= 'another';
    return;
  }
  // "something similar then": another like the last, its words left for a title the message may
  // name ("just watched get out, anything similar?": the engine then reads the title instead).
  const likeProbe: State = { ...s, toks: rest.map((t) => ({ ...t })) };
  let like = false;
  scan(likeProbe, LIKE_SHOWN, () => (like = true));
  if (like && alone(likeProbe)) s.q.followUp ??= 'another';
}

// ——— Titles ———

const isTitleWord = (t: Token) => !PUNCTUATION.has(t.w) || [':', '"', '(', ')'].includes(t.w);

/** A span's words are only request words ("like a scary comedy"): not a title unless a well-known film has exactly that name. */
function requestWordsOnly(span: Token[], lexiconWords: ReadonlySet<string>): boolean {
  return span.every(
    (t) =>
      FILLER.has(t.raw) || lexiconWords.has(t.w) || /^\d+('?s|er|ern)?$/.test(t.raw) || PUNCTUATION.has(t.w),
  );
}

/**
 * No film is named here: words that name no title when none was found; request words in lower case
 * that are not the title word for word when one was ("i want to watch scary movies tonight" is no
 * Scary Movie; decision 0159).
 */
function namesNoFilmHere(s: State, sp: TitleSpan, found: FoundTitle, lexiconWords: ReadonlySet<string>) {
  if (!found.movie) return namesNoTitle(s, sp, found);
  return pluralOfRequestWords(s.toks.slice(found.cand.from, found.cand.to), found.movie.title, lexiconWords);
}

/** Request words typed in lower case whose last is the plural of the title's ("scary movies": Scary Movie). */
function pluralOfRequestWords(span: Token[], title: string, lexiconWords: ReadonlySet<string>): boolean {
  if (!span.length || span.some((t) => t.upper) || !requestWordsOnly(span, lexiconWords)) return false;
  const typed = span.map((t) => t.raw);
  const own = title.toLowerCase().split(/\s+/);
  return (
    typed.length === own.length &&
    typed.at(-1) === `${own.at(-1)}s` &&
    typed.slice(0, -1).join(' ') === own.slice(0, -1).join(' ')
  );
}

/**
 * A short span with a kind said in the plural ("twisty smart thrillers", "cozy british comedies",
 * and where the noun comes first, "des comédies françaises vraiment drôles", "comedias francesas")
 * describes films: it names none, whatever its other words (a title is never said missing for it).
 */
function describesKinds(span: Token[]): boolean {
  return span.length <= 6 && span.some((t) => /s$/.test(t.raw) && GENRE_WORD_OF.has(t.raw));
}

/** "got anything like X": a span starting so is not a title. */
const SPAN_SKIP = new Set([
  'anything',
  'something',
  'movies',
  'films',
  'film',
  'movie',
  'one',
  'ones',
  'it',
  'that',
  'this',
  'those',
  'these',
  'them',
  'some',
  'any',
  'me',
  'you',
  'i',
  'we',
  'more',
  'other',
  'others',
  'similar',
]);

const REFINE_STARTS = new Set([
  'about',
  'with',
  'without',
  'only',
  'just',
  'but',
  'and',
  'also',
  'now',
  'same',
  'preferably',
  'ideally',
  'pero',
  'y',
  'solo',
  'mais',
  'et',
  'seulement',
  'aber',
  'und',
  'nur',
]);

const STRONG_BOUNDARIES = new Set([
  'pls',
  'plz',
  'thx',
  'thanks',
  'lol',
  'tonight',
  'but',
  'with',
  'from',
  'please',
  'except',
  'without',
  'that',
  'which',
  'set',
  'under',
  'over',
  'less',
  'more',
  'only',
  'pero',
  'mais',
  'aber',
  'what',
  'anything',
  'something',
  'any',
]);

const ARTICLES = new Set([
  'the',
  'a',
  'an',
  'le',
  'la',
  'les',
  'el',
  'los',
  'las',
  'der',
  'die',
  'das',
  'il',
  'lo',
]);

const FIRST_PERSON = /^i(?:'m|'ve|'d|'ll|m|ve)?$/;

/** A capitalised word after a title's small words goes on with the name ("Flower Moon", not "on Friday" or "I"). */
const namesOn = (t: Token | undefined) =>
  !!t?.upper && !t.used && !CALENDAR_WORDS.has(t.w) && !FIRST_PERSON.test(t.raw);

/** End (exclusive) of the run of capitalised words from i: "Everything Everywhere All at Once", "Top Gun: Maverick". */
function capitalRun(toks: readonly Token[], i: number): number {
  let end = i;
  let k = i;
  while (k < toks.length) {
    const t = toks[k]!;
    // "Before Sunrise and I'm a mess": the pronoun "I" is capitalised, not a title's word.
    if (t.used || (k > i && FIRST_PERSON.test(t.raw))) break;
    if (t.upper || (k > i && /^\d+$/.test(t.raw))) {
      end = ++k;
      continue;
    }
    // "The Batman (2022)": a year in brackets belongs to the name.
    if (k > i && t.w === '(' && /^(?:19|20)\d\d$/.test(toks[k + 1]?.raw ?? '') && toks[k + 2]?.w === ')') {
      k += 3;
      end = k;
      continue;
    }
    if (k > i && (t.w === ':' || TITLE_SMALL_WORDS.has(t.raw))) {
      let j = k;
      while (j < toks.length && (toks[j]!.w === ':' || TITLE_SMALL_WORDS.has(toks[j]!.raw))) j++;
      if (namesOn(toks[j])) {
        k = j;
        continue;
      }
    }
    break;
  }
  return end;
}

/** Token `to` ends the clause a name is in: the message ends, or punctuation or "but", "pls" follow. */
const endsClause = (toks: readonly Token[], to: number) => {
  const next = toks[to];
  return (
    !next || (PUNCTUATION.has(next.w) && !['(', ':', '"'].includes(next.w)) || STRONG_BOUNDARIES.has(next.w)
  );
};

/** Every word of a span typed with a capital, and one of them inside a sentence: "saw Get Out". */
const namedInCapitals = (span: readonly Token[]) =>
  span.every((t) => t.upper || TITLE_SMALL_WORDS.has(t.raw)) && span.some((t) => t.cap);

interface TitleCandidate {
  from: number;
  to: number; // exclusive
  text: string;
}

interface ScoredTitle {
  cand: TitleCandidate;
  movie: CatalogMovie;
  confidence: number;
  score: number;
}

/** The best catalog reading of the candidates, and the longest one that looks like a title at all. */
function scoreCandidates(
  s: State,
  candidates: TitleCandidate[],
  lexiconWords: ReadonlySet<string>,
): { best: ScoredTitle | null; anyTitleLike: TitleCandidate | null } {
  let best: ScoredTitle | null = null;
  let anyTitleLike: TitleCandidate | null = null;
  for (const cand of candidates) {
    const span = s.toks.slice(cand.from, cand.to);
    // Common words typed as a name ("Get Out", "Her") may be a title; plain ones only when they are
    // all a cue names and exactly a well-known film's title ("anything like get out?").
    const plain = span.every((t) => FILLER.has(t.raw)) && !namedInCapitals(span);
    // Decision 0131: so are they before praise ("get out was so good. anything similar??").
    const ends = endsClause(s.toks, cand.to) || (cand.to > 0 && suffixLength(s.toks, cand.to) > 0);
    if (span.length === 0 || (plain && !ends)) continue;
    const wordsOnly = requestWordsOnly(span, lexiconWords) || describesKinds(span);
    const hit = s.ctx.resolveTitle(cand.text);
    if (plain && (hit?.confidence ?? 0) < 0.95) continue;
    if (!wordsOnly && (!anyTitleLike || cand.to - cand.from > anyTitleLike.to - anyTitleLike.from))
      anyTitleLike = cand;
    if (!hit) continue;
    if (wordsOnly && !(hit.confidence >= 0.9 && hit.movie.vote_count >= 300)) continue;
    // The longer reading wins among good matches ("Lord of the Rings", not "Rings").
    const score = hit.confidence + 0.05 * span.length;
    if (!best || score > best.score) best = { cand, movie: hit.movie, confidence: hit.confidence, score };
  }
  return { best, anyTitleLike };
}

/** Not found: the longest title-like span, up to a strong boundary. */
function missingName(
  s: State,
  candidates: TitleCandidate[],
  anyTitleLike: TitleCandidate,
  lexiconWords: ReadonlySet<string>,
): TitleCandidate {
  const titleLike = candidates.filter(
    (c) =>
      !requestWordsOnly(s.toks.slice(c.from, c.to), lexiconWords) &&
      !(FILLER.has(s.toks[c.from]!.w) && !ARTICLES.has(s.toks[c.from]!.w)),
  );
  // The name typed runs to the first strong boundary ("Joker (2019)" in "like Joker (2019) but less violent").
  const strong = titleLike.filter((c) => {
    const next = s.toks[c.to];
    return (
      !next ||
      (PUNCTUATION.has(next.w) && !['(', ')', ':', '"'].includes(next.w)) ||
      STRONG_BOUNDARIES.has(next.w)
    );
  });
  return (
    strong.sort((a, b) => a.to - b.to)[0] ??
    titleLike.sort((a, b) => b.to - b.from - (a.to - a.from))[0] ??
    anyTitleLike
  );
}

/**
 * A name typed in capitals ends where its capitals end ("Everything Everywhere All at Once and my
 * brain is melted"), and starts where they start.
 */
function toCapitals(s: State, name: TitleCandidate): TitleCandidate {
  let full = name;
  const firstCap = s.toks.slice(full.from, full.to).findIndex((t) => t.upper);
  if (firstCap > 0 && s.toks.slice(full.from, full.from + firstCap).every((t) => t.upper === false))
    full = { ...full, from: full.from + firstCap, text: rawText(s, full.from + firstCap, full.to) };
  if (s.toks[full.from]!.upper) {
    const end = capitalRun(s.toks, full.from);
    if (end > full.from && end < full.to) full = { ...full, to: end, text: rawText(s, full.from, end) };
  }
  return full;
}

/**
 * A nearest title is offered only when it is well known: an obscure film sharing a few words ("All
 * at Once" for "Everything Everywhere All at Once") is no help.
 */
function offeredTitle(s: State, name: TitleCandidate, best: ScoredTitle | null): CatalogMovie | null {
  const near = s.ctx.resolveTitle(name.text);
  const offer = (m: CatalogMovie | undefined, c: number) =>
    m && c >= 0.6 && (m.vote_count >= 100 || (c >= TITLE_CONFIDENCE && m.vote_count >= 20)) ? m : null;
  return (
    s.ctx.closestTitle?.(name.text) ??
    offer(best?.movie, best?.confidence ?? 0) ??
    offer(near?.movie, near?.confidence ?? 0)
  );
}

function bestTitle(
  s: State,
  candidates: TitleCandidate[],
  lexiconWords: ReadonlySet<string>,
): {
  cand: TitleCandidate;
  movie: CatalogMovie | null;
  confidence: number;
  closest: CatalogMovie | null;
} | null {
  const { best, anyTitleLike } = scoreCandidates(s, candidates, lexiconWords);
  // A near spelling of a little-known film is not taken for it: people misspell the films they
  // know of ("interstelar"), and "midsommar" is not the obscure "Midsummer" (it is offered instead).
  const obscureGuess = best && best.confidence < 0.95 && best.movie.vote_count < 100;
  if (best && best.confidence >= TITLE_CONFIDENCE && !obscureGuess) return { ...best, closest: null };
  if (!anyTitleLike) return null;
  const full = toCapitals(s, missingName(s, candidates, anyTitleLike, lexiconWords));
  return (
    titleListed(s, full) ??
    titleWithin(s, full) ?? {
      cand: full,
      movie: null,
      confidence: best?.confidence ?? 0,
      closest: offeredTitle(s, full, best),
    }
  );
}

/**
 * The name about to be said missing may be a catalog film once it is trimmed (its capitals: "so wie
 * Memento oder Inception" → "Memento", "piaciuto tantissimo Il Padrino" → "Il Padrino") or once
 * words that only pad it are left out ("inception kinda broke my brain" → "inception"): a
 * well-known film named exactly there is the film named, never said missing.
 */
function titleWithin(s: State, name: TitleCandidate): FoundTitle | null {
  // Padding: filler words, not only a title's small words ("the batman" is not "Batman").
  const pads = (from: number, to: number) => {
    const words = s.toks.slice(from, to).filter((t) => !PUNCTUATION.has(t.w));
    return (
      words.every((t) => FILLER.has(t.raw) || ORIGINAL_WORDS.has(t.raw)) &&
      (words.length === 0 || words.some((t) => !TITLE_SMALL_WORDS.has(t.raw)))
    );
  };
  for (let len = name.to - name.from; len >= 1; len--) {
    for (let from = name.from; from + len <= name.to; from++) {
      if (!pads(name.from, from) || !pads(from + len, name.to)) continue;
      const cand = { from, to: from + len, text: rawText(s, from, from + len) };
      const hit = s.ctx.resolveTitle(cand.text);
      if (hit && hit.confidence >= 0.95 && hit.movie.vote_count >= 100)
        return { cand, movie: hit.movie, confidence: hit.confidence, closest: null };
    }
  }
  return null;
}

/** Words that join titles in a list ("Alien and Aliens", "Heat & Collateral", "Heat, Collateral"). */
const TITLE_JOINERS = new Set(['and', '&', ',', 'or', '+', 'y', 'et', 'und', 'e', 'ou', 'o']);

/**
 * Decision 0114: a name about to be said missing that lists catalog films ("Just saw Alien and
 * Aliens", "loved Heat and Collateral"): every part is a well-known film named exactly, and the
 * first is the film named (the others are its kin: a "like" request names one).
 */
function titleListed(s: State, name: TitleCandidate): FoundTitle | null {
  const parts: TitleCandidate[] = [];
  let from = name.from;
  for (let i = name.from; i <= name.to; i++) {
    const t = s.toks[i];
    if (i < name.to && !TITLE_JOINERS.has(t!.raw) && !TITLE_JOINERS.has(t!.w)) continue;
    if (i > from) parts.push({ from, to: i, text: rawText(s, from, i) });
    from = i + 1;
  }
  if (parts.length < 2) return null;
  const hits = parts.map((c) => ({ c, hit: s.ctx.resolveTitle(c.text) }));
  if (!hits.every(({ hit }) => hit && hit.confidence >= 0.95 && hit.movie.vote_count >= 100)) return null;
  // The other films listed are films named, never themes ("Aliens" is no "alien" theme).
  for (let k = name.from; k < name.to; k++) s.toks[k]!.used = true;
  const first = hits[0]!;
  return { cand: first.c, movie: first.hit!.movie, confidence: first.hit!.confidence, closest: null };
}

const rawText = (s: State, from: number, to: number) =>
  s.toks
    .slice(from, to)
    .map((t) => t.raw)
    .join(' ');

/** The typed words of tokens [from, to) as they appear in the original message, when they can be found. */
function originalText(s: State, from: number, to: number): string {
  const raws = s.toks.slice(from, to).map((t) => t.raw);
  const plain = raws
    .join(' ')
    .replace(/ ([:,.!?])/g, '$1')
    .replace(/" /g, '"')
    .replace(/ "/g, '"');
  const pattern = raws.map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\-/:,.!?"]*');
  const folded = s.original.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const m = new RegExp(pattern, 'i').exec(folded);
  const text =
    m && folded.length === s.original.length ? s.original.slice(m.index, m.index + m[0].length) : plain;
  return text.replace(/^["']|["']$/g, '').trim();
}

/** A place in the message that may name a title: after a "like" word, or before a praise word. */
interface TitleSpan {
  from: number;
  maxTo: number;
  suffix: boolean;
  trigger: [number, number];
  /** A story of watching ("saw X last night"): only a catalog film is taken, nothing is said missing. */
  viewing?: boolean;
  /** A viewing word not in the past ("watch", "obsessed with"): a lower-case single word is no name. */
  loose?: boolean;
}

/** "I'd like", "feel like", "looks like": not a comparison. "I don't like horror": the verb, negated. */
/** Verbs of likeness before "like" that a named film may follow ("feels like Heat", "looks like Alien"). */
const FELT_LIKE = /^(?:feel|feels|felt|looks|look|sounds|seems)$/;

const LIKE_VERB_BEFORE =
  /^(would|'d|id|i'd|feel|feels|looks|look|sounds|seems|what|don't|dont|didn't|didnt|not|never|doesn't|doesnt)$/;

/**
 * "I'd like", "feel like watching": "like" at token i is a verb, no comparison. "something that feels
 * like Lost in Translation": a name typed as one after "feels like" is compared to (decision 0126).
 */
function likeIsAVerb(toks: readonly Token[], i: number): boolean {
  if (toks[i]!.w !== 'like') return false;
  // "something that makes me like humanity again": made to like, the verb (decision 0133).
  if (/^(?:me|us|him|her|them)$/.test(toks[i - 1]?.w ?? '') && CAUSATIVES.test(toks[i - 2]?.w ?? ''))
    return true;
  if (!LIKE_VERB_BEFORE.test(toks[i - 1]?.w ?? '')) return false;
  // "I feel like I've burned through everything": a clause follows (its "I" is capitalised anyway).
  const next = toks[i + 1];
  if (next && SUBJECT_PRONOUN.test(next.raw)) return true;
  return !(FELT_LIKE.test(toks[i - 1]?.w ?? '') && !!next?.upper);
}

const CAUSATIVES = /^(?:makes?|made|making|helps?|helped|gets?|got|lets?)$/;

/** A subject pronoun, contracted or not: after "feel like" it opens a clause, no title. */
const SUBJECT_PRONOUN =
  /^(?:i|i've|ive|i'm|im|i'd|i'll|we|we've|we're|you|you've|you're|he|he's|she|she's|they|they've|they're|it's)$/;

/** What may come before "pull up", "put on", "play" asked of the chat ("can you pull up …", "ok so put on …"). */
const SHOW_LEAD =
  /^(?:can|could|would|will|you|u|please|pls|plz|ok|okay|so|hey|hi|just|now|go|ahead|then|and|lets|let's|let|us|[,.!?;:])$/;

/**
 * "pull up parasite", "can you put on heat": the chat asked to show a film, said as typed ("plays
 * Fortnite" tells what someone does) and opening the message; "what should we put on christmas
 * eve?" asks what to watch.
 */
function asksToShow(toks: readonly Token[], i: number, prefix: string): boolean {
  const typed = prefix.split(' ');
  return (
    typed.every((w, k) => toks[i + k]?.raw === w) && toks.slice(0, i).every((t) => SHOW_LEAD.test(t.raw))
  );
}

/** The longest "like" (or viewing) phrase at token i: its length, and whether it is a story of watching. */
function likePrefixAt(s: State, i: number, prefixes: readonly string[]) {
  let len = 0;
  let viewing = false;
  let loose = false;
  for (const p of prefixes) len = Math.max(len, matchAt(s.toks, i, p));
  for (const p of s.q.lang === 'en' ? VIEWING_PREFIXES : []) {
    if (SHOW_FILM_PREFIXES.includes(p) && !asksToShow(s.toks, i, p)) continue;
    const n = matchAt(s.toks, i, p);
    if (n > len) [len, viewing, loose] = [n, true, !VIEWING_PAST.has(p)];
  }
  return { len, viewing, loose };
}

/** "like X", "similar to X", "saw X": spans after a prefix. */
/**
 * "got inception?", "you got the matrix?": "got" asks for a title when it opens the message (or a
 * sentence) or follows "you"; after other words it tells what happened ("just got dumped").
 */
const GOT_ASKS_AFTER = /^(?:you|u|ya|yall|[,.!?;:]|ok|okay|hey|hi|so)$/;

function prefixSpans(s: State, prefixes: readonly string[]): TitleSpan[] {
  const toks = s.toks;
  const spans: TitleSpan[] = [];
  for (let i = 0; i < toks.length; i++) {
    const { len, viewing, loose } = likePrefixAt(s, i, prefixes);
    if (!len) continue;
    if (likeIsAVerb(toks, i)) continue;
    // "wie geht's dir?", "¿cómo estás?", "come stai?": a greeting's question, no "like <title>".
    if (GREETINGS.some((g) => g.includes(' ') && matchAt(toks, i, g) > 0)) continue;
    if (len === 1 && toks[i]!.w === 'got' && i > 0 && !GOT_ASKS_AFTER.test(toks[i - 1]!.w)) continue;
    const next = toks[i + len]?.w ?? '';
    if (/^(that|this|it|those|these|them|the (first|second|last))$/.test(next)) continue;
    if (toks[i]!.w === 'like' && likeNamesNothing(toks, i + len)) continue;
    let to = i + len;
    // "aliens (the cameron one from 86)": what is in brackets after a name is about it, not of it.
    while (
      to < toks.length &&
      isTitleWord(toks[to]!) &&
      to - (i + len) < 10 &&
      !(toks[to]!.w === '(' && to > i + len) &&
      !clauseStartsAt(toks, to)
    )
      to++;
    spans.push({ from: i + len, maxTo: to, suffix: false, trigger: [i, i + len], viewing, loose });
  }
  return spans;
}

/** Whether the words at `at`, after "like", are no title ("how often" is read before: `howOftenClause`). */
function likeNamesNothing(toks: readonly Token[], at: number): boolean {
  // "which would a 5 year old like most?", "like best": the verb and its degree, no title.
  if (/^(most|best|more|better|least|less)$/.test(toks[at]?.w ?? '')) return true;
  // "like 7/10 and up", "like 90 minutes", "like 8 stars": about as much, no title (0133).
  return AN_AMOUNT_NEXT.test(wordsFrom(toks, at, 2));
}

/** Up to `n` words from token `at`, joined by spaces. */
const wordsFrom = (toks: readonly Token[], at: number, n: number) =>
  toks
    .slice(at, at + n)
    .map((t) => t.w)
    .join(' ');

/** A number that is an amount: a rating out of ten, a length, stars, a share ("7/10", "90 minutes"). */
const AN_AMOUNT_NEXT =
  /^\d+(?:[.,]\d+)?(?:\/\d+| \/| (?:out|stars?|minutes?|mins?|hours?|hrs?|h|points?|percent|%|\+|or (?:more|higher|better|above)|and (?:up|above|higher)))(?: |$)/;

/**
 * "just watched hereditary and i havent slept properly since": a conjunction before a pronoun opens
 * a clause of its own, no more of the name ("Pride and Prejudice" goes on).
 */
const clauseStartsAt = (toks: readonly Token[], k: number) =>
  /^(?:and|but|so|cause|because|now)$/.test(toks[k]!.w) &&
  CLAUSE_OPENERS.has(toks[k + 1]?.w ?? '') &&
  // ("The King and I" ends with its pronoun: a clause goes on after it.)
  /^[\p{L}']+$/u.test(toks[k + 2]?.raw ?? '');

/**
 * Decision 0151: "he said it 'looked old'", "she called them 'boring'": what someone said of a film,
 * quoted after a verb of saying and what it is said of, is their words, no title.
 */
const SAID_OF_IT =
  /\b(?:said|says|say|saying|called|calls|call|calling|thought|thinks|think|found|finds|find) (?:it|them|that|this|those|these|one|ones)/;
/** Decision 0151: "he said it 'looked old'": someone's words of a film, quoted, ask for nothing. */
const REPORTED_WORDS = new RegExp(`${SAID_OF_IT.source} " [^"]{1,80}"`);
export function reportedWordsClause(s: State) {
  scanRegex(s, REPORTED_WORDS, () => {});
}

const saidOfIt = (toks: readonly Token[], quote: number) =>
  quote >= 2 && SAID_OF_IT.test(`${toks[quote - 2]!.w} ${toks[quote - 1]!.w}`);

/** A quoted name is a title mention, whatever words surround it (the last quote first). */
function quotedSpans(toks: readonly Token[]): TitleSpan[] {
  const spans: TitleSpan[] = [];
  for (let i = 0; i < toks.length; i++) {
    if (toks[i]!.w !== '"') continue;
    const close = toks.findIndex((t, j) => j > i && t.w === '"');
    // "too old for 'baby movies'": quoted words that end in a plain noun are a description, not a title.
    // "they want 'real people' movies": quoted words before a film noun are a kind of film too.
    if (
      close > i + 1 &&
      close - i <= 12 &&
      !/^(movies?|films?|stuff|ones?|things?|vibes?|content|shows?)$/.test(toks[close - 1]!.w) &&
      !/^(movies?|films?|flicks?|stuff|ones)$/.test(toks[close + 1]?.w ?? '') &&
      !saidOfIt(toks, i)
    )
      spans.unshift({ from: i + 1, maxTo: close, suffix: false, trigger: [i, i + 1] });
  }
  return spans;
}

/** "what came out in 1994 that's worth watching": praise after a pronoun is about no title. */
const PRAISE_PRONOUN = /^(that's|thats|that|which|it's|its|it|this|what's|whats|what|anything|something)$/;

/** Whether the suffix at token i (of length len) follows a title rather than a pronoun or ends none. */
function suffixFollowsTitle(toks: readonly Token[], i: number, len: number): boolean {
  // "Inception-like films": a bare "like" after a title ends the clause, else it starts one.
  const after = toks[i + len]?.w;
  if (
    toks[i]!.w === 'like' &&
    len === 1 &&
    after &&
    !PUNCTUATION.has(after) &&
    !/^(films?|movies?|ones?|stuff)$/.test(after)
  )
    return false;
  const before = toks[i - 1]!.w;
  return !(
    PRAISE_PRONOUN.test(before) ||
    (/^(is|was|'s)$/.test(before) && PRAISE_PRONOUN.test(toks[i - 2]?.w ?? ''))
  );
}

/** Words that praise a film when said of it ("X is a perfect movie", "X = peak cinema"). */
const PRAISE = new Set(
  (
    'great amazing awesome perfect brilliant fantastic incredible excellent outstanding superb flawless ' +
    'phenomenal wonderful beautiful stunning gorgeous masterful iconic legendary genius peak elite goated ' +
    'underrated unreal insane masterpiece classic gem favorite favourite fav fave best greatest'
  ).split(' '),
);
const PRAISE_OPENERS = new Set([
  'a',
  'an',
  'the',
  'such',
  'my',
  'so',
  'really',
  'absolutely',
  'pretty',
  'truly',
  'just',
  'literally',
  'honestly',
  'straight',
  'pure',
  'all',
  'time',
]);

/**
 * A verdict of praise at token i ("is a perfect movie", "= peak cinema", "was such a gem"): a
 * verb of being (or "="), up to three softening or framing words, a word of praise. Its length, or 0.
 */
function praiseAt(toks: readonly Token[], i: number): number {
  if (!/^(?:is|was|=|'s)$/.test(toks[i]!.w)) return 0;
  for (let k = i + 1; k <= i + 4 && k < toks.length; k++) {
    const w = toks[k]!.w;
    if (PRAISE.has(w)) return k + 1 - i;
    if (!PRAISE_OPENERS.has(w)) return 0;
  }
  return 0;
}

/** The length of a praise or likeness said after a title at token i ("was so good", "vibes"), or 0. */
function suffixLength(toks: readonly Token[], i: number): number {
  let len = praiseAt(toks, i);
  for (const p of LIKE_SUFFIXES) len = Math.max(len, matchAt(toks, i, p));
  return len;
}

/** "Heat was great", "Inception-like": spans before a praise word. */
function suffixSpans(toks: readonly Token[]): TitleSpan[] {
  const spans: TitleSpan[] = [];
  for (let i = 1; i < toks.length; i++) {
    const len = suffixLength(toks, i);
    if (!len || !suffixFollowsTitle(toks, i, len)) continue;
    // "hereditary absolutely wrecked me": how much it did is no word of the title (decision 0133).
    let end = i;
    while (end > 1 && INTENSIFIERS.has(toks[end - 1]!.w)) end--;
    let from = end;
    while (from > 0 && isTitleWord(toks[from - 1]!) && end - from < 10) from--;
    spans.push({ from, maxTo: end, suffix: true, trigger: [end, i + len] });
  }
  return spans;
}

/** Adverbs of degree said before a verdict ("absolutely wrecked me", "totally ruined me"). */
const INTENSIFIERS = new Set([
  'absolutely',
  'totally',
  'completely',
  'utterly',
  'honestly',
  'literally',
  'genuinely',
  'seriously',
  'actually',
  'really',
  'truly',
  'lowkey',
  'highkey',
]);

const candidate = (toks: readonly Token[], from: number, to: number): TitleCandidate => ({
  from,
  to,
  text: toks
    .slice(from, to)
    .map((t) => t.raw)
    .join(' '),
});

/**
 * Before a praise word: "I think Heat was great": leading words dropped one at a time, only words
 * that cannot start a title ("I think", "just saw"). "heat (the 1995 one) was great": the bracket
 * is about the title (see `clarify`).
 */
function suffixCandidates(toks: readonly Token[], sp: TitleSpan): TitleCandidate[] {
  const out: TitleCandidate[] = [];
  let end = sp.maxTo;
  if (toks[end - 1]?.w === ')') {
    const open = toks.slice(sp.from, end).findLastIndex((t) => t.w === '(') + sp.from;
    if (open > sp.from && !/^(?:19|20)\d\d$/.test(toks[open + 1]?.raw ?? '-')) end = open;
  }
  for (let f = sp.from; f < end && f < sp.from + 5; f++) {
    if (end > f) out.push(candidate(toks, f, end));
    if (!FILLER.has(toks[f]!.w) || ARTICLES.has(toks[f]!.w)) break;
  }
  return out;
}

/** After a "like" word: every reading up to a boundary (a story goes on after the name: "saw Zodiac last weekend"). */
function prefixCandidates(toks: readonly Token[], sp: TitleSpan): TitleCandidate[] {
  const out: TitleCandidate[] = [];
  for (let to = sp.from + 1; to <= sp.maxTo; to++) {
    const next = toks[to];
    if (to === sp.maxTo || (next && TITLE_BOUNDARIES.has(next.w)) || (sp.viewing && to - sp.from <= 6))
      out.push(candidate(toks, sp.from, to));
  }
  return out;
}

/** The readings of a span, or null when it cannot start a title ("like that", "do you know the movie X"). */
function spanCandidates(s: State, sp: TitleSpan, prefixes: readonly string[]): TitleCandidate[] | null {
  if (sp.suffix) return suffixCandidates(s.toks, sp);
  const firstWord = s.toks[sp.from]?.w ?? '';
  // A boundary word may open a well-known title ("like no country for old men": holdCuedTitles).
  const titleStart = s.titleStarts?.has(sp.from);
  if (!titleStart && anAmount(firstWord, s.toks[sp.from + 1]?.w ?? '')) return null;
  if (!titleStart && (TITLE_BOUNDARIES.has(firstWord) || SPAN_SKIP.has(firstWord))) return null;
  // "she's seen everything from pixar", "watched everything by ghibli": no film named Everything.
  if (
    firstWord === 'everything' &&
    /^(?:from|by|of|else|they|she|he|you|we|i)$/.test(s.toks[sp.from + 1]?.w ?? '')
  )
    return null;
  // "do you know the movie X": the inner trigger's own span names the title.
  if (prefixes.some((p) => matchAt(s.toks, sp.from, p) > 0)) return null;
  return prefixCandidates(s.toks, sp);
}

const TIME_UNIT =
  /^(?:secs?|seconds?|mins?|minutes?|hrs?|hours?|h|days?|weeks?|months?|years?|yrs?|times|x)$/;

/**
 * A number after a likeness word that is an amount, no title: a time ("arguing for like 20 min
 * about it"), a rating ("like 7.5 and up", "like 4 stars"), how many are watching ("like 12 ppl"),
 * a length typed as one word ("like 2h15").
 */
function anAmount(first: string, next: string): boolean {
  if (/^\d/.test(first) && TIME_UNIT.test(next)) return true;
  // "like 8+ score"
  if (/^\d+(?:[.,]\d+)?\+$/.test(first)) return true;
  if (/^\d+(?:[.,]\d+)?$/.test(first) && /^(?:and|or|\+|plus|stars?|out|\/)$/.test(next)) return true;
  if (
    /^\d+$/.test(first) &&
    /^(?:ppl|people|persons?|of|guys|girls|friends|adults|kids|folks|peeps|us)$/.test(next)
  )
    return true;
  // "at like 9am", "like 11:30": a time of day.
  if (/^\d{1,2}(?::\d\d)?(?:am|pm)?$/.test(first) && /^(?:am|pm|o'?clock)$/.test(next)) return true;
  if (/^\d{1,2}(?::\d\d)?(?:am|pm)$|^\d{1,2}:\d\d$/.test(first)) return true;
  return /^\d+(?:[.,]\d+)?(?:h|hrs?|min|mins)\d{0,2}$/.test(first);
}

type FoundTitle = NonNullable<ReturnType<typeof bestTitle>>;

/**
 * "jane austen vibes", "like a heist but in space": words the catalog knows as a topic (a keyword of
 * two words or more) that no film is titled are that topic, never a title said to be missing.
 */
function namesATopic(s: State, found: FoundTitle, suffix = false): boolean {
  const span = s.toks.slice(found.cand.from, found.cand.to);
  const words = span.map((t) => t.w);
  if (words.length >= 2) return !found.movie && s.ctx.keywordVocabulary.has(words.join(' '));
  if (listedTopic(s, found)) return true;
  // "heist vibes", "heist type movies": one word typed in lower case that the catalog knows as a
  // topic is that topic before a likeness, unless it is a famous film's title ("alien vibes").
  return (
    suffix &&
    !span[0]!.cap &&
    !span[0]!.upper &&
    s.ctx.keywordVocabulary.has(words[0]!) &&
    (!found.movie || found.movie.vote_count < TOPIC_TITLE_VOTES)
  );
}

/**
 * Decision 0160: one word in lower case that the catalog knows as a topic (or its plural) before a
 * film noun ("I love heist films", "i like war movies") or first of a list ("I like trials, lawyers
 * and tense verdicts") is that topic, never a title ("i like alien, predator and the thing": in a
 * list, a famous film's title stays one).
 */
function listedTopic(s: State, found: FoundTitle): boolean {
  const t = s.toks[found.cand.from]!;
  if (found.cand.to - found.cand.from !== 1 || t.cap || t.upper) return false;
  const next = s.toks[found.cand.to]?.w ?? '';
  const listed = next === ',' || next === 'and' || next === 'or';
  if (!FILM_NOUN.test(next) && !(listed && (found.movie?.vote_count ?? 0) < TOPIC_TITLE_VOTES)) return false;
  const vocabulary = s.ctx.keywordVocabulary;
  return (
    GENRE_WORDS.has(t.w) || vocabulary.has(t.w) || (t.w.endsWith('s') && vocabulary.has(t.w.slice(0, -1)))
  );
}

/** Suffixes that say a kind of film ("heist vibes", "heist type movies"), not praise of one. */
const KIND_SUFFIX = /^(?:vibes?|style|type|like|esque|kind)$/;
const kindSuffix = (s: State, sp: TitleSpan) =>
  !!sp.suffix && KIND_SUFFIX.test(s.toks[sp.trigger[0]]?.w ?? '');

/** A film this well known is named by its one-word title even where the word is also a topic. */
const TOPIC_TITLE_VOTES = 1000;

/** Words that say how or when something was watched, never a title after a viewing word. */
const HOW_WATCHED = new Set(
  'together again alone twice once already recently yesterday tonight online before lately'.split(' '),
);

/** Words before a day or a holiday that make it a time ("on Friday", "this sunday", "on halloween"). */
const WHEN_BEFORE_DAY = new Set(
  'on this next last by till until til before after since every for'.split(' '),
);

/**
 * "watch jaws", "play heat tonight": a viewing asked for that opens the message, then one word that
 * is exactly a well-known film's title and the message's last word of its own (no request word):
 * that film, though a lower-case word after "watch" is usually what it says ("watch together").
 */
function onlyFilmAsked(
  s: State,
  sp: TitleSpan,
  found: FoundTitle,
  lexiconWords: ReadonlySet<string>,
): boolean {
  const word = s.toks[found.cand.from]!;
  if (!found.movie || found.confidence < 0.95 || found.movie.vote_count < HELD_SLIP_VOTES) return false;
  if (HOW_WATCHED.has(word.w) || lexiconWords.has(word.w)) return false;
  const filler = (t: Token) => FILLER.has(t.raw) || PUNCTUATION.has(t.w);
  return s.toks.slice(0, sp.trigger[0]).every(filler) && s.toks.slice(found.cand.to).every(filler);
}

/** Whether the best reading of a span is a title mention at all. */
function mentionsTitle(
  s: State,
  sp: TitleSpan,
  found: FoundTitle,
  first: TitleCandidate | undefined,
  lexiconWords: ReadonlySet<string>,
): boolean {
  // After a viewing word, only a catalog film, or a name typed in capitals after "watch" or "to see"
  // ("I want to watch Oppenheimer tonight"): never a story's words.
  if (sp.viewing && !found.movie && !(sp.loose && capitalsMarkNames(s) && s.toks[found.cand.from]?.cap))
    return false;
  // "what should we watch together tonight", "obsessed with robots": a plain word, not a name.
  const oneLower = found.cand.to - found.cand.from === 1 && !s.toks[found.cand.from]!.upper;
  if (sp.loose && oneLower && !onlyFilmAsked(s, sp, found, lexiconWords)) return false;
  // "the stuff we watched together", "seen it twice": how it was watched, no film called Together.
  if (sp.viewing && oneLower && HOW_WATCHED.has(s.toks[found.cand.from]!.w)) return false;
  // "something we can all watch on Friday", "on halloween": a day after "on", "this", "by"… is when,
  // no film Friday.
  if (
    found.cand.to - found.cand.from === 1 &&
    CALENDAR_WORDS.has(s.toks[found.cand.from]!.w) &&
    WHEN_BEFORE_DAY.has(s.toks[found.cand.from - 1]?.w ?? '')
  )
    return false;
  if (namesNoFilmHere(s, sp, found, lexiconWords)) return false;
  // "we both like sci-fi but she hates…": "like" before request words is the verb, not a title.
  return !(
    !found.movie &&
    !sp.suffix &&
    first &&
    requestWordsOnly(s.toks.slice(first.from, first.to), lexiconWords) &&
    !s.toks[sp.from]!.upper
  );
}

/**
 * Words that name no film whatever the catalog lacks: a language's name, capitalised in English
 * ("I'd really like actual live-action Japanese films"), suggestions asked for ("vous avez des idées
 * ?", "¿tienes alguna idea?"), a listed person's whole name ("I adore Meryl Streep"), a full name
 * said with "-style" or "-esque" ("Agatha Christie-style whodunits": a maker's manner; a film the
 * catalog lacks is said like it, "Oppenheimer vibes", not "in the style of" it).
 */
function namesNoTitle(s: State, sp: TitleSpan, found: FoundTitle): boolean {
  const text = originalText(s, found.cand.from, found.cand.to);
  const span = s.toks.slice(found.cand.from, found.cand.to);
  return (
    span.every((t) => languageName(t.raw)) ||
    describedByDegree(span) ||
    asksForSuggestions(span.map((t) => t.raw)) ||
    isListedPerson(text) ||
    (!!sp.suffix && MANNER_SUFFIX.test(s.toks[sp.trigger[0]]?.w ?? '') && looksLikeFullName(text))
  );
}

/**
 * "like famously terrible", "like seriously creepy": a degree word in "-ly" (typed in lower case)
 * and one or two words more describe the films; a title the catalog lacks is rarely said so.
 */
const describedByDegree = (span: readonly Token[]) =>
  span.length >= 2 &&
  span.length <= 3 &&
  span.every((t) => !t.upper) &&
  /^[a-z]{4,}ly$/.test(span[0]!.raw) &&
  !/(?:ily|lly)$/.test(span[0]!.raw);

/**
 * Two or three words, the first a given name ("Agatha Christie", "stephen king"): looser than
 * `offlinePerson`, whose surname may be no keyword ("king"), as it is read only before "-style".
 */
function looksLikeFullName(text: string): boolean {
  const words = foldName(text).trim().split(/\s+/);
  return (
    words.length >= 2 && words.length <= 3 && (GIVEN_NAMES.has(words[0]!) || MORE_GIVEN_NAMES.has(words[0]!))
  );
}

/** Suffixes that say a maker's manner ("Hitchcock-style", "Lynch-esque"), said of people rather than films. */
const MANNER_SUFFIX = /^(?:style|esque)$/;

/** Whether the text is the whole name of a person on the film-people list ("meryl streep", "Tom Hanks"). */
function isListedPerson(text: string): boolean {
  const found = wellKnownPerson(text);
  return !!found && found.typed.join(' ') === foldName(text).trim().replace(/\s+/g, ' ');
}

/** Whether a word names a language or a nation ("japanese", "french"): capitalised, it is no name of a film. */
const languageName = (w: string) => NATIONALITY_WORDS[w] !== undefined || languageSaid(w) !== null;

/** The title is taken: it is the request's "like", and its words (and its trigger's) are used. */
function takeTitle(s: State, sp: TitleSpan, found: FoundTitle, lexiconWords: ReadonlySet<string>): void {
  const toks = s.toks;
  s.q.like = {
    text: originalText(s, found.cand.from, found.cand.to),
    movie: found.movie,
    confidence: Math.round(found.confidence * 100) / 100,
    closest: found.closest,
  };
  for (let k = sp.trigger[0]; k < sp.trigger[1]; k++) toks[k]!.used = true;
  // "Die Hard is my fave christmas movie": the words up to "movie" describe the film named.
  if (sp.suffix && toks.slice(sp.trigger[0], sp.trigger[1]).some((t) => t.w === 'my')) {
    const end = toks.findIndex(
      (t, k) => k >= sp.trigger[1] && k <= sp.trigger[1] + 4 && /^(movies?|films?|ones?|flicks?)$/.test(t.w),
    );
    if (end >= 0) for (let k = sp.trigger[1]; k <= end; k++) toks[k]!.used = true;
  }
  // The words before the name in its clause ("what's" in "what's Dune Part Two like?") go with it.
  for (let k = Math.min(sp.from, found.cand.from); k < found.cand.to; k++) toks[k]!.used = true;
  clarify(s, found.cand.to, lexiconWords);
  originalMeant(s, found.cand.from);
}

/** Words that join a further film liked to the first ("like Memento or Inception", "wie Memento oder Inception"). */
const ALSO_JOINS = /^(?:and|or|,|&|\+|n|y|o|e|et|ou|und|oder)$/;
/** How well known a further film liked must be, its title typed in one word or in several. */
const ALSO_ONE_WORD_VOTES = 1000;
const ALSO_VOTES = 300;

/**
 * "films like Memento or Inception", "I loved Heat and Ronin": up to two further well-known films
 * named right after the first, each joined by "and", "or" or a comma and typed as its whole title
 * (a one-word title of four letters or more and no word of a request: "like Alien and funny" asks for
 * funny films).
 */
function alsoLiked(s: State, from: number, lexiconWords: ReadonlySet<string>): void {
  const first = s.q.like?.movie;
  if (!first) return;
  const also: CatalogMovie[] = [];
  let at = from;
  while (also.length < 2 && ALSO_JOINS.test(s.toks[at]?.w ?? '')) {
    const named = titleAt(s, at + 1, lexiconWords, [first, ...also]);
    if (!named) break;
    also.push(named.movie);
    for (let k = at; k < named.end; k++) s.toks[k]!.used = true;
    at = named.end;
  }
  if (also.length) s.q.alsoLike = also;
}

/** The longest well-known title typed whole from `start` (six words at most), or null. */
function titleAt(
  s: State,
  start: number,
  lexiconWords: ReadonlySet<string>,
  named: readonly CatalogMovie[],
): { movie: CatalogMovie; end: number } | null {
  for (let n = Math.min(6, s.toks.length - start); n >= 1; n--) {
    const span = s.toks.slice(start, start + n);
    if (span.some((t) => t.used || PUNCTUATION.has(t.w))) continue;
    const w = span[0]!.w;
    if (n === 1 && (w.length < 4 || lexiconWords.has(w) || FILLER.has(w))) continue;
    const hit = s.ctx.resolveTitle(span.map((t) => t.raw).join(' '));
    if (!hit || hit.confidence < 0.95 || named.some((m) => m.id === hit.movie.id)) continue;
    if (hit.movie.vote_count < (titleWords(hit.movie.title).length === 1 ? ALSO_ONE_WORD_VOTES : ALSO_VOTES))
      continue;
    return { movie: hit.movie, end: start + n };
  }
  return null;
}

/** "I loved the original Ghost in the Shell": of the films of that title, the first released. */
function originalMeant(s: State, from: number): void {
  const like = s.q.like;
  if (!like?.movie || !ORIGINAL_WORDS.has(s.toks[from - 1]?.raw ?? '')) return;
  const first = s.ctx.originalTitled?.(like.movie.title);
  if (first && first.id !== like.movie.id) s.q.like = { ...like, movie: first };
}

/** Capitals mark names only where most words are typed in lower case ("LIKE HEAT BUT DARKER" marks none). */
function capitalsMarkNames(s: State): boolean {
  const wordToks = s.toks.filter((t) => !PUNCTUATION.has(t.w));
  return wordToks.filter((t) => t.upper).length * 2 < wordToks.length;
}

/**
 * A name typed in capitals is read whole (decision 0096): "watch Killers of the Flower Moon" is not
 * the catalog's "Killers", "Top Gun: Maverick" is not "Top Gun". When the whole capital run is no
 * catalog title, it is the title named, and the catalog lacks it (the shorter match is offered).
 */
function wholeCapitalName(s: State, found: FoundTitle): FoundTitle {
  const from = found.cand.from;
  if (!found.movie || !s.toks[from]?.upper || !capitalsMarkNames(s)) return found;
  const end = capitalRun(s.toks, from);
  if (end <= found.cand.to) return found;
  return readWhole(s, from, end, found.movie);
}

/** Words that end a lower-case name's run: a boundary, a day or month, a request word. */
const endsPlainName = (t: Token, lexiconWords: ReadonlySet<string>) =>
  t.used ||
  PUNCTUATION.has(t.w) ||
  !/^[\p{L}\d']+$/u.test(t.raw) ||
  TITLE_BOUNDARIES.has(t.w) ||
  CALENDAR_WORDS.has(t.w) ||
  /^(and|but|with|or|it|is|was|which|that|because|so|for|from|about|to|i|my|we|me|love|loved|like|liked|enjoyed|saw|seen|watched|watch|just|really)$/.test(
    t.w,
  ) ||
  // A small word ("all", "at") may be a name's; a request word is not.
  (lexiconWords.has(t.w) && !FILLER.has(t.raw));

/** The name found starts right after its cue ("saw X") or ends right before it ("X was great"). */
const nextToTrigger = (sp: TitleSpan, found: FoundTitle) =>
  sp.suffix ? found.cand.to === sp.trigger[0] : found.cand.from === sp.from;

/**
 * A name typed in lower case is read whole too (decision 0102): "everything everywhere all at
 * once" is not the catalog's "Everything" (2004), nor "Once". When the catalog film matched is
 * followed, in the same run of plain words, by more words of the name (none a request word, a
 * day or a boundary; one at least no filler), the whole run is the name; when no catalog title is
 * that, the catalog lacks it (the shorter match is offered when it is well known).
 */
function wholePlainName(
  s: State,
  sp: TitleSpan,
  found: FoundTitle,
  lexiconWords: ReadonlySet<string>,
): FoundTitle {
  if (!found.movie || s.toks[found.cand.from]?.upper) return found;
  const toks = s.toks;
  // "watched mad max fury road 3 times this month": how often it was seen is no part of its name.
  const count = (k: number) =>
    (/^\d+$/.test(toks[k]!.w) && /^(?:times|x)$/.test(toks[k + 1]?.w ?? '')) ||
    /^(?:twice|thrice)$/.test(toks[k]!.w);
  const ends = (k: number) => k < 0 || k >= toks.length || endsPlainName(toks[k]!, lexiconWords) || count(k);
  let [from, to] = [found.cand.from, found.cand.to];
  // After a cue the name goes on after the match; before a judgement ("X - do you have it?",
  // "X was great"), it goes back before it.
  if (sp.suffix) while (found.cand.from - from < 6 && !ends(from - 1)) from--;
  else while (to - found.cand.to < 6 && !ends(to)) to++;
  while (to > found.cand.to && FILLER.has(toks[to - 1]!.raw)) to--;
  while (from < found.cand.from && FILLER.has(toks[from]!.raw)) from++;
  const extra = [...toks.slice(from, found.cand.from), ...toks.slice(found.cand.to, to)];
  if (!extra.some((t) => !FILLER.has(t.raw) && t.w.length >= 3)) return found;
  return readWhole(s, from, to, found.movie);
}

/**
 * Words [from, to) read as one name, longer than the catalog film `shorter` matched within them:
 * the catalog title they are, or (none) the title named, which the catalog lacks, with the shorter
 * match offered when it is well known.
 */
function readWhole(s: State, from: number, to: number, shorter: CatalogMovie): FoundTitle {
  const run = { from, to, text: rawText(s, from, to) };
  const hit = s.ctx.resolveTitle(run.text);
  if (hit && hit.confidence >= 0.9)
    return { cand: run, movie: hit.movie, confidence: hit.confidence, closest: null };
  return (
    titleListed(s, run) ?? {
      cand: run,
      movie: null,
      confidence: 0,
      closest: shorter.vote_count >= 100 ? shorter : null,
    }
  );
}

/**
 * Whether the words read as a title are said as one (decision 0096, `title-mention.ts`): a title
 * the catalog lacks, or a partial match, only when the message names it as a title (quoted, in
 * capitals, after "like", judged like a film, the whole message); otherwise they are ordinary
 * words ("like living the same day over and over", "back from two weeks in Italy") and the rest
 * of the request is read.
 */
function saidAsTitle(s: State, sp: TitleSpan, found: FoundTitle): boolean {
  // "seen most of those", "liked a few of them": how many of the films shown, no title ("Most").
  if (ofTheShown(s.toks, found.cand.to)) return false;
  // "haunted house vibes", "killer clown vibes", "road trip vibes": before a cue that follows, a
  // theme many films carry, typed in lower case, is that theme (unless it is a famous film's very
  // name: "alien vibes").
  if (sp.suffix && themeBeforeCue(s, sp, found)) return false;
  // "where most of the movie happens at the trial": "the movie" is the sentence's subject, its verb
  // next, no film named after it.
  if (!sp.suffix && subjectThenVerb(s, sp, found)) return false;
  if (found.movie && found.confidence >= 0.95) return true;
  // "want to watch grand budapest hotle tonight": a famous film's title of two words or more,
  // typed with a slip.
  // Decision 0131: or before praise ("the dark night was insane").
  if (
    (sp.viewing || sp.suffix) &&
    found.movie &&
    found.confidence >= SLIPPED_TITLE_CONFIDENCE &&
    found.movie.vote_count >= HELD_SLIP_VOTES &&
    found.cand.to - found.cand.from >= 2 &&
    typedWithASlip(s, found)
  )
    return true;
  // "eternal sunshine type movies": a famous title's first words, right before the cue.
  if (sp.suffix && found.cand.to === sp.trigger[0] && startsFamousTitle(s, found)) return true;
  // "Loved the trailer", "Got dumped yesterday": what was loved is a part of a film, what one got
  // a passive's participle, no title the catalog lacks.
  if (!found.movie && !sp.suffix && partOrPassive(s, sp, found)) return false;
  const text = originalText(s, found.cand.from, found.cand.to);
  // After a "like" word (typos allowed: "simlar to"), the cue is there: the words must be a name.
  if (!sp.suffix && !sp.viewing && found.cand.from === sp.from) return namesAfterCue(s.original, text);
  return looksLikeATitleMention(s.original, text);
}

/**
 * Films (20+ votes) a keyword must be carried by to be a theme said before "vibes", "type", "kind":
 * rather than a film of that name, or than a title the catalog lacks (any theme is likelier).
 */
const THEME_BEFORE_CUE_FILMS = { overAFilm: 15, overNoFilm: 3 };
/** Votes that make a film's exact name, said before such a cue, the film rather than the theme. */
const FAMOUS_NAME_VOTES = 1500;

function themeBeforeCue(s: State, sp: TitleSpan, found: FoundTitle): boolean {
  const span = s.toks.slice(found.cand.from, found.cand.to);
  // Right before the cue, typed in lower case, with no article that makes it a name ("the witch").
  if (found.cand.to !== sp.trigger[0] || !span.length || span.some((t) => t.upper || t.cap)) return false;
  if (/^(?:the|a|an)$/.test(span[0]!.raw)) return false;
  const phrase = span.map((t) => t.raw).join(' ');
  const film = found.movie;
  const needed = film ? THEME_BEFORE_CUE_FILMS.overAFilm : THEME_BEFORE_CUE_FILMS.overNoFilm;
  if ((s.ctx.keywordFilms?.(phrase) ?? 0) < needed) return false;
  return !(film && film.vote_count >= FAMOUS_NAME_VOTES && found.confidence >= 0.95);
}

/** A verb that follows a sentence's subject ("the movie happens", "the film is", "the film should"). */
const VERB_AFTER_SUBJECT =
  /^(?:is|was|has|had|happens|happened|takes|took|feels|felt|stays|goes|went|ends|ended|starts|started|begins|runs|gets|got|keeps|makes|made|should|could|would|can|will|must|does|did|doesn't|doesnt|isn't|isnt|wasn't|wasnt|needs|needn't|shouldn't|shouldnt)$/;

function subjectThenVerb(s: State, sp: TitleSpan, found: FoundTitle): boolean {
  const cue = s.toks
    .slice(sp.trigger[0], sp.trigger[1])
    .map((t) => t.raw)
    .join(' ');
  return /^the (?:movie|film)$/.test(cue) && VERB_AFTER_SUBJECT.test(s.toks[found.cand.from]?.raw ?? '');
}

/** Cues of liking, whose object may be a part of a film ("loved the trailer", "liked the ending"). */
const LIKING_CUES = new Set(['loved', 'liked', 'enjoyed', 'adored', 'love', 'like']);

/**
 * After a cue of liking, a part of a film (`FILM_PARTS`: "the trailer", "its soundtrack"); after
 * "got", a word the catalog's texts know ending in -ed ("got dumped", "got married").
 */
function partOrPassive(s: State, sp: TitleSpan, found: FoundTitle): boolean {
  const cue = s.toks[sp.trigger[1] - 1]?.w ?? '';
  const span = s.toks
    .slice(found.cand.from, found.cand.to)
    .filter((t) => !/^(?:the|its|that|this|their)$/.test(t.w));
  const first = span[0];
  if (!first || first.cap) return false;
  if (LIKING_CUES.has(cue)) return FILM_PARTS.has(first.w);
  return cue === 'got' && /ed$/.test(first.w) && (s.ctx.knownWord?.(first.w) ?? false);
}

/** Whether a phrase is one of a genre's own words ("musical" of Music). */
const saysGenre = (genre: number, phrase: string) =>
  GENRE_PHRASES.some(([g, phrases]) => g === genre && phrases.includes(phrase));

/** "of those", "of them", "of your picks" at `at`: a quantity of the films shown before it. */
const ofTheShown = (toks: readonly Token[], at: number) =>
  toks[at]?.w === 'of' &&
  SHOWN_AFTER_OF.some((said) => said.split(' ').every((w, k) => toks[at + 1 + k]?.w === w));

/** Some word typed is none of the title's words ("hotle" for The Grand Budapest Hotel). */
function typedWithASlip(s: State, found: FoundTitle): boolean {
  const title = new Set(titleWords(found.movie!.title));
  return s.toks
    .slice(found.cand.from, found.cand.to)
    .some((t) => /^[a-z]+$/.test(t.raw) && !title.has(t.raw));
}

/** How close a famous film's title typed with a slip must be (decision 0130; how famous: HELD_SLIP_VOTES). */
const SLIPPED_TITLE_CONFIDENCE = 0.85;

/** The words typed (two at least) are the first words of a well-known film's title. */
function startsFamousTitle(s: State, found: FoundTitle): boolean {
  const typed = s.toks.slice(found.cand.from, found.cand.to).map((t) => t.w);
  if (!found.movie || found.movie.vote_count < 1000 || typed.length < 2) return false;
  const title = foldAccents(found.movie.title.toLowerCase())
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return typed.every((w, i) => title[i] === w);
}

/**
 * "not star wars, everyone's seen star wars": a film the message rules out is not what it asks
 * for more of because it was also seen (a similarity word still anchors: "like Heat but not Heat
 * itself"). The negation clause rules it out.
 */
function negatedInMessage(s: State, found: FoundTitle): boolean {
  const words = s.toks
    .slice(found.cand.from, found.cand.to)
    .map((t) => t.raw.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  if (!words) return false;
  return new RegExp(`\\b(?:not|no|except|besides|other than|without)\\s+(?:the\\s+)?${words}\\b`, 'i').test(
    foldAccents(s.original.toLowerCase()),
  );
}

const FRAME_LEADS: ReadonlySet<string> = new Set(AVAILABILITY_FRAME.leads);

/** Whether token i opens the message or a sentence (after lead words at most: "hey, is …"). */
function opensClause(toks: readonly Token[], i: number): boolean {
  for (let k = i - 1; k >= 0; k--) {
    const w = toks[k]!.raw;
    if (/^[.!?;:]$/.test(w)) return true;
    if (w !== ',' && !FRAME_LEADS.has(w)) return false;
  }
  return true;
}

/** The longest of `phrases` at token i (its length in tokens; 0: none). */
const longestAt = (toks: readonly Token[], i: number, phrases: readonly string[]) =>
  phrases.reduce((n, p) => Math.max(n, matchAt(toks, i, p, 'raw')), 0);

/**
 * "have u got everything everywhere all at once??", "do you have amelie?": after an opener that asks
 * for the title itself, the question's end (its marks, or the message's end) closes the frame. Its
 * length in tokens (the marks), 0 when the question goes on.
 */
function questionEnds(toks: readonly Token[], opensAt: number, k: number): number {
  if (!longestAt(toks, opensAt, AVAILABILITY_FRAME.asks)) return 0;
  let n = 0;
  while (toks[k + n]?.raw === '?') n++;
  return n > 0 || k === toks.length ? Math.max(n, 1) : 0;
}

/** "is X on here?": the frame's name [from, maxTo), its end as the trigger, and where it opens; or null. */
function availabilityFrame(s: State): { sp: TitleSpan; opensAt: number } | null {
  const toks = s.toks;
  for (let i = 0; i < toks.length; i++) {
    const open = opensClause(toks, i) ? longestAt(toks, i, AVAILABILITY_FRAME.opens) : 0;
    if (!open) continue;
    for (let k = i + open + 1; k <= Math.min(toks.length - 1, i + open + 8); k++) {
      const t = toks[k - 1]!;
      if (t.used || !isTitleWord(t)) break;
      const end = longestAt(toks, k, AVAILABILITY_FRAME.ends) || questionEnds(toks, i, k);
      if (end) return { sp: { from: i + open, maxTo: k, suffix: false, trigger: [k, k + end] }, opensAt: i };
    }
  }
  return null;
}

/** A likeness's words ("like", "parecido a", "comme") after the first word of `span`. */
function likenessWithin(s: State, span: readonly Token[]): boolean {
  const words = span.map((t) => t.w);
  const prefixes = [...LIKE_PREFIXES, ...(LIKE_PREFIXES_BY_LANG[s.q.lang] ?? [])].map((p) => p.split(' '));
  return words.some((_, i) => i > 0 && prefixes.some((p) => p.every((w, k) => words[i + k] === w)));
}

/**
 * "is oppenheimer on here?", "is top gun maverick available?": the frame's words are the title
 * named, whole (a catalog film only when it is that name; else the catalog lacks it, and the
 * nearest well-known title is offered). Not a name: a phrase that describes ("is anything good on
 * here"), request words ("is horror available"), a studio or service ("is netflix available").
 */
function takeAvailabilityFrame(s: State, lexiconWords: ReadonlySet<string>): boolean {
  const frame = availabilityFrame(s);
  if (!frame) return false;
  const { sp, opensAt } = frame;
  const cand = { from: sp.from, to: sp.maxTo, text: rawText(s, sp.from, sp.maxTo) };
  const span = s.toks.slice(cand.from, cand.to);
  if (!namesInFrame(s.original, originalText(s, cand.from, cand.to))) return false;
  const own = span.filter((t) => !FILLER.has(t.raw));
  if (own.length > 0 && own.every((t) => NOT_PEOPLE_WORDS.has(t.raw))) return false;
  if (asksForSuggestions(span.map((t) => t.raw))) return false;
  const hit = s.ctx.resolveTitle(cand.text);
  // "tienes algo parecido a inception?", "avez-vous quelque chose comme inception ?": a likeness
  // inside asks for films like the one it names, when the whole is no film (decision 0144).
  if (!(hit && hit.confidence >= 0.95) && likenessWithin(s, span)) return false;
  const named = !!hit && hit.confidence >= 0.9 && (hit.confidence >= 0.95 || hit.movie.vote_count >= 100);
  if (
    (requestWordsOnly(span, lexiconWords) || describesKinds(span)) &&
    !(named && hit!.movie.vote_count >= 300)
  )
    return false;
  const found: FoundTitle = named
    ? { cand, movie: hit!.movie, confidence: hit!.confidence, closest: null }
    : { cand, movie: null, confidence: 0, closest: offeredTitle(s, cand, null) };
  for (let k = opensAt; k < sp.from; k++) s.toks[k]!.used = true;
  takeTitle(s, sp, found, lexiconWords);
  s.q.filmAsked = true;
  return true;
}

/** The words after a franchise's name that say its films are meant ("the bond films", "the toy story ones"). */
const FRANCHISE_NOUNS =
  /^(?:movies?|films?|flicks?|ones|series|saga|franchise|sequels|trilogy|pel[ií]culas|films)$/;

/** The franchise named after a likeness's words end at `at` ("the whole lord of the rings"), and its best-known film. */
function franchiseAfter(s: State, at: number) {
  let from = at;
  // "watched the whole lord of the rings trilogy", "loved all of the original star wars films"
  // ("rewatched all three lord of the rings movies": a count of them too)
  while (
    from < at + 4 &&
    /^(?:the|all|of|whole|entire|original|complete|two|three|four|five|six|seven|eight|nine|[2-9]|both)$/.test(
      s.toks[from]?.w ?? '',
    )
  )
    from++;
  const words = s.toks.slice(from, from + 6).map((t) => t.raw.replace(/[^\p{L}\d]+/gu, ''));
  const found = s.ctx.franchiseAt!(words, false);
  const head = found ? s.ctx.franchiseHead!(found.id) : null;
  return found && head ? { found, head, from, end: from + found.length } : null;
}

/** The word after a name, past a colon or a dash that goes on to a subtitle ("mad max: fury road"). */
function wordAfterName(toks: readonly Token[], end: number): string {
  const next = toks[end]?.w ?? '';
  return /^[:–—-]$/.test(next) && toks[end + 1] ? toks[end + 1]!.w : next;
}

/**
 * Decision 0143: seen, a franchise's name that is no title of its films is its films without a
 * noun ("just finished the lord of the rings for the 5th time"; "just watched star wars" is the
 * film), unless more of a title follows it (`after`: "just watched mad max fury road" is the film).
 */
function seenWhole(after: string, found: { length: number; name: string }, head: CatalogMovie): boolean {
  const name = titleWords(found.name);
  const own = titleWords(head.title);
  return (
    found.length >= 2 &&
    (!after || PUNCTUATION.has(after) || AFTER_A_NAME.test(after)) &&
    own.join(' ') !== name.join(' ') &&
    own[name.length] !== after
  );
}

/** Words that go on after a name, never more of a title ("for the 5th time", "again", "with my son"). */
const AFTER_A_NAME =
  /^(?:for|and|with|again|last|yesterday|tonight|today|this|like|so|but|now|twice|once|over|in|on|at|all|back|until|till|cause|because|bc)$/;

/** Verbs that, before a franchise, say its films were seen. */
const FRANCHISE_SEEN = new Set([
  'watched',
  'seen',
  'finished',
  'binged',
  'rewatched',
  'rewatching',
  'rewatch',
]);

/** Verbs that, before a franchise's films, are a likeness too ("my kids love the toy story films"). */
const FRANCHISE_LOVED = [
  'love',
  'loves',
  'adore',
  'adores',
  'enjoy',
  'enjoys',
  'liked',
  'obsessed with',
  // Seen them all: films like them next ("just finished all the harry potter movies, what now?").
  ...FRANCHISE_SEEN,
];

/**
 * "something like the bond films", "my kids love the toy story movies, what else?": a franchise
 * named by its films after a likeness is read as its best-known film (the seed of "like X"), and its
 * own films are left out (`collectionsOut`): films like the franchise, not the franchise again.
 */
export function likeFranchiseClause(s: State): void {
  if (!s.ctx.franchiseAt || !s.ctx.franchiseHead) return;
  const prefixes = [...LIKE_PREFIXES, ...(LIKE_PREFIXES_BY_LANG[s.q.lang] ?? []), ...FRANCHISE_LOVED];
  for (let i = 0; i < s.toks.length; i++) {
    const { len } = likePrefixAt(s, i, prefixes);
    // "we don't love the star wars films": no likeness.
    if (!len || s.toks[i]!.used || s.negated.has(i) || LIKE_VERB_BEFORE.test(s.toks[i - 1]?.w ?? ''))
      continue;
    const named = franchiseAfter(s, i + len);
    if (!named) continue;
    const { found, head, from, end } = named;
    if (!franchiseMeant(s, named, FRANCHISE_SEEN.has(wordsFrom(s.toks, i, len)))) continue;
    s.q.like = { text: rawText(s, from, end), movie: head, confidence: 1, closest: null };
    const out = (s.q.collectionsOut ??= []);
    if (!out.some((c) => c.id === found.id)) out.push({ id: found.id, name: found.name });
    for (let k = i; k <= Math.min(end, s.toks.length - 1); k++) s.toks[k]!.used = true;
    return;
  }
}

/** Whether the franchise named after a likeness is meant, not a film of its name. */
function franchiseMeant(
  s: State,
  named: NonNullable<ReturnType<typeof franchiseAfter>>,
  seen: boolean,
): boolean {
  const { found, head, end } = named;
  // "just watched The Dark Knight": a name that is one of its films' own title is that film.
  const film = s.ctx.resolveTitle(found.name);
  const ownTitle = !!film && film.confidence === 1 && film.movie.collection?.id === found.id;
  if (seen && !ownTitle && seenWhole(wordAfterName(s.toks, end), found, head)) return true;
  if (FRANCHISE_NOUNS.test(s.toks[end]?.w ?? '')) return true;
  // Decision 0160: "I love The Lord of the Rings": a franchise far better known than a film of its
  // very name (a 1978 cartoon) is the franchise, said without "films" after it.
  return !ownTitle && (!film || film.movie.vote_count * FRANCHISE_OVER_FILM <= head.vote_count);
}

/** How many times better known than a film of its name a franchise is taken for that name. */
const FRANCHISE_OVER_FILM = 10;

/** "like Heat", "similar to interstelar", "I loved Amélie, what next?", "Heat was great, anything similar?", "comme Amélie". */
/** A film known to fewer viewers is never held (`holdCuedTitles`). */
const HELD_MIN_VOTES = 100;
/** A film this well known is held when typed with a slip that leaves it this close (`holdCuedTitles`). */
const HELD_SLIP_VOTES = 1000;
const HELD_SLIP_CONFIDENCE = 0.9;

/** The longest title a cued name may have, in words. */
const LONGEST_CUED_TITLE = 10;

/**
 * "something like no country for old men": a well-known film's exact title right after a cue
 * ("like", "similar to", "loved") is a title before it is anything else, so the clauses that run
 * before the title clauses (eras, year bounds, people, lengths) must not read its words ("no …
 * old" as "nothing old"). Its tokens are held (marked used) until `releaseCuedTitles`, which runs
 * just before the title clauses. Only an exact title of two words or more of a film known to 100+
 * viewers (`resolveTitle` confidence 1), or of one known to 1,000+ typed with a slip that leaves
 * it as close ("no country 4 old men"), is held: anything looser is left to the title clauses.
 */
export function holdCuedTitles(s: State): number[] {
  const held: number[] = [];
  const prefixes = [...LIKE_PREFIXES, ...(LIKE_PREFIXES_BY_LANG[s.q.lang] ?? [])];
  for (const sp of prefixSpans(s, prefixes)) {
    for (let to = Math.min(sp.maxTo, sp.from + LONGEST_CUED_TITLE); to >= sp.from + 2; to--) {
      const span = s.toks.slice(sp.from, to);
      if (span.some((t) => t.used || PUNCTUATION.has(t.w))) continue;
      const hit = s.ctx.resolveTitle(span.map((t) => t.raw).join(' '));
      if (!hit || hit.movie.vote_count < HELD_MIN_VOTES) continue;
      if (hit.confidence < (hit.movie.vote_count >= HELD_SLIP_VOTES ? HELD_SLIP_CONFIDENCE : 1)) continue;
      (s.titleStarts ??= new Set()).add(sp.from);
      for (let k = sp.from; k < to; k++) {
        s.toks[k]!.used = true;
        held.push(k);
      }
      break;
    }
  }
  return held;
}

/** A film this well known, its exact title typed in capitals anywhere, is held (`holdNamedTitles`). */
const NAMED_MIN_VOTES = 500;

/**
 * "I only know The Hurt Locker", "Funny Games messed me up": a well-known film's exact title typed
 * as a name (its words in capitals, two words or more, the message not in capitals throughout; or
 * in lower case after "know", "seen": "i only really know the hurt locker") is
 * a film named, before its words are a mood ("locker" is German for easy-going) or a theme (a
 * franchise's name is left to the franchise clauses). Held
 * like the cued titles until the title clauses; one they do not take stays read as named in
 * passing (`keepNamedTitles`), so the clauses after them do not read its words either.
 */
export function holdNamedTitles(s: State): number[] {
  const held: number[] = [];
  for (let i = 0; i < s.toks.length; i++) {
    // In lower case, after a word of knowing it ("i only really know the hurt locker").
    const known = KNOWN_BEFORE.has(s.toks[i - 1]?.w ?? '');
    if ((!s.toks[i]!.upper && !known) || s.toks[i]!.used) continue;
    const end = s.toks[i]!.upper ? capitalRun(s.toks, i) : plainRun(s.toks, i);
    for (let to = end; to >= i + 2; to--) {
      if (!s.toks[to - 1]!.upper && !known) continue;
      const hit = s.ctx.resolveTitle(originalText(s, i, to));
      if (!hit || hit.confidence < 1 || hit.movie.vote_count < NAMED_MIN_VOTES) continue;
      // A franchise's name ("Star Wars") is read by the franchise clauses.
      const words = s.toks.slice(i, to).map((t) => t.raw.replace(/[^\p{L}\d]+/gu, ''));
      if (s.ctx.franchiseAt?.(words, false)?.length === to - i) break;
      for (let k = i; k < to; k++) {
        s.toks[k]!.used = true;
        held.push(k);
      }
      i = to - 1;
      break;
    }
  }
  return held;
}

/** Words after which a film known to someone is named ("only know X", "have seen X"). */
const KNOWN_BEFORE = new Set(['know', 'knew', 'seen', 'saw', 'watched']);

/** Up to eight words from i, to the first mark or used word. */
function plainRun(toks: readonly Token[], i: number): number {
  let end = i;
  while (end < toks.length && end - i < 8 && !toks[end]!.used && !PUNCTUATION.has(toks[end]!.w)) end++;
  return end;
}

/** The named titles' words no title clause took: read as a film named in passing (`holdNamedTitles`). */
export function keepNamedTitles(s: State, held: readonly number[]): void {
  for (const k of held) s.toks[k]!.used = true;
}

/** The held titles' words, free again for the title clauses (`holdCuedTitles`). */
export function releaseCuedTitles(s: State, held: readonly number[]): void {
  for (const k of held) s.toks[k]!.used = false;
}

/** A span's readings that may name a film: "makes-no-sense-but-beautiful vibes" describes, it names nothing. */
function namingCandidates(s: State, sp: TitleSpan, prefixes: readonly string[]): TitleCandidate[] {
  return (spanCandidates(s, sp, prefixes) ?? []).filter(
    (c) => !/[\p{L}]+-[\p{L}]+-[\p{L}]+-/u.test(originalText(s, c.from, c.to)),
  );
}

/** "What's", "I'd", "I've": a pronoun and its verb name no film (decision 0133). */
const onlyPronouns = (s: State, c: TitleCandidate) =>
  s.toks.slice(c.from, c.to).every((t) => PRONOUN_CONTRACTIONS.test(t.raw));
const PRONOUN_CONTRACTIONS =
  /^(?:i'd|id|i've|ive|i'm|im|i'll|what's|whats|that's|thats|it's|there's|theres|here's|heres|who's|whos|you'd|you've|we'd|we've|they'd|they've|he'd|she'd)$/;

/** Plural nouns of kinds of film: "trial stories", "marvel movies" say a kind, never one film. */
const KIND_PLURALS = /^(?:movies|films|flicks|stories|tales|pictures|ones)$/;

/**
 * A name the catalog lacks said before a kind's plural ("He only watches Marvel movies"), or
 * ending in one typed in lower case ("I like trial stories"), names a kind of film (a studio, a
 * series, a subject), never a title to call missing; "Ghost Stories" typed as a title stays one.
 */
function namesAKind(s: State, found: FoundTitle): boolean {
  if (found.movie) return false;
  const kind = (t: Token | undefined) => !!t && !t.cap && KIND_PLURALS.test(t.w);
  return kind(s.toks[found.cand.to]) || kind(s.toks[found.cand.to - 1]);
}

/**
 * Words read as a name that name no film: a pronoun and its verb ("the stuff I'd rent": the capital
 * I names nothing), a kind said in the plural (`namesAKind`), or a name the catalog lacks holding a
 * likeness ("avete qualcosa di simile a inception?": the likeness is the request, and its own span
 * names the film; decision 0144).
 */
const namesNoFilm = (s: State, found: FoundTitle) =>
  onlyPronouns(s, found.cand) ||
  namesAKind(s, found) ||
  (!found.movie && likenessWithin(s, s.toks.slice(found.cand.from, found.cand.to)));

export function likeClause(s: State, lexiconWords: ReadonlySet<string>) {
  if (takeAvailabilityFrame(s, lexiconWords)) return;
  const prefixes = [...LIKE_PREFIXES, ...(LIKE_PREFIXES_BY_LANG[s.q.lang] ?? [])];
  const spans = [...quotedSpans(s.toks), ...prefixSpans(s, prefixes), ...suffixSpans(s.toks)];
  for (const sp of spans) {
    const candidates = namingCandidates(s, sp, prefixes);
    if (!candidates.length) continue;
    const best = bestTitle(s, candidates, lexiconWords);
    if (!best) continue;
    const capital = wholeCapitalName(s, best);
    const found = wholePlainName(s, sp, capital, lexiconWords);
    if (namesNoFilm(s, found)) continue;
    // A long name read whole is named, even in a story of watching it (the catalog lacks it).
    // ("watch after dinner" after a loose viewing word is no name; three words at least).
    const longName = found !== capital && !found.movie && !sp.loose && found.cand.to - found.cand.from >= 3;
    if (namesATopic(s, found, kindSuffix(s, sp))) continue;
    if (!longName && !mentionsTitle(s, sp, found, candidates[0], lexiconWords)) continue;
    if (!(longName && nextToTrigger(sp, found)) && !saidAsTitle(s, sp, found)) continue;
    // "nothing like transformers", "not transformers style": the film is what the films must not be.
    if (negatedJustBefore(s, sp.suffix ? found.cand.from : sp.trigger[0])) {
      for (let k = Math.min(sp.trigger[0], found.cand.from); k < Math.max(sp.trigger[1], found.cand.to); k++)
        s.toks[k]!.used = true;
      continue;
    }
    if (sp.viewing && negatedInMessage(s, found)) {
      // Said again only as seen: its words are read (the negation rules the film out once).
      for (let k = sp.trigger[0]; k < found.cand.to; k++) s.toks[k]!.used = true;
      continue;
    }
    takeTitle(s, sp, found, lexiconWords);
    // (Films said as seen with it are like it too, and left out: "seen gone girl and se7en".)
    alsoLiked(s, found.cand.to, lexiconWords);
    if (asksForItself(s, sp)) s.q.filmAsked = true;
    return;
  }
}

/**
 * "do you have the matrix", "got inception?", "pull up the notebook", "put on toy story for the
 * kids": the film itself is asked for (to be found, to be shown).
 */
function asksForItself(s: State, sp: TitleSpan): boolean {
  if (sp.suffix) return false;
  const cue = s.toks
    .slice(sp.trigger[0], sp.trigger[1])
    .map((t) => t.raw)
    .join(' ');
  return AVAILABILITY_FRAME.asks.includes(cue) || SHOW_FILM_PREFIXES.includes(cue);
}

/** "aliens (the cameron one from 86)": the bracket's words are used up; a year in it says which film. */
function bracketYear(toks: readonly Token[], after: number): string | undefined {
  if (toks[after]?.w !== '(') return undefined;
  let year: string | undefined;
  const close = toks.findIndex((t, j) => j > after && t.w === ')');
  const end = close > after ? close : Math.min(toks.length - 1, after + 12);
  for (let k = after; k <= end; k++) {
    const t = toks[k]!;
    const y = /^(?:19|20)?(\d\d)$/.exec(t.raw);
    if (y && /^(?:from|in|of|'|\()?$/.test(toks[k - 1]?.raw ?? ''))
      year = t.raw.length === 4 ? t.raw : `${Number(y[1]) > 20 ? 19 : 20}${y[1]}`;
    t.used = true;
  }
  return year;
}

type Reading = { movie: CatalogMovie; confidence: number };

/** Readings of the title with the clarifying words: a well-known film that the words name better. */
function betterReading(
  s: State,
  year: string | undefined,
  extra: readonly string[],
  one: RegExpExecArray | null,
): Reading | null {
  const like = s.q.like!;
  let best: Reading | null = like.movie ? { movie: like.movie, confidence: like.confidence } : null;
  const consider = (text: string) => {
    // A well-known film named exactly needs no second reading (unless a year says which one).
    if (best && best.confidence >= 0.95 && !year) return false;
    const hit = s.ctx.resolveTitle(text);
    if (!hit || hit.confidence < 0.9 || hit.movie.vote_count < 100) return false;
    if (best && best.confidence >= hit.confidence && best.movie.vote_count >= hit.movie.vote_count)
      return false;
    best = hit;
    return true;
  };
  if (year) consider(`${like.text} ${year}`);
  for (const e of extra.slice(0, 6)) {
    if (consider(`${e} ${like.text}`) || consider(`${like.text} ${e}`)) {
      const ws = new Set(e.split(' '));
      for (const t of s.toks) if (ws.has(t.raw)) t.used = true;
      // "the mad max one": its article and "one" go with it.
      if (one && e === one[1]) scanRegex(s, /\bthe (?:one|version|film|movie)\b/, () => {});
    }
  }
  return best;
}

/**
 * "the korean one", "the pixar one": a language or a studio the film named is not of says another
 * film of that name, one the catalog lacks (the 1982 Parasite is no Korean film; the 2009 Coco is
 * no Pixar film; decision 0144).
 */
function notThisOne(said: string, movie: CatalogMovie): boolean {
  const language = languageSaid(said);
  if (language) return movie.original_language !== language;
  const studio = STUDIOS[said];
  return !!studio && !movie.production_companies.some((c) => studio.test(c.name));
}

/**
 * What the message says about the title it names: a bracket after it ("aliens (the cameron one from
 * 86)"), "the X one" ("fury road? the mad max one"), or another word of the film's title elsewhere
 * ("godfather part 2 … movies like part II"). A reading that names a film better wins; the
 * clarifying words are used up either way.
 */
function clarify(s: State, after: number, lexiconWords: ReadonlySet<string>) {
  const like = s.q.like!;
  const toks = s.toks;
  const extra: string[] = [];
  let year = bracketYear(toks, after);
  // "the mad max one", "the cameron one", "the 2019 one"
  const text = toks.map((t) => (t.used ? '\u0000' : t.w)).join(' ');
  const one = /\bthe ((?:[a-z0-9']+ ){0,2}[a-z0-9']+) (?:one|version|film|movie)\b/.exec(text);
  // "is Parasite any good? the korean one": another film of that name (`notThisOne`).
  if (one && like.movie && notThisOne(one[1]!, like.movie)) {
    s.q.like = { ...like, movie: null, confidence: 0, closest: null };
    // "the korean one with the rich family and the basement": the words after it describe that
    // film, up to the sentence's end; they ask for nothing (its language is read on: Korean films).
    const after = text.slice(0, one.index + one[0].length).split(' ').length;
    for (let k = after; k < toks.length; k++) {
      if (['.', '?', '!'].includes(toks[k]!.w)) break;
      toks[k]!.used = true;
    }
    return;
  }
  if (one && !one[1]!.includes('\u0000')) {
    const ws = one[1]!.split(' ');
    if (ws.length === 1 && /^(?:19|20)\d\d$/.test(ws[0]!)) year = ws[0];
    else extra.push(one[1]!);
  }
  // Other words no clause reads (not request words) may be the rest of the title.
  for (const t of toks)
    if (!t.used && /^[a-z][a-z']{2,}$/.test(t.raw) && !FILLER.has(t.raw) && !lexiconWords.has(t.w))
      extra.push(t.raw);
  const best = betterReading(s, year, extra, one);
  if (best && best.movie !== like.movie) {
    s.q.like = {
      ...like,
      movie: best.movie,
      confidence: Math.round(best.confidence * 100) / 100,
      closest: null,
    };
  }
}

/** The language a few words name ("korean", "the french"), as its code, or null. */
function languageSaid(words: string): string | null {
  for (const [code, phrases] of LANGUAGE_PHRASES) if (phrases.includes(words)) return code;
  return null;
}

/**
 * A verb after "like it" / "like that" makes it a clause ("like it should still be a good movie",
 * "like that was the point"): a manner of speaking, no film pointed back at.
 */
const CLAUSE_VERBS = new Set(
  'should would could was is were has had have will can must might does did do needs seems feels'.split(' '),
);
const CLAUSE_SUBJECTS = new Set(['it', 'that', 'this', 'those', 'these', 'them']);

/** The longest similarity word pointing back ("something like it", "similar"), or null. */
function anaphorIn(toks: readonly Token[]): [number, number] | null {
  let anaphor: [number, number] | null = null;
  for (let i = 0; i < toks.length && !anaphor; i++)
    for (const p of SIMILAR_ANAPHORS) {
      const n = matchAt(toks, i, p);
      if (!n) continue;
      const last = toks[i + n - 1]!.w;
      const next = toks[i + n]?.w ?? '';
      if (CLAUSE_SUBJECTS.has(last) && CLAUSE_VERBS.has(next)) continue;
      if (!anaphor || n > anaphor[1] - anaphor[0]) anaphor = [i, i + n];
    }
  return anaphor;
}

/** A word no clause reads and that is no request word, number or catalog theme. */
const contentWord = (s: State, lexiconWords: ReadonlySet<string>) => (t: Token) =>
  !t.used &&
  !PUNCTUATION.has(t.w) &&
  !FILLER.has(t.raw) &&
  !lexiconWords.has(t.w) &&
  !/^\d+('?s|er|ern)?$/.test(t.raw) &&
  !s.ctx.keywordVocabulary.has(t.w) &&
  !singulars(t.w).some((x) => s.ctx.keywordVocabulary.has(x));

interface Mentions {
  /** Names typed in capitals. */
  caps: TitleCandidate[];
  /** Common words typed as a name ("saw Get Out last night"): a title only if one has that name. */
  commonCaps: TitleCandidate[];
  /** Runs of words nothing else reads. */
  plain: TitleCandidate[];
}

/** A run of capitals from i that is a name; else whether common words typed so are one. */
function capitalName(s: State, i: number, lexiconWords: ReadonlySet<string>, into: Mentions): number | null {
  const end = capitalRun(s.toks, i);
  const span = s.toks.slice(i, end);
  // "a Danish drama": request words in capitals are still request words (in English).
  const requestWords =
    s.q.lang === 'en' &&
    span.every((x) => lexiconWords.has(x.w) || FILLER.has(x.raw) || PUNCTUATION.has(x.w));
  if (!requestWords) {
    into.caps.push({ from: i, to: end, text: rawText(s, i, end) });
    return end;
  }
  if (span.every((x) => FILLER.has(x.raw) || TITLE_SMALL_WORDS.has(x.raw)) && namedInCapitals(span))
    into.commonCaps.push({ from: i, to: end, text: rawText(s, i, end) });
  return null;
}

const inside = (k: number, range: [number, number]) => k >= range[0] && k < range[1];

/** The names and free phrases of a message, outside its similarity word. */
function mentions(
  s: State,
  anaphor: [number, number],
  content: (t: Token) => boolean,
  lexiconWords: ReadonlySet<string>,
): Mentions {
  const toks = s.toks;
  const found: Mentions = { caps: [], commonCaps: [], plain: [] };
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (inside(i, anaphor)) continue;
    if (t.upper && !t.used && (t.cap || toks[i + 1]?.upper || content(t))) {
      const end = capitalName(s, i, lexiconWords, found);
      if (end !== null) {
        i = end - 1;
        continue;
      }
    }
    if (content(t)) {
      let end = i;
      while (end < toks.length && content(toks[end]!) && !inside(end, anaphor)) end++;
      found.plain.push({ from: i, to: end, text: rawText(s, i, end) });
      i = end - 1;
    }
  }
  return found;
}

/**
 * A well-known film named exactly, in capitals or not: any stretch of up to five free words with a
 * word no clause reads in it ("spirited away is perfect": "away" is a request word elsewhere).
 */
function titleWindows(
  s: State,
  anaphor: [number, number],
  content: (t: Token) => boolean,
  named: Mentions,
): TitleCandidate[] {
  const toks = s.toks;
  const windows: TitleCandidate[] = [...named.caps, ...named.commonCaps];
  for (let i = 0; i < toks.length; i++) {
    for (let j = i + 1; j <= Math.min(toks.length, i + 5); j++) {
      const t = toks[j - 1]!;
      if (t.used || (PUNCTUATION.has(t.w) && t.w !== ':') || inside(j - 1, anaphor)) break;
      const span = toks.slice(i, j);
      // A title starts and ends with a word of its own (not "the", not "is").
      if (FILLER.has(toks[i]!.raw) || FILLER.has(t.raw) || PUNCTUATION.has(toks[i]!.w) || !span.some(content))
        continue;
      // A name in capitals is read whole ("Top Gun: Maverick" is not "Maverick").
      if (named.caps.some((c) => c.from < j && i < c.to && (i > c.from || j < c.to))) continue;
      windows.push({ from: i, to: j, text: rawText(s, i, j) });
    }
  }
  return windows;
}

/** A sequel's number as typed after a title: "2", "ii", "iii" (not "i", a pronoun). */
const SEQUEL_NUMBER = /^(?:[2-9]|1\d|ii|iii|iv|vi|vii|viii|ix)$/;

/** Whether a typed word is one of a title's words (typos allowed: "spotles" is "Spotless"). */
const inTitle = (w: string, title: string) =>
  foldAccents(title.toLowerCase())
    .split(/[^a-z0-9]+/)
    .some((t) => t === w || (w.length >= 4 && t.startsWith(w.slice(0, 4))));

/**
 * The longer plain name a window is part of, when the name's other words are not the film's
 * (decision 0102): "once" in "everything everywhere all at once" is no mention of Once (2006);
 * "eternal sunshine of the spotles mind" still names Eternal Sunshine of the Spotless Mind.
 */
function longerNameAround(
  s: State,
  c: TitleCandidate,
  title: string,
  lexiconWords: ReadonlySet<string>,
): TitleCandidate | null {
  const toks = s.toks;
  const ends = (k: number) => k < 0 || k >= toks.length || endsPlainName(toks[k]!, lexiconWords);
  let [from, to] = [c.from, c.to];
  while (c.from - from < 6 && !ends(from - 1)) from--;
  while (to - c.to < 6 && !ends(to)) to++;
  const word = (k: number) => /^[\p{L}\d']+$/u.test(toks[k]!.raw);
  while (to > c.to && !word(to - 1)) to--;
  while (from < c.from && !word(from)) from++;
  if (to === c.to) while (to > from + 1 && !word(to - 1)) to--;
  const extra = [...toks.slice(from, c.from), ...toks.slice(c.to, to)];
  // Decision 0134: a sequel's number right after the title is more of the name ("frozen 2").
  const sequel = c.to < to && SEQUEL_NUMBER.test(toks[c.to]!.raw) ? toks[c.to] : undefined;
  const more = extra.filter((t) => (!FILLER.has(t.raw) && t.w.length >= 3) || t === sequel);
  return more.length && more.some((t) => !inTitle(t.raw, title))
    ? { from, to, text: rawText(s, from, to) }
    : null;
}

/**
 * A longer name around a known title's words is named when a cue stands before it ("loved X",
 * "saw X", "do you have X", "what about X"; not "movies about X", a topic) or a question or
 * judgement after it ("X - do you have it?", "X was").
 */
function namedAround(s: State, text: string): boolean {
  const original = foldAccents(s.original.toLowerCase());
  const at = original.indexOf(foldAccents(text.toLowerCase()));
  if (at < 0) return false;
  const before = original.slice(0, at);
  const after = original.slice(at + text.length);
  return (
    /\b(loved|liked|enjoyed|saw|seen|watched|like|have|got|(?:what|how) about)\s+$/.test(before) ||
    /^\s*[-–—,!?.]*\s*(do you have|have you got|is it|was|is|were)\b/.test(after)
  );
}

/** The longest window that names a well-known film. */
function knownWindow(
  s: State,
  windows: readonly TitleCandidate[],
  lexiconWords: ReadonlySet<string>,
  longer: TitleCandidate[],
) {
  let found: { c: TitleCandidate; movie: CatalogMovie; confidence: number } | null = null;
  for (const c of windows) {
    const hit = s.ctx.resolveTitle(c.text);
    // Inside a longer name that is not this film, the window names no film.
    const around =
      !hit || s.toks[c.from]!.upper ? null : longerNameAround(s, c, hit.movie.title, lexiconWords);
    const whole = around ? s.ctx.resolveTitle(around.text) : null;
    if (around && (whole?.confidence ?? 0) < 0.9) {
      longer.push(around);
      continue;
    }
    // The longer name is a title itself ("eternal sunshine of the spotles mind", not "Sunshine").
    if (
      around &&
      whole &&
      whole.movie.vote_count >= 100 &&
      (!found || around.to - around.from > found.c.to - found.c.from)
    )
      found = { c: around, movie: whole.movie, confidence: whole.confidence };
    if (around) continue;
    if (
      hit &&
      hit.confidence >= 0.9 &&
      hit.movie.vote_count >= 100 &&
      (!found || c.to - c.from > found.c.to - found.c.from)
    )
      found = { c, movie: hit.movie, confidence: hit.confidence };
  }
  return found;
}

/** The mention is the request's "like" (movie null: not in the catalog, said so with the nearest known title). */
function takeMention(
  s: State,
  c: TitleCandidate,
  found: { movie: CatalogMovie | null; confidence: number },
  anaphor: [number, number],
  lexiconWords: ReadonlySet<string>,
): void {
  if (onlyPronouns(s, c)) return;
  const listed = found.movie ? null : titleListed(s, c);
  const { movie, confidence } = listed ?? found;
  for (let k = c.from; k < c.to; k++) s.toks[k]!.used = true;
  for (let k = anaphor[0]; k < anaphor[1]; k++) s.toks[k]!.used = true;
  const text = listed ? originalText(s, listed.cand.from, listed.cand.to) : originalText(s, c.from, c.to);
  const near = movie ? null : s.ctx.resolveTitle(c.text);
  const closest = movie
    ? null
    : (s.ctx.closestTitle?.(c.text) ??
      (near && near.confidence >= 0.6 && near.movie.vote_count >= 100 ? near.movie : null));
  s.q.like = { text, movie, confidence: Math.round(confidence * 100) / 100, closest };
  clarify(s, c.to, lexiconWords);
}

/**
 * "is Oppenheimer in there? i want something like it", "spirited away is perfect. similar anime
 * films?": a message that asks for something similar without a "like <title>" names its film in
 * capitals, or as the one phrase no other clause reads. Found: a "like"; not found: said so.
 */
export function mentionClause(s: State, lexiconWords: ReadonlySet<string>) {
  if (s.q.like) return;
  // "Gone Girl messed me up. More like that?": the words the follow-up took for "another" point
  // back at the film named before them.
  const anaphor =
    anaphorIn(s.toks) ??
    (s.q.followUp === 'another' ? anaphorIn(s.toks.map((t) => ({ ...t, used: false }))) : null);
  if (!anaphor) return;
  const content = contentWord(s, lexiconWords);
  const named = mentions(s, anaphor, content, lexiconWords);
  const longer: TitleCandidate[] = [];
  const found = knownWindow(s, titleWindows(s, anaphor, content, named), lexiconWords, longer);
  if (found) return takeMention(s, found.c, found, anaphor, lexiconWords);
  // Not in the catalog: a name in capitals, a longer name a known title was part of, or the one
  // phrase nothing else reads.
  const name = named.caps.sort((a, b) => b.to - b.from - (a.to - a.from))[0];
  const missing = { movie: null, confidence: 0 };
  if (name) return takeMention(s, name, missing, anaphor, lexiconWords);
  const whole = longer.sort((a, b) => b.to - b.from - (a.to - a.from))[0];
  if (whole && namedAround(s, originalText(s, whole.from, whole.to)))
    return takeMention(s, whole, missing, anaphor, lexiconWords);
  const { plain } = named;
  // The one phrase nothing else reads is a title only when said as one ("more like that, but ones
  // you haven't mentioned yet" names none).
  if (
    plain.length === 1 &&
    plain[0]!.to - plain[0]!.from <= 4 &&
    looksLikeATitleMention(s.original, originalText(s, plain[0]!.from, plain[0]!.to))
  )
    return takeMention(s, plain[0]!, missing, anaphor, lexiconWords);
  // "anything like it but from the 2000s?": it points back at the conversation's film.
  s.q.narrows = true;
}

// ——— Numbers: runtime, rating, years ———

// ("hour and a half tops", "menos de hora y media": the hour's article may be left out.)
const NUM = String.raw`(\d+(?:[.,]\d+)?|an?|one|two|three|four|half an?|(?=(?:hours?|horas?|heures?|ora|ore) (?:and a half|y media|et demie|e mezz[ao]|e meia))|una|dos|tres|une|deux|trois|eine|einer|zwei|drei|un'?|due|tre|uma|um|duas|dois)`;
/** A unit ends its word ("1h30" and "90min" are lengths; "have amelie" is no "a m"). */
const UNIT = String.raw`(hours?|hrs?|h|minutes?|mins?|min|m|horas?|heures?|stunden?|std|minutos?|minuten|ore|ora|minuti)(?![a-z])`;

function amount(n: string, unit: string, rest = ''): number {
  const base = /^half/.test(n) ? 0.5 : n === '' ? 1 : (NUMBER_WORDS[n] ?? Number(n.replace(',', '.')));
  const hours = /^(h|hr|hrs|hour|hours|hora|horas|heure|heures|stunde|stunden|std|ora|ore)$/.test(unit);
  let minutes = hours ? base * 60 : base;
  if (/and a half|y media|et demie|einhalb|e mezz[ao]|e meia/.test(rest)) minutes += 30;
  const extra = /^(?:and )?(\d{1,2})(?: ?(?:minutes?|mins?|min))?$/.exec(rest.trim());
  if (hours && extra) minutes += Number(extra[1]);
  return Math.round(minutes);
}

/**
 * The time someone has is the longest film they want: "I only have about 80 minutes", "we've got
 * like an hour and a half", "tengo una hora y media". Read before the "like X" clause, which would
 * otherwise take the filler "like" for a title.
 */
export function availableTimeClause(s: State) {
  const q = s.q;
  const HALF = String.raw`((?: and a half| y media| et demie?| und einhalb| e mezz[ao]| e meia)?)`;
  const tail = String.raw`((?: and a half| y media| et demie|einhalb| e mezz[ao]| e meia| and \d{1,2}(?: minutes?| mins?)?| ?\d{1,2}(?= |$))?)`;
  scanRegex(
    s,
    new RegExp(
      String.raw`\b(?:(?:only |just )?(?:have|got|get|has|tengo|tenemos|j'ai|nous avons|ich habe|wir haben)|'ve got|'ve only got) (?:like |about |around |maybe |roughly |only |just |barely )*${NUM}${HALF} ?${UNIT}${tail}`,
    ),
    (m) => (q.runtimeMax ??= amount(m[1]!, m[3]!, `${m[2] ?? ''}${m[4] ?? ''}`)),
  );
  // The time someone lasts: "she gets restless after an hour and a half", "he loses focus after 80
  // minutes", "I fall asleep after 2 hours", "priya falls asleep if it's over two hours" (0114).
  scanRegex(
    s,
    new RegExp(
      String.raw`\b(?:${ATTENTION_LIMITS.join('|')})(?: [a-z']+){0,4} (?:after|past|beyond|by|around|over|longer than|more than) (?:like |about |around |maybe |roughly |only |just )*${NUM}${HALF} ?${UNIT}${tail}`,
    ),
    (m) => (q.runtimeMax ??= amount(m[1]!, m[3]!, `${m[2] ?? ''}${m[4] ?? ''}`)),
  );
}

/** Ways of saying someone stops paying attention (before "after <a length>"). */
const ATTENTION_LIMITS = [
  'loses? (?:focus|interest|attention|it|patience)',
  'lose (?:focus|interest|attention|it|patience)',
  'gets? (?:restless|bored|antsy|fidgety|cranky|sleepy|distracted|impatient)',
  "(?:is|are|am|i'm|im|we're|she's|he's) (?:restless|bored|done|out)",
  'falls? asleep',
  'fall asleep',
  '(?:zones?|checks?|tunes?|drifts?|nods?|conks?) (?:out|off)',
  "can'?t sit still",
  'cannot sit still',
  'stops? (?:paying attention|watching|caring)',
  'gives? up',
  'se aburre',
  "s'ennuie",
  'langweilt sich',
];

/** Words for a strict ceiling: "under 95 minutes" leaves a 95-minute film out; "at most 95" keeps it (0115). */
const STRICTLY_LESS =
  /^(?:under|less than|shorter than|below|menos de|moins de|moins d'|unter|weniger als|meno di)\b/;

/** Words after a bare number that make it no length ("under 50 dollars", "less than 100 votes"). */
const BARE_NOT_MINUTES =
  'years?|yrs?|year olds?|stars?|points?|votes?|percent|%|dollars?|bucks|euros?|million|k|s|out of|/|rating|rated';

/** "under 2 hours", "90 minutes or less", "an hour and a half", "1h30", "a short one", "over 3 hours", "short films". */
/**
 * "finished Arrival about an hour ago", "saw it 2 days ago": a time past is when something happened,
 * never a film's length; its words are used up before the lengths and the time there is are read.
 */
export function pastTimeClause(s: State) {
  // "just got into it during lockdown-ish winter", "this summer": a season of the speaker's life,
  // no winter film (a film set then says so: "set during winter").
  scanRegex(s, SEASON_IN_THE_STORY, () => {});
  scanRegex(
    s,
    /\b(?:(?:about|like|maybe|only|just|around|roughly) )?(?:an?|one|two|three|four|five|a few|a couple(?: of)?|half an?|\d{1,3}(?:[.,]\d)?) ?(?:hours?|hrs?|h|minutes?|mins?|days?|weeks?|months?|years?) ago\b/,
    () => {},
  );
}

/**
 * How often something was done ("for like the 5th time", "a million times", "3 times this month"):
 * no request, no theme, no title (decision 0143).
 */
export function howOftenClause(s: State) {
  scanRegex(s, HOW_OFTEN, () => undefined);
}
const HOW_OFTEN =
  /\blike (?:once|twice|the first time)\b|\b(?:(?:like|for|about|maybe|over) )*(?:the )?(?:\d+(?:st|nd|rd|th)|second|third|fourth|fifth|sixth|tenth|hundredth|millionth|umpteenth|nth) time\b|\b(?:(?:like|about|maybe|over) )*(?:\d+|a (?:million|hundred|thousand|dozen|few|couple(?: of)?|bunch of|ton of)|two|three|four|five|six|ten|twenty|fifty|hundreds of|thousands of|gazillion|zillion|many|several|multiple) times\b/;

const SEASON_IN_THE_STORY =
  /(?<!\b(?:set|takes place|taking place|happens|happening|films?|movies?) )\b(?:during|over|this|last|past|all) (?:the )?(?:[a-z]+(?: ?- ?ish| ish)? )?(?:winter|summer|spring|autumn|fall|holidays|lockdown)\b|\b(?:every|each) (?:single )?(?:christmas|xmas|halloween|easter|thanksgiving|new year|summer|winter|holiday|holidays|birthday)\b/;

/** A trip's words, before where it goes. */
const TRIP_WORDS = new Set([
  'flight',
  'flights',
  'flying',
  'fly',
  'train',
  'bus',
  'drive',
  'driving',
  'trip',
  'layover',
  'back',
]);
/** Where a trip goes ("to tokyo", "to new york"), up to the clause's end or a word of when. */
const TRIP_DESTINATION =
  /\bto (?!watch\b|see\b|the (?:movies|cinema)\b)[a-z]+(?: [a-z]+)?(?= [,.!?;:]| (?:tmrw|tomorrow|tonight|today|next|this|on|and|so|for|with)\b| $)/;

/** Something of one's own day that is awaited ("before my train leaves", "until the kids wake up"). */
const AWAITED =
  /\b(?:before|till|until|til|'til) (?:my|our|the|his|her|their) (?:[a-z]+ )?(?:train|flight|bus|plane|ferry|ride|shift|class|lecture|meeting|kids?|baby|husband|wife|partner|boyfriend|girlfriend|roommate|parents) (?:leaves|departs|boards|arrives|lands|starts|begins|comes|come|gets|get|wakes|wake|is|are)(?: (?:home|back|up|in|off|here))?\b/;

/** Words before a series named as a story's subject ("about a tv show", "is secretly a tv show"). */
const SERIES_SUBJECT_BEFORE = new Set([
  'about',
  'is',
  'was',
  'whose',
  'of',
  'on',
  'in',
  'into',
  'behind',
  'inside',
]);
/** Words that may come between ("is secretly a", "about a reality"). */
const SERIES_SUBJECT_SKIP = new Set([
  'a',
  'an',
  'the',
  'one',
  'secretly',
  'actually',
  'really',
  'just',
  'all',
  'big',
  'reality',
  'live',
  'fake',
]);

/** A length said against a film ("shorter", "not as long"), not "short" outright. */
const SHORTER_THAN = /\b(?:shorter|not as long|less long)\b/;

export function runtimeClause(s: State) {
  const q = s.q;
  const less = String.raw`(?:under|less than|shorter than|below|at most|max|maximum|(?:no|nothing|not|none) (?:longer|more) th[ae]n|(?:not|nothing|none|no(?:thing)? films?) (?:over|above|past|beyond)|within|up to|menos de|moins de|moins d' ?|unter|weniger als|hochstens|max\.?|nicht langer als|nicht mehr als|maximal|pas plus de|no mas de|meno di|non piu di|al massimo|massimo|no maximo|nao mais de|nao mais que|(?:can't|cant|cannot|can not|won't|wont|don't want to|dont want to) (?:do|go|sit through|handle|watch|manage) (?:more|longer) than|(?:can't|cant|cannot|can not|doesn't|doesnt|does not|don't|dont|do not|won't|wont|will not|isn't|isnt|is not|aren't|arent|are not) (?:go|goes|run|runs|sit|last|lasts|drag|drags|be) (?:on )?(?:over|past|beyond))`;
  const more = String.raw`(?:over|more than|longer than|at least|minimum|plus de|plus d' ?|mas de|uber|mehr als|mindestens|piu di|almeno|mais de|pelo menos)`;
  // "between 90 and 120 minutes", "1.5-2 hours", "entre 90 y 120 minutos"
  scanRegex(
    s,
    /\b(?:between |from |entre |zwischen )?(\d{1,3}(?:[.,]\d)?) ?(?:and|to|-|–|y|et|und|a|bis) ?(\d{1,3}(?:[.,]\d)?) ?(hours?|hrs?|h|horas?|heures?|stunden?|minutes?|mins?|min|minutos?|minuten)\b/,
    (m) => {
      const hours = /^h|^std|^stund|^heur|^hora/.test(m[3]!);
      const [a, b] = [m[1]!, m[2]!].map((x) => Number(x.replace(',', '.')) * (hours ? 60 : 1)) as [
        number,
        number,
      ];
      if (a > 0 && b > a && b <= 600) {
        q.runtimeMin = Math.round(a);
        q.runtimeMax = Math.round(b);
      }
    },
  );
  // "two and a half hours" as well as "2 hours and a half".
  const HALF = String.raw`((?: and a half| y media| et demie?| und einhalb| e mezz[ao]| e meia)?)`;
  const tail = String.raw`((?: and a half| y media| et demie|einhalb| e mezz[ao]| e meia| and \d{1,2}(?: minutes?| mins?)?| ?\d{1,2}(?= |$))?)`;
  // A range in words: "between an hour and a half and two hours", "between one and two hours".
  scanRegex(
    s,
    new RegExp(
      String.raw`\b(?:between|entre|zwischen) ${NUM}(?:${HALF} ?${UNIT}${tail})? (?:and|to|y|et|und) ${NUM}${HALF} ?${UNIT}${tail}`,
    ),
    (m) => {
      const b = amount(m[5]!, m[7]!, `${m[6] ?? ''}${m[8] ?? ''}`);
      const a = amount(m[1]!, m[3] ?? m[7]!, `${m[2] ?? ''}${m[4] ?? ''}`);
      if (a > 0 && b > a && b <= 600) {
        q.runtimeMin = a;
        q.runtimeMax = b;
      }
    },
  );
  // Decision 0160: "no shorter than 110 minutes", "not less than 2 hours": a floor, read before
  // "shorter than" could be read as a ceiling.
  scanRegex(
    s,
    new RegExp(
      String.raw`\b(?:no|not|nothing|none|never) (?:shorter|less) th[ae]n ${NUM}${HALF} ?${UNIT}${tail}`,
    ),
    (m) => (q.runtimeMin = amount(m[1]!, m[3]!, `${m[2] ?? ''}${m[4] ?? ''}`)),
  );
  scanRegex(
    s,
    new RegExp(String.raw`\b${less} (?:like |about |around |roughly |maybe )?${NUM}${HALF} ?${UNIT}${tail}`),
    (m) => {
      q.runtimeMax = amount(m[1]!, m[3]!, `${m[2] ?? ''}${m[4] ?? ''}`);
      q.runtimeBelow = STRICTLY_LESS.test(m[0]) || undefined;
    },
  );
  // "a comedy under 90", "less than 100 please": a bare number from 40 to 240 after a ceiling word
  // is minutes (no unit, no year, rating or age after it).
  scanRegex(s, new RegExp(String.raw`\b${less} (\d{2,3})(?! ?(?:${BARE_NOT_MINUTES})\b)(?= |$)`), (m) => {
    const minutes = Number(m[1]);
    if (q.runtimeMax !== undefined || minutes < 40 || minutes > 240) return;
    q.runtimeMax = minutes;
    q.runtimeBelow = STRICTLY_LESS.test(m[0]) || undefined;
  });
  scanRegex(
    s,
    new RegExp(
      // ("2 hours-ish max": an "-ish" after the length changes nothing, nor what the time is of:
      // "80 minutes of screen max".)
      String.raw`\b${NUM}${HALF} ?${UNIT}${tail}(?: ish)?(?: of (?:screen|tv|telly|movie|film|watching|screen time|tv time))? (?:or (?:less|under|shorter)|max|tops|at most|o menos|ou moins|oder weniger)\b`,
    ),
    (m) => (q.runtimeMax = amount(m[1]!, m[3]!, `${m[2] ?? ''}${m[4] ?? ''}`)),
  );
  // "nothing that's longer than…", "que no dure más de dos horas": "more than" after a negation is a ceiling.
  scanRegex(s, new RegExp(String.raw`\b${more} ${NUM}${HALF} ?${UNIT}${tail}`), (m, start) => {
    const minutes = amount(m[1]!, m[3]!, `${m[2] ?? ''}${m[4] ?? ''}`);
    if (s.toks.slice(Math.max(0, start - 3), start).some((t) => RUNTIME_NEGATIONS.has(t.raw)))
      q.runtimeMax = minutes;
    else q.runtimeMin = minutes;
  });
  // "around 2 hours", "about 90 minutes": a little under to a little over.
  scanRegex(
    s,
    new RegExp(
      String.raw`\b(?:around|about|roughly|approximately|approx|circa|ish|alrededor de|unos|environ|etwa|ungefahr|circa|cerca de|mais ou menos) ${NUM}${HALF} ?${UNIT}${tail}`,
    ),
    (m) => {
      const minutes = amount(m[1]!, m[3]!, `${m[2] ?? ''}${m[4] ?? ''}`);
      if (minutes >= 60) {
        q.runtimeMin ??= minutes - 30;
        q.runtimeMax ??= minutes + 10;
      }
    },
  );
  scanRegex(
    s,
    new RegExp(
      String.raw`\b${NUM}${HALF} ?${UNIT}${tail}(?: ish)? (?:or (?:more|longer|over)|plus|minimum|o mas|ou plus|oder mehr)\b`,
    ),
    (m) => (q.runtimeMin = amount(m[1]!, m[3]!, `${m[2] ?? ''}${m[4] ?? ''}`)),
  );
  // "everything she suggests is 3 hours long": a length said of what is (or was) is no request.
  scanRegex(
    s,
    new RegExp(String.raw`\b(?:is|are|was|were|'s) ${NUM}${HALF} ?${UNIT}${tail} long\b`),
    () => {},
  );
  // "a 3+ hour monster of a film", "2+ hours", "a 3 hour+ epic", "3h+": that length at least.
  for (const at of [
    String.raw`\b(\d{1,3}(?:[.,]\d)?) ?\+ ?${UNIT}`,
    String.raw`\b(\d{1,3}(?:[.,]\d)?) ?${UNIT} ?\+`,
  ])
    scanRegex(s, new RegExp(at), (m) => {
      const minutes = amount(m[1]!, m[2]!);
      if (minutes >= 60 && minutes <= 300) q.runtimeMin = minutes;
    });
  // "a 3 hour epic", "a two-hour movie", "a 90 minute comedy", "a film 3 hours long": the length said
  // of the film wanted is about its length (from 20 minutes under; from 2.5 hours up, long is enough).
  scanRegex(
    s,
    new RegExp(String.raw`\b${NUM}${HALF} ?${UNIT}${tail} (?:long\b|(?=(?:${FILM_NOUNS})\b))`),
    (m, start) => {
      const minutes = amount(m[1]!, m[3]!, `${m[2] ?? ''}${m[4] ?? ''}`);
      if (minutes < 60 || minutes > 300) return;
      // "I can't do the 3 hour ones", "nothing 3 hours long": that length is too long (0120).
      if (s.toks.slice(Math.max(0, start - 4), start).some((t) => RUNTIME_NEGATIONS.has(t.raw))) {
        q.runtimeMax ??= minutes;
        q.runtimeBelow ??= true;
        return;
      }
      q.runtimeMin ??= minutes - 20;
      if (minutes < LONG_MINUTES) q.runtimeMax ??= minutes + 10;
    },
  );
  // "3 hours is fine", "two hours is ok actually": the length someone accepts is the longest.
  scanRegex(
    s,
    new RegExp(
      String.raw`\b(?:up to )?${NUM}${HALF} ?${UNIT}${tail} (?:is|are|would be|'s|works|sounds) (?:totally |perfectly |absolutely |also |actually |completely |really |still )?(?:fine|ok|okay|good|great|alright|all right|doable|no problem|not a problem|acceptable)\b`,
    ),
    (m) => (q.runtimeMax = amount(m[1]!, m[3]!, `${m[2] ?? ''}${m[4] ?? ''}`)),
  );
  // "2 hr flight tomorrow", "a 90 minute train ride": the time there is, so the film fits in it (a
  // 12-hour flight fits anything).
  scanRegex(
    s,
    new RegExp(
      String.raw`\b${NUM}${HALF} ?${UNIT}${tail} (?:flight|train ride|bus ride|train|ride|drive|trip|journey|commute|layover|lunch break|break)\b`,
    ),
    (m) => {
      const minutes = amount(m[1]!, m[3]!, `${m[2] ?? ''}${m[4] ?? ''}`);
      if (minutes >= 60 && minutes <= 240) q.runtimeMax ??= minutes;
    },
  );
  // The time left before something is the longest film ("bout 100 min before my train leaves",
  // "2 hours till bedtime", "90 mins until the baby wakes up"), and what is awaited is no topic.
  scanRegex(
    s,
    new RegExp(String.raw`\b${NUM}${HALF} ?${UNIT}${tail}(?= (?:left )?(?:before|till|until|til|'til)\b)`),
    (m) => {
      const minutes = amount(m[1]!, m[3]!, `${m[2] ?? ''}${m[4] ?? ''}`);
      if (minutes >= 45 && minutes <= 240) q.runtimeMax ??= minutes;
    },
  );
  scanRegex(s, AWAITED, () => {});
  // Decision 0129: where the trip one is on goes is no topic ("12 hr flight to tokyo tmrw"); a trip
  // that is the film's topic is ("a movie about a trip to paris").
  scanRegex(s, TRIP_DESTINATION, (m, start) => {
    const trip = s.toks[start - 1]?.raw ?? '';
    const before = s.toks.slice(Math.max(0, start - 4), start - 1).map((t) => t.raw);
    if (TRIP_WORDS.has(trip) && !before.some((w) => w === 'about' || w === 'of')) return;
    for (const t of s.toks.slice(start, start + m[0].split(' ').length)) t.used = false;
  });
  // "a big long war epic", "a really long historical drama": "long" said of the film wanted.
  for (let i = 0; i < s.toks.length; i++) {
    const t = s.toks[i]!;
    if (t.used || t.w !== 'long' || s.negated.has(i)) continue;
    const before = s.toks[i - 1]?.w ?? '';
    const after = s.toks.slice(i + 1, i + 4).map((x) => x.w);
    if (!LONG_BEFORE.has(before) || NOT_A_LONG_FILM.has(after[0] ?? '')) continue;
    if (!after.some((w) => LONG_NOUNS.has(w) || GENRE_WORDS.has(w))) continue;
    t.used = true;
    q.runtimeMin ??= LONG_MINUTES;
  }
  scan(s, SERIES_PHRASES, (start, len) => {
    // Decision 0129: "a man whose whole life is secretly a tv show", "a film about a tv show": the
    // story's subject, not a series wanted.
    let k = start - 1;
    while (k >= 0 && SERIES_SUBJECT_SKIP.has(s.toks[k]!.w)) k--;
    if (k >= 0 && SERIES_SUBJECT_BEFORE.has(s.toks[k]!.w)) {
      // Its words are left to the theme clauses ("tv show", the story's world).
      for (let j = start; j < start + len; j++) s.toks[j]!.used = false;
      return;
    }
    q.allowTv = true;
    q.wantSeries = true;
  });
  scan(s, SHORT_FILM_PHRASES, (start) => {
    // "full length ones not shorts": feature films (an hour or more), not short films.
    if (negatedJustBefore(s, start)) {
      q.runtimeMin ??= 60;
      return;
    }
    q.allowShorts = true;
    q.runtimeMax ??= 40;
  });
  scan(s, NOT_LONG_PHRASES, () => (q.runtimeMax ??= NOT_LONG_MINUTES));
  scan(s, SHORT_PHRASES, (_, __, phrase) => {
    q.runtimeMax ??= SHORT_MINUTES;
    if (SHORTER_THAN.test(phrase)) q.runtimeShorter = true;
  });
  // "no long ones", "I get bored in the long ones": a long film ruled out is a ceiling (decision 0126).
  // Decision 0127: or after it ("long films put me to sleep"); and a floor never above the ceiling
  // the message set ("doesn't go past 2 hours … long films …").
  scan(s, LONG_PHRASES, (start, len) => {
    const before = s.toks.slice(Math.max(0, start - 4), start);
    const after = s.toks.slice(start + len, start + len + 5);
    if (
      before.some((t) => RUNTIME_NEGATIONS.has(t.raw) || LENGTH_AVERSIONS.has(t.raw)) ||
      after.some((t) => LENGTH_AVERSIONS_AFTER.has(t.raw))
    )
      q.runtimeMax ??= NOT_LONG_MINUTES;
    else if ((q.runtimeMax ?? Infinity) > LONG_MINUTES) q.runtimeMin ??= LONG_MINUTES;
  });
}

/** Words of an aversion after a length ("long films put me to sleep", "long ones bore me"). */
const LENGTH_AVERSIONS_AFTER = new Set(['sleep', 'bore', 'bores', 'boring', 'drag', 'drags', 'tiring']);

/** Words of an aversion before a length ("bored in the long ones", "I hate long films"). */
const LENGTH_AVERSIONS = new Set([
  // "I'm always falling asleep during long ones" (decision 0133).
  'asleep',
  'dozing',
  'bored',
  'bores',
  'boring',
  'hate',
  'hates',
  'tired',
  'sick',
  'avoid',
  'skip',
]);

const RUNTIME_NEGATIONS = new Set([
  'no',
  'not',
  'nothing',
  'none',
  'never',
  "isn't",
  'isnt',
  "can't",
  'cant',
  'cannot',
  "don't",
  'dont',
  "shouldn't",
  "won't",
  'nao',
  'non',
  'pas',
  'nicht',
  'kein',
  'keine',
  'ni',
]);
const LONG_BEFORE = new Set([
  'a',
  'an',
  'really',
  'very',
  'big',
  'something',
  'nice',
  'proper',
  'good',
  'some',
  'epic',
]);
const NOT_A_LONG_FILM = new Set([
  'story',
  'time',
  'day',
  'week',
  'while',
  'ago',
  'list',
  'message',
  'night',
  'weekend',
  'shot',
]);
const LONG_NOUNS = new Set([
  'movie',
  'movies',
  'film',
  'films',
  'one',
  'ones',
  'epic',
  'epics',
  'saga',
  'watch',
  'flick',
]);
/** Each one-word genre phrase's genre ("comedies": Comedy). */
const GENRE_WORD_OF = new Map(
  GENRE_PHRASES.flatMap(([g, p]) => p.filter((w) => !w.includes(' ')).map((w) => [w, g] as const)),
);
const GENRE_WORDS = new Set(GENRE_WORD_OF.keys());
/** What a length can be said of ("a 3 hour epic", "a 90 minute comedy"), as a pattern. */
const FILM_NOUNS = [...LONG_NOUNS, ...GENRE_WORDS]
  .filter((w) => /^[a-z]+$/.test(w))
  .sort((a, b) => b.length - a.length)
  .join('|');

/**
 * "for a 10 year old", "my 7-year-old", "an 8yo", "niños de 6 años": a child's age asks for films
 * made for children (family, animation or adventure; no horror), and "old" there is no "classic".
 */
/** A child's age in years, as digits or words. */
const CHILD_AGE = String.raw`(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
/** "my 7yo", "my 12 and 15 year old", "kids aged 6, 9 and 11 years old", "de 6 y 9 años". */
const CHILD_AGES = new RegExp(
  String.raw`\b((?:${CHILD_AGE} ?(?:,|and|&|y|et|und) ?)*${CHILD_AGE}) ?(?:years? ?olds?|yrs? ?olds?|yo|y o|anos|anni|ans|jahre alt|jahrigen?|jahrige)\b(?: (?:son|daughter|boy|girl|kid|child|nephew|niece|brother|sister|cousin|twins|sons|daughters|boys|girls|kids)\b)?`,
);
const ONE_AGE = new RegExp(String.raw`\b${CHILD_AGE}\b(?<![-–]\d{1,2})`, 'g');
/** The oldest a teenage audience is (`ageClause`). */
const TEEN_AGE = 17;
/**
 * "my kids are 5 and 8", "my son is 6", "my little cousins (7 and 9)", "the kids, 4 and 6": ages
 * said after the children they are of, with no "years old". A number after a noun for a child is
 * that child's age; one followed by a unit ("my son is 6 feet", "kids 2 hours") is not.
 */
const CHILD_NOUN_WORDS = String.raw`(?:kids?|kiddos?|children|child|sons?|daughters?|toddlers?|twins|little ones?)`;
/** A token that is one of `CHILD_NOUN_WORDS` ("toddlers", "kids"). */
const CHILD_WORD = new RegExp(`^${CHILD_NOUN_WORDS}$`);
export const CHILD_NOUN = String.raw`(?:kids?|kiddos?|children|child|sons?|daughters?|boys?|girls?|cousins?|nephews?|nieces?|grandkids?|grandchildren|grandsons?|granddaughters?|little ones?|toddlers?|twins|siblings|brothers?|sisters?)`;
/**
 * A child's or a teenager's age, up to 17 ("we're all 15-16": the first of a range). A child's
 * film is for up to 12; a teenager's list is its own (`TEEN_AGE`); older ages are left to other clauses.
 */
const YOUNG_AGE = String.raw`(?:1[0-7]|[1-9]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:[-–]1[3-9])?`;
const AGES_AFTER_CHILD = new RegExp(
  String.raw`\b${CHILD_NOUN}(?:'s|s)? (?:(?:is|are|aged|ages|age|who are|both|just turned|turned|turns|(?:is |will be )?turning|will be) )?(?:only |just |barely )?(?:, |\( )?((?:${YOUNG_AGE} (?:, |and |& |y |et |und )?)*${YOUNG_AGE})\b(?! (?:feet|foot|ft|hours?|hrs?|minutes?|mins?|stars?|times?|movies?|films?|days?|weeks?|months?|percent|%|[a-z]+ ?(?:years? ?olds?|yrs? ?olds?|yo)\b))`,
);
/** "my daughter's 12th bday", "his 8th birthday party": the age a child turns. */
const BIRTHDAY_AGE = /\b(\d{1,2})(?:st|nd|rd|th) ?(?:birthday|bday|b-day)\b/;
/**
 * "we're all 12", "he's 7", "she is 9 and loves horses": an age said of the audience, with no
 * "years old". A number that counts or measures ("we are 4 people", "he's 6 feet") is no age, so
 * the age must end the clause.
 */
const AUDIENCE_AGES = new RegExp(
  String.raw`\b(?:we're|were|we are|they're|theyre|they are|he's|hes|he is|she's|shes|she is|everyone's|everyone is|everybody's|everybody is|all of us are|both of them are)(?: all| both)? ((?:${YOUNG_AGE} (?:, |and |& )?)*${YOUNG_AGE})(?:ish)?(?= ?$| (?:[,.!?;:)]|and|so|but|lol|haha)(?: |$))`,
);
/** Records where something is first seen. */
/** A place before every word: a genre ruled out there is out however it is mentioned (State.ruledOut). */
export const RULED_OUT_EVERYWHERE = -1;

const firstAt = (seen: Map<number, number>, key: number, at: number) => {
  // The earliest place, whichever clause read it first ("…that aren't anime. i love ghibli but i
  // want live action": ruled out at "aren't anime", though "live action" is read before it).
  if (!seen.has(key) || seen.get(key)! > at) seen.set(key, at);
};

/**
 * Decision 0133: "give me 3 mafia movies", "top 10 heist films", "three comedies please": that many
 * films (2 to 10). The words are left for the other clauses ("3" is no theme; "10 year old" is an
 * age, "2 hours" a length).
 */
export function countClause(s: State) {
  const text = foldAccents(s.original.toLowerCase());
  const m = COUNT_ASKED.exec(text);
  const said = m?.[1] ?? COUNT_MORE.exec(text)?.slice(1).find(Boolean);
  if (!said) return;
  const n = NUMBER_WORDS[said] ?? Number(said);
  if (n >= 2 && n <= 10) s.q.count = n;
}
const MORE_AFTER_COUNT = /^(?:more|others|extra)$/;
/** A count of films said (2 to 10 is kept), in digits or words. */
const COUNT_WORD = String.raw`(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)`;
/** "give me 3 more", "another two please": how many more films. */
const COUNT_MORE = new RegExp(
  String.raw`\b(?:${COUNT_WORD} (?:more|others|extra)|another ${COUNT_WORD})(?= ?(?:$|[,.!?;:]|please|pls|plz|films?|movies?|picks?|ones?|of|like|options|recs|suggestions|titles|then|lol|thanks|for)\b)`,
);
// (After a request's words or at a clause's start: "world war 2 films", "toy story 2 is…" are names.)
const COUNT_ASKED = new RegExp(
  String.raw`(?:^|[,.!?:;(]\s*|\b(?:me|top|recommend|suggest|need|want|list|name|show|pick|only|just|like|about|maybe|gimme|get|find|any|some|the) )${COUNT_WORD}\s+(?:(?!(?:years?|yrs?|yo|hours?|hrs?|minutes?|mins?|stars?|out|times?|days?|weeks?|of)\b)[a-z'-]+\s+){0,3}(?:films?|movies?|flicks?|picks|recommendations|recs|suggestions|options|titles|comedies|dramas|thrillers|westerns|documentaries|docs|cartoons|musicals|romcoms|classics)\b`,
);

export function ageClause(s: State) {
  const q = s.q;
  const child = (age: number) => {
    // Decision 0137: a teenage audience ("scary movies for a sleepover, we're all 14") gets the films
    // teenagers watch: newer, without graphic sex or the goriest (direction `teen`).
    if (age > 12 && age <= TEEN_AGE && q.childAge === undefined) leanTo(q, 'teen');
    if (age <= 0 || age > 12) return;
    addGroup(q, [GENRE.family, GENRE.animation, GENRE.adventure]);
    q.childAge = Math.min(q.childAge ?? age, age);
    add(q.impliedOut, GENRE.horror);
    add(q.impliedOut, GENRE.war);
  };
  // Several ages: the youngest decides.
  const youngest = (m: RegExpExecArray) =>
    child(Math.min(...[...m[1]!.matchAll(ONE_AGE)].map((a) => AGE_WORDS[a[0]] ?? Number(a[0]))));
  scanRegex(s, CHILD_AGES, youngest);
  scanRegex(s, BIRTHDAY_AGE, (m) => child(Number(m[1])));
  // "ages range from 6 to 78", "ages 9 to 82": everyone from the youngest up is watching.
  scanRegex(
    s,
    /\bages? (?:range |ranging |go |going )?(?:from )?(\d{1,2}) ?(?:to|-|–|through|thru) ?\d{1,3}\b/,
    (m) => child(Number(m[1])),
  );
  scanRegex(s, AGES_AFTER_CHILD, youngest);
  scanRegex(s, AUDIENCE_AGES, youngest);
  // "baby is 3 months old", "our 6 week old": a baby's age, which no film is for (and no "old" film).
  scanRegex(s, INFANT_AGE, () => {});
}

const INFANT_AGE = new RegExp(
  String.raw`\b(?:${CHILD_AGE}|a|a few|few|couple(?: of)?) ?(?:months?|weeks?|days?|mos?|wks?) ?olds?\b`,
);

/** A grandparent, in the languages read ("my grandma", "mi abuela", "ma mamie", "meine Oma"). */
const ELDER_NOUN = String.raw`(?:grandma|grandmas|grandpa|grandpas|grandmother|grandfather|grandparents|granny|grannie|grandad|granddad|grandads|nana|abuela|abuelo|abuelos|abuelita|abuelito|mamie|papy|papie|grand mere|grand pere|grands parents|oma|opa|grosseltern|nonna|nonno|nonni|avo|avos|vovo|vo)`;
/**
 * A grandparent who will watch: "with my grandma", "for grandpa", "grandma (85)", "my grandpa is
 * staying with us", "85 years old", "turns 90", "her 80th birthday", "my parents (both late 60s)"
 * (not "my grandma passed").
 */
const ELDER = new RegExp(
  String.raw`\b(?:(?:for|with|con|avec|mit|com|per) (?:(?:my|our|his|her|mi|mis|ma|mon|mes|meine|meinen|meiner|mia|mio|minha|meu|the) )?${ELDER_NOUN}\b(?: \( ?(?:both |all )?(?:(?:early|mid|late) )?(?:\d{2,3}|[5-9]0 ?'?s)\b)?|${ELDER_NOUN} \( ?\d{2,3}|${ELDER_NOUN} (?:is |s |are |will be |'s )?(?:staying|visiting|coming|over|here|with us)|(?:6[5-9]|[7-9]\d|10\d) ?(?:years? ?olds?|yrs? ?olds?|yo)\b|(?:turns?|turning) (?:6[5-9]|[7-9]\d|10\d)|(?:6[5-9]|[7-9]\d|10\d)(?:th)? (?:birthday|bday)|in (?:their|her|his|my|our) (?:early |mid |late )?(?:[6-9]0s|sixties|seventies|eighties|nineties)|\bboth (?:early |mid |late )?(?:[6-9]0s|sixties|seventies|eighties|nineties)(?! (?:and|or|n|to|${FILM_NOUNS}|films?|movies?|ones?|classics?|stuff|music)\b)|(?:he's|she's|hes|shes|he is|she is|they're|theyre|they are) (?:6[5-9]|[7-9]\d|10\d)(?! ?(?:min|mins|minutes|%|percent)))`,
);

/**
 * Decision 0126: an older viewer named ("my grandma (85) is staying with us", "grandpa turns 90"):
 * a film lover puts on a live-action film, not a cartoon or a horror film, unless those were asked
 * for (a genre named outright wins over what is implied, understand()).
 */
export function elderClause(s: State) {
  scanRegex(s, ELDER, () => {
    s.q.elder = true;
  });
  // Decision 0130: "he says he's too old for kid stuff" (0133: "too cool for baby stuff"): a viewer
  // past children's films rules them out (the films are not too old: no newer ones asked for).
  scanRegex(s, TOO_OLD_FOR_KIDS, () => add(s.q.genresOut, GENRE.family));
}

const TOO_OLD_FOR_KIDS =
  /\b(?:he's|hes|he is|she's|shes|she is|they're|theyre|they are|i'm|im|i am|we're|we are|were|too) (?:['"‘’“”] ?)?(?:(?:way|far|a bit|kinda|getting|so) )?too (?:old|cool|big|grown up|grown-up|mature) for (?:kids?|kiddie|kiddy|children's|childrens|childish|baby|babyish|cartoons?|family|disney)(?: (?:stuff|things|movies|films|shows))?\b/;

/** The kinds of film an older viewer is not offered unless they are named (decision 0126). */
export const NOT_FOR_ELDERS: readonly number[] = [GENRE.animation, GENRE.horror];
const AGE_WORDS: Record<string, number> = {
  ...NUMBER_WORDS,
  eleven: 11,
  twelve: 12,
};

/** "underrated", "lesser known", "hidden gems": lesser-known films asked for (decision 0116). */
export function lesserKnownClause(s: State) {
  scan(s, LESSER_KNOWN_PHRASES, () => {
    s.q.lesserKnown = true;
  });
  // Decision 0120: "so bad it's good", "the worst rated movies you have": the famously bad first.
  // (Not "not the worst movie".)
  const worst = (start: number) => {
    const before = s.toks.slice(Math.max(0, start - 2), start).map((t) => t.w);
    if (!before.some((w) => w === 'not' || w === 'no' || w === 'nothing')) s.q.worstFirst = true;
  };
  scan(s, WORST_PHRASES, worst);
  scanRegex(s, /\bworst (?:[a-z-]+ ){1,2}(?:movies|films|ones)\b/, (_, start) => worst(start));
}

/** "4 stars or more", "rated 7+", "at least 8/10", "highly rated". */
export function ratingClause(s: State) {
  const q = s.q;
  // "only the really well rated ones, like 7.5 and up": a bare score, once the rating is spoken of.
  if (
    /\b(?:rated|rating|ratings|score|scores|reviewed|reviews)\b/.test(foldAccents(s.original.toLowerCase()))
  )
    scanRegex(
      s,
      /\b([5-9](?:[.,]\d)?) ?(?:\+|and up|and above|or higher|or above|or more|plus)(?= |$)/,
      (m) => {
        const v = Number(m[1]!.replace(',', '.'));
        q.minRating = Math.max(q.minRating ?? 0, v);
      },
    );
  const set = (n: string, scale?: string, stars = false) => {
    let v = Number(n.replace(',', '.'));
    if (scale === '5' || (stars && v <= 5)) v *= 2;
    if (v > 0 && v <= 10) q.minRating = Math.max(q.minRating ?? 0, v);
  };
  const orMore = String.raw`(?: ?\+| plus| or (?:more|higher|above|better|over)| and (?:up|above|over)| minimum| o mas| ou plus| oder mehr| und mehr)?`;
  scanRegex(
    s,
    new RegExp(
      String.raw`\b(?:at least |minimum |min |over |above |more than |rated |rating |au moins |mindestens |al menos )?(\d(?:[.,]\d)?) ?(?:stars?|estrellas?|etoiles?|sterne?n?)${orMore}`,
    ),
    (m) => set(m[1]!, undefined, true),
  );
  scanRegex(
    s,
    new RegExp(
      String.raw`\b(?:at least |minimum |min |over |above |more than |rated |rating |score |au moins |mindestens |al menos )?(\d(?:[.,]\d)?) ?(?:\/ ?|out of |sur |von |de )(10|5)${orMore}`,
    ),
    (m) => set(m[1]!, m[2]),
  );
  scanRegex(
    s,
    new RegExp(
      // (A digit of a decade is none: "highly rated 80s comedy" asks for the 80s.)
      String.raw`\b(?:rated|rating|score|imdb|tmdb|note|nota|bewertung)(?: of| at least| above| over| de| von)? (\d(?:[.,]\d)?)(?!\d)${orMore}`,
    ),
    (m) => set(m[1]!),
  );
  scanRegex(
    s,
    new RegExp(String.raw`\b(\d(?:[.,]\d)?) ?\+?${orMore} (?:rating|score|on imdb|on tmdb|average)\b`),
    (m) => set(m[1]!),
  );
  // Compact forms with no rating word ("8+ only", "at least a 7", "an 8 or better", "nothing below a
  // 6.5"): a bare number is a rating only between 5 and 9.9, when no unit or count follows it and
  // it is no one's age or group size ("my kids are 8 and up", "a group of 7 or more"; "the rating
  // is 7 or more" still is a rating).
  const bare = (n: string) => {
    const v = Number(n.replace(',', '.'));
    if (v >= 5 && v < 10) q.minRating = Math.max(q.minRating ?? 0, v);
  };
  // A whole number: "50" is not a "5" followed by something.
  const num = String.raw`(\d(?:[.,]\d)?)(?![.,]?\d)`;
  // A count of things (films, suggestions, people…) or a unit is no rating.
  const notCounted = String.raw`(?! ?(?:hours?|hrs?|h|minutes?|mins?|min|years?|yrs?|yo|y o|year olds?|films?|movies?|picks?|options?|titles?|kids?|people|persons?|friends?|guests?|adults?|of us|seasons?|episodes?|suggestions?|recommendations?|recs?|ideas?|choices?|results?|answers?|more (?:films?|movies?|suggestions?|ideas?)|of|stars?|\/|out|sur|von|de|jahre?n?|anos|ans|anni)\b)`;
  scanRegex(
    s,
    new RegExp(
      String.raw`(?<!\b(?:ages?|aged|for|kids|children|ab|des|para|per|of|turned|turning|they're|theyre|he's|she's|we're|i'm|im) )(?<!\b(?:kids|children|sons?|daughters?|they|he|she|we|boys?|girls?|nephews?|nieces?|grandkids|i) (?:are|is|am) )\b(?:only )?(?:an? )?${num} ?(?:\+|plus|or (?:better|more|higher|above|up)|and (?:up|above|over|higher|better))${notCounted}(?: only)?`,
    ),
    (m) => bare(m[1]!),
  );
  scanRegex(
    s,
    new RegExp(
      String.raw`\b(?:at least|minimum|min|no less than|not less than|au moins|mindestens|al menos|almeno|pelo menos) (?:an? |un |une |eine |uma )?${num}${notCounted}`,
    ),
    (m) => bare(m[1]!),
  );
  scanRegex(
    s,
    new RegExp(
      String.raw`\b(?:nothing|no|not|none|nada|rien|nichts) (?:rated |scoring |scored )?(?:below|under|lower than|less than|worse than|por debajo de|en dessous de|unter) (?:an? )?${num}${notCounted}`,
    ),
    (m) => bare(m[1]!),
  );
  // A bound said with a comparison ("above 7.5", "over an 8", "higher than 7", "über 8 Punkten"):
  // the same bare number, when no unit or count follows it ("over 2 hours", "more than 5 films").
  scanRegex(
    s,
    new RegExp(
      String.raw`\b(?:above|over|higher than|better than|more than|greater than|uber|mehr als|plus de|mas de|sopra|acima de) (?:an? |un |une |eine |uma )?${num}(?: ?(?:punkte?n?|points?|puntos|pontos|punti))?${notCounted}`,
    ),
    (m) => bare(m[1]!),
  );
  for (const [min, phrases] of QUALITY_PHRASES)
    scan(s, phrases, () => (q.minRating = Math.max(q.minRating ?? 0, min)));
  // "the best horror movies ever made": a superlative of quality before "ever made" (the words
  // alone are no rating: "he's seen every world war 2 movie ever made").
  const top = QUALITY_PHRASES.reduce((x, [min]) => Math.max(x, min), 0);
  // (Only "ever made" is read: "best war films ever made" still asks for war films.)
  scanRegex(s, /(?<=\b(?:best|greatest|finest)(?: [a-z'-]+){0,3} )ever made\b/, () => {
    q.minRating = Math.max(q.minRating ?? 0, top);
  });
}

/**
 * Open year bounds: "after 2000", "pre-1960", "2015 or newer", "before the 80s", "from the last
 * decade", "this century". They run before follow-ups and titles, so that "newer" in "2015 or newer"
 * is no follow-up and "like pre-1960" no title.
 */
export function yearBoundClause(s: State) {
  const q = s.q;
  const ref = s.ctx.referenceYear;
  const AFTER = /^(after|post|newer than|later than|despues del?|apres|nach)$/;
  const BEFORE = /^(before|pre|older than|earlier than|antes del?|avant|vor)$/;
  const decadeYear = (d: string, century?: string) =>
    (century ? Number(century) * 100 : Number(d) >= 3 ? 1900 : 2000) + Number(d) * 10;
  // "nothing older than 2000", "no newer than 1990", "nothing after the 70s", "nothing made
  // before 2000": a negated bound is the other bound, a decade's own years included on the side allowed.
  // So is one someone cannot bear ("sleeps through anything made after 1975", "hates anything
  // before 2000").
  scanRegex(
    s,
    /\b(?:nothing|no|not|none|nada|rien|nichts|(?:hates?|hated|can'?t stand|cannot stand|can not stand|sleeps? through|slept through|(?:falls?|fell) asleep (?:during|in|to|through)|(?:is|are|gets?|get) bored (?:by|with)|won'?t watch|refuses? to watch|(?:doesn'?t|don'?t|does not|do not) (?:like|enjoy|watch)|dislikes?|avoids?) (?:anything|everything|stuff|films|movies)) (?:(?:movies?|films?|made|released|filmed|shot|that came out|came out|from) )?(older than|earlier than|before|pre|newer than|later than|after|post|mas antigua que|plus vieux que|alter als) ?(?:like |about |around |maybe |say )?(?:((?:19|20)\d\d)\b|(?:the |los |les |den )?(19|20)?(\d)0 ?'?s\b)/,
    (m) => {
      const older = /older|earlier|before|pre|antigua|vieux|alter/.test(m[1]!);
      if (m[2]) {
        if (older) q.yearFrom = +m[2];
        else q.yearTo = +m[2];
        return;
      }
      const from = decadeYear(m[4]!, m[3]);
      if (older) q.yearFrom = from;
      else q.yearTo = from + 9;
    },
  );
  scanRegex(
    s,
    /\b(?:(?:made|released|filmed|shot|produced|came out|out) )?(after|since|post|newer than|later than|despues del?|desde(?: el)?|apres|depuis|nach|seit|ab) ?((?:19|20)\d\d)\b|\bfrom ((?:19|20)\d\d) (?:on|onwards?|or later|and later|or newer)\b|\b((?:19|20)\d\d) ?(?:or later|and later|onwards?|or newer|and newer|or more recent|and up|or after|\+)(?= |$)/,
    (m) => {
      if (m[3] ?? m[4]) q.yearFrom = +(m[3] ?? m[4])!;
      else q.yearFrom = +m[2]! + (AFTER.test(m[1]!) ? 1 : 0);
    },
  );
  scanRegex(
    s,
    /\b(?:(?:made|released|filmed|shot|produced|came out|out) )?(before|pre|until|up to|older than|earlier than|antes del?|hasta(?: el)?|avant|jusqu'a|vor|bis) ?((?:19|20)\d\d)\b|\b((?:19|20)\d\d) (?:or (?:earlier|before|older)|and (?:earlier|before|older))\b/,
    (m) => {
      if (m[3]) q.yearTo = +m[3];
      else q.yearTo = +m[2]! - (BEFORE.test(m[1]!) ? 1 : 0);
    },
  );
  // "before 85", "after '95", "pre 70": a year of the last century typed in two digits (not a time:
  // "after 10" is no year, nor "before 85 minutes").
  scanRegex(
    s,
    /\b(before|pre|older than|earlier than|after|post|newer than|later than) ?'?([3-9]\d)\b(?! ?(?:am|pm|mins?|minutes?|hours?|hrs?|min|%|percent|years?|yrs?|[:.]\d))/,
    (m) => {
      const year = 1900 + Number(m[2]);
      if (BEFORE.test(m[1]!)) q.yearTo ??= year - 1;
      else q.yearFrom ??= AFTER.test(m[1]!) ? year + 1 : year;
    },
  );
  // "before the 80s", "post-90s", "since the 2000s"
  scanRegex(
    s,
    /\b(before|pre|older than|after|post|since|newer than|antes de|despues de|avant|apres|vor|nach|seit) (?:the |los |les |den )?(19|20)?(\d)0 ?'?s\b/,
    (m) => {
      const from = decadeYear(m[3]!, m[2]);
      if (BEFORE.test(m[1]!)) q.yearTo = from - 1;
      else q.yearFrom = AFTER.test(m[1]!) ? from + 10 : from;
    },
  );
  // "from the last decade", "in the past 5 years", "the last few years", "this century"
  scanRegex(
    s,
    /\b(?:(?:from|in|of|over) )?(?:the )?(?:last|past|previous) (?:(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|few|couple of|couple) )?(decades?|years)\b/,
    (m) => {
      const n = m[1]
        ? /few|couple/.test(m[1])
          ? m[1] === 'few'
            ? 5
            : 2
          : (NUMBER_WORDS[m[1]] ?? Number(m[1]))
        : 1;
      // "the last few years, say 2013 onwards": the year typed wins (decision 0098).
      q.yearFrom ??= ref - (m[2]!.startsWith('decade') ? 10 * n : n);
    },
  );
  // "what came out in 1994", "released in 2001": one year, read before a title could take it.
  scanRegex(
    s,
    /\b(?:came out|come out|comes out|released|made|out|premiered) (?:in|during) ((?:19|20)\d\d)\b/,
    (m) => {
      q.yearFrom ??= +m[1]!;
      q.yearTo ??= +m[1]!;
    },
  );
  // "de los últimos años", "des dernières années", "der letzten Jahre", "degli ultimi anni": recent years.
  scanRegex(
    s,
    /\b(?:ultimos|ultimas|dernieres|letzten|ultimi) (?:(\d{1,2}) )?(anos|annees|jahren?|anni|decadas|decennies|jahrzehnten?|decenni)\b/,
    (m) => {
      const n = m[1] ? Number(m[1]) : /^dec|^jahrz/.test(m[2]!) ? 1 : 5;
      q.yearFrom = ref - (/^dec|^jahrz/.test(m[2]!) ? 10 * n : n);
    },
  );
  scanRegex(s, /\b(?:this|the 21st|21st) century\b/, () => (q.yearFrom = 2000));
  scanRegex(s, /\b(?:the )?(?:last|20th|previous) century\b/, () => (q.yearTo = 1999));
}

/**
 * "can't stop thinking about it", "my heart is still racing": how a film left someone, no request.
 * Read before titles so that a story's span ends at them; see `releaseReactions`.
 */
export function reactionClause(s: State): number[] {
  const taken: number[] = [];
  scan(s, REACTION_PHRASES, (start, len) => {
    for (let k = start; k < start + len; k++) taken.push(k);
  });
  return taken;
}

/** Decision 0159: the chat itself judged ("this bot is useless"): its words are no request. */
export function rebukeClause(s: State): boolean {
  let found = false;
  scan(s, REBUKES, () => (found = true));
  return found;
}

/**
 * A reaction is about a film named ("watched Arrival on the plane"): with no title found, its words
 * go back to the other clauses ("a thriller set on a plane" is a theme).
 */
export function releaseReactions(s: State, taken: readonly number[]) {
  if (s.q.like) return;
  for (const k of taken) s.toks[k]!.used = false;
}

/** Single negation words that can rule out an era before it ("nothing from the golden age"). */
const ERA_NEGATIONS = new Set([
  'no',
  'not',
  'nothing',
  'without',
  'none',
  'nada',
  'rien',
  'nichts',
  'kein',
  'keine',
  'niente',
  'zero',
]);

/**
 * "silent-era films", "golden age hollywood", "a new hollywood crime film", "pre-code": an era's
 * years (and language, for a national movement). Ruled out ("nothing from the golden age"), the
 * years after it. Years the message gives itself win.
 */
export function eraClause(s: State) {
  const q = s.q;
  // "a silent film from 1927", "golden age films of the 40s": the years typed win.
  const ownYears = s.toks.some((t) => !t.used && /^(?:(?:19|20)\d\d|\d0'?s|(?:19|20)\d0'?s)$/.test(t.raw));
  // A phrase of `list` that ends at token `end` (exclusive), at most `gap` words before it.
  const endsBefore = (list: readonly string[], end: number, gap: number) => {
    for (let from = end - 1; from >= 0 && from >= end - 6; from--) {
      if (PUNCTUATION.has(s.toks[from]!.w)) return false;
      for (const p of list) {
        const n = matchAt(s.toks, from, p, 'raw');
        if (n > 0 && from + n <= end && end - (from + n) <= gap) return true;
      }
    }
    return false;
  };
  const nationPhrases = [
    ...LANGUAGE_PHRASES.flatMap(([, p]) => p),
    ...INDUSTRY_PHRASES.flatMap((i) => i.phrases),
  ];
  const said: { era: (typeof ERA_PHRASES)[number]; negated: boolean }[] = [];
  for (const era of ERA_PHRASES) {
    scan(s, era.phrases, (start, len, phrase) => {
      // "the golden age of piracy": another subject's golden age is no era of film (nor "classic").
      const of = s.toks[start + len];
      if (phrase.endsWith(' age') || phrase.endsWith(' era')) {
        const subject = s.toks[start + len + 1]?.raw ?? '';
        if (of?.raw === 'of' && !/^(hollywood|cinema|film|films|movies?|the|silent)$/.test(subject)) return;
      }
      // "Hong Kong golden age action": a nation's golden age is its own, not Hollywood's years.
      if (/^golden (age|era)$/.test(phrase) && endsBefore(nationPhrases, start, 0)) return;
      // "nothing from the silent era", "I can't stand silent movies", "I hate silent films": any
      // negation of the clauses (up to three words before, within the sentence part) rules it out.
      let negated = endsBefore(NEGATIONS, start, 3);
      for (let k = start - 1; k >= 0 && k >= start - 3 && !negated; k--) {
        const t = s.toks[k]!;
        if (PUNCTUATION.has(t.w)) break;
        if (ERA_NEGATIONS.has(t.raw)) negated = true;
      }
      said.push({ era, negated });
    });
  }
  // An era not ruled out wins ("I can't stand silent movies, something from the golden age").
  // An era inside another said of the same films is the narrower ("the golden age black and white
  // stuff": 1930-1960, not black and white's 1965); eras side by side are all their years ("silent
  // films or golden age classics").
  const wanted = said.filter((e) => !e.negated).map((e) => e.era);
  if (wanted.length) {
    if (!ownYears && q.yearFrom === undefined && q.yearTo === undefined) {
      const from = (e: (typeof wanted)[number]) => e.from ?? 0;
      const inner = wanted.find((e) => wanted.every((o) => from(o) <= from(e) && e.to <= o.to));
      const start = inner ? from(inner) : Math.min(...wanted.map(from));
      if (start > 0) q.yearFrom = start;
      q.yearTo = inner ? inner.to : Math.max(...wanted.map((e) => e.to));
    }
  } else for (const e of said) q.yearFrom = Math.max(q.yearFrom ?? 0, e.era.to + 1);
  for (const e of said) if (!e.negated) for (const l of e.era.languages ?? []) add(q.languages, l);
  for (const e of said) if (!e.negated) for (const k of e.era.keywords ?? []) add(q.keywordsIn, k);
}

/** An age by its decade ("20s", "late thirties"). */
const AGE_DECADE = String.raw`(?:(?:early|late|mid) )?(?:[2-9]0 ?'?s|twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)`;
/**
 * A decade said of people is an age, not when a film was made: after a possessive ("in their 70s",
 * "en sus 40", "dans leurs 60 ans"), after the people it is of ("we're both late 20s", "i'm mid
 * 30s", "8 of us all mid 20s", "my parents (both late 60s)", "my grandparents (80s)", but "they're
 * 80s movies" and "both 80s and 90s" are films), or before them ("a mid 30s guy").
 */
const AGE = new RegExp(
  String.raw`\b(?:(?:in|into|en|dans|nei|nos|nas) (?:their|his|her|my|our|your|sus|su|mis|ses|leurs|mes|suoi|miei|seus|meus) (?:(?:early|late|mid) )?(?:[1-9]0 ?'?s|[1-9]0(?: ans| anos| anni)?|twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)|(?:we're|we are|were|i'm|im|i am|they're|theyre|they are|he's|hes|he is|she's|shes|she is|of us|of them|we all|everyone's|everyone is|everybody's|everybody is)(?: both| all| are)? ${AGE_DECADE}(?! (?:${FILM_NOUNS}|films?|movies?|ones?|classics?|stuff|style|vibes?|kind|type|music)\b)|\bboth ${AGE_DECADE}(?! (?:and|or|n|to|${FILM_NOUNS}|films?|movies?|ones?|classics?|stuff|music)\b)|(?:${ELDER_NOUN}|parents|folks|mom|mum|dad|mother|father|wife|husband|girlfriend|boyfriend|friends|in laws) \( ?(?:both |all )?${AGE_DECADE}|${AGE_DECADE} (?:guys?|couples?|women|woman|man|men|dads?|moms?|mums?|parents|people|friends|folks|ladies|lady|dudes?|adults?)\b)`,
);

/**
 * "the 2008 financial crash", "the 1969 moon landing": a year said of something else than a film is
 * when that happened, not when the film was made ("the 2008 one", "the 1982 version", "the 2011
 * horror remake" are films).
 */
const EVENT_YEAR = new RegExp(
  String.raw`\bthe (?:19|20)\d\d(?= (?!(?:${FILM_NOUNS}|one|ones|version|versions|remake|remakes|original|originals|release|releases|adaptation|sequel|sequels|classic|classics)\b)[a-z])`,
);

/** Decades, years, ranges, "recent", "classic", in four languages. */
/** Two decades said together ("the 40s or 50s", "los años 70 u 80"): their span, first year to last. */
function decadesSpan(m: RegExpExecArray): [number, number] {
  const at = (century: string | undefined, d: string) =>
    (century ? Number(century) * 100 : Number(d) >= 3 ? 1900 : 2000) + Number(d) * 10;
  const [a, b] = [at(m[1], m[2]!), at(m[3], m[4]!)];
  return [Math.min(a, b), Math.max(a, b) + 9];
}

export function yearClause(s: State) {
  const q = s.q;
  // Decision 0126: the first years said win ("it has to be from the 2000s (2000 to 2009), because
  // last time someone picked something from the 50s"): a later decade is the story around them.
  let yearsSaid = false;
  const range = (from: number, to: number) => {
    if (yearsSaid) return;
    yearsSaid = true;
    q.yearFrom = from;
    q.yearTo = to;
  };
  const decade = (century: string | undefined, d: string, part?: string) => {
    const c = century ? Number(century) * 100 : Number(d) >= 3 ? 1900 : 2000;
    const from = c + Number(d) * 10;
    if (part && /early|debut|principios|anfang|fruhen/.test(part)) range(from, from + 4);
    else if (part && /late|fin|finales|ende|spaten/.test(part)) range(from + 5, from + 9);
    else if (part && /mid|mitte|mediados|milieu/.test(part)) range(from + 3, from + 7);
    else range(from, from + 9);
  };
  // A person's age is no decade: "my parents, both in their 70s", "a man in his early 40s", "en
  // sus 80" (but "in the 80s" is the decade). Read first, so the decade rules never see it.
  scanRegex(s, AGE, () => undefined);
  scanRegex(s, EVENT_YEAR, () => undefined);
  scanRegex(
    s,
    /\b(?:between|from|entre|de|zwischen|von)? ?((?:19|20)\d\d) ?(?:and|to|until|till|or|y|o|a|et|ou|bis|und|oder|-|–) ?((?:19|20)\d\d)\b/,
    (m) => range(Math.min(+m[1]!, +m[2]!), Math.max(+m[1]!, +m[2]!)),
  );
  // "the 40s or 50s", "from the 70s to the 90s": decades joined are one span.
  scanRegex(
    s,
    /\b(?:the )?(19|20)?(\d)0 ?'?s ?(?:or|and|n|&|,|to|through|till|until|-|–|y|ou|oder|o) (?:the )?(19|20)?(\d)0 ?'?s\b/,
    (m) => range(...decadesSpan(m)),
  );
  // "los años 70 u 80", "gli anni 70 e 80", "les années 70 ou 80": the years' word, no "s"
  // (Spanish "u" is "or" before a vowel sound; text-speak reads it "you"; decision 0144).
  scanRegex(
    s,
    /\b(?:anos|anni|annees|jahre) (19|20)?(\d)0 ?(?:y|o|u|you|e|ou|et|und|oder|a|al|-|–) (?:(?:los|gli|les|die|agli|aux) )?(?:(?:anos|anni|annees|jahre) )?(19|20)?(\d)0\b/,
    (m) => range(...decadesSpan(m)),
  );
  // "the forties or fifties" in words too.
  const decadeWord = `(${Object.keys(DECADE_WORDS).join('|')})`;
  scanRegex(
    s,
    new RegExp(
      String.raw`\b(?:the )?${decadeWord} ?(?:or|and|n|&|,|to|through|-|–|y|ou|oder|o) (?:the )?${decadeWord}\b`,
    ),
    (m) => {
      const [a, b] = [DECADE_WORDS[m[1]!]!, DECADE_WORDS[m[2]!]!];
      range(Math.min(a, b), Math.max(a, b) + 9);
    },
  );
  const part = String.raw`(?:(early|late|mid|debut|fin|principios|finales|mediados|anfang|ende|mitte|fruhen|spaten) (?:the |des |de los |der )?)?`;
  scanRegex(
    s,
    new RegExp(
      String.raw`\b${part}(?:the |los |les |des |die |annees |anos |decada de los |jahre )?(19|20)?(\d)0 ?'?s\b`,
    ),
    (m) => decade(m[2], m[3]!, m[1]),
  );
  scanRegex(
    s,
    new RegExp(
      String.raw`\b${part}(?:los |les |des |las |la decada de los |annees |anos |decada de |degli anni |anni |dos anos |da decada de )'?(19|20)?(\d)0\b`,
    ),
    (m) => decade(m[2], m[3]!, m[1]),
  );
  scanRegex(
    s,
    new RegExp(String.raw`\b${part}(?:der |die |den )?(19|20)?(\d)0ern?(?: jahre| jahren)?\b`),
    (m) => decade(m[2], m[3]!, m[1]),
  );
  scanRegex(
    s,
    new RegExp(
      String.raw`\b${part}(?:the |los anos |les annees |die |degli anni |anni |dos anos |anos )?(${Object.keys(DECADE_WORDS).join('|')})\b`,
    ),
    (m) => {
      const from = DECADE_WORDS[m[2]!]!;
      decade(String(Math.floor(from / 100)), String((from % 100) / 10), m[1]);
    },
  );
  scanRegex(s, /\b(?:from |in |of |released in |de |en |aus |von )?((?:19|20)\d\d)\b/, (m) => {
    if (q.yearFrom === undefined && q.yearTo === undefined) range(+m[1]!, +m[1]!);
  });
  // Decision 0098: a vague word for an era ("recent", "classic", or "actualy" read as Spanish
  // "actual") narrows the years read so far but never empties them: "horror from the 2000s thats
  // actualy scary" stays the 2000s.
  scan(s, RECENT_PHRASES, (start, len) => {
    // "lost my dad last year": a time in the person's story, not the films' years.
    if (len === 2 && s.toks[start + 1]?.w === 'year' && inStory(s, start)) return;
    // Decision 0151: "from 2012 or later … recent-ish": a hedged word leaves the years said as said.
    if (s.toks[start + len]?.w === 'ish' && q.yearFrom !== undefined) return;
    const from = Math.max(q.yearFrom ?? 0, s.ctx.referenceYear - 3);
    if (q.yearTo === undefined || from <= q.yearTo) q.yearFrom = from;
  });
  // "not too old", "pas trop vieux", "que no sea muy antigua": this century's films, unless years
  // were said.
  // (Read from the message: "too old" is also a follow-up's word, which may have taken it.)
  const notTooOld = NOT_TOO_OLD.test(foldAccents(s.original.toLowerCase()).replace(/[’']/g, "'"));
  if (notTooOld && q.yearFrom === undefined && q.yearTo === undefined)
    q.yearFrom = s.ctx.referenceYear - NOT_TOO_OLD_YEARS;
  // Decision 0119: with a decade or years said, "classic" is the best of them ("hong kong action
  // classics from the 80s and 90s" is 1980–1999), not "before 1986".
  const said = q.yearFrom !== undefined || q.yearTo !== undefined;
  scan(s, CLASSIC_PHRASES, (start) => {
    // "i found my old amelie dvd": what someone owns is old, not the films asked for.
    if (s.toks[start]!.w === 'old' && POSSESSIVES.has(s.toks[start - 1]?.w ?? '')) return;
    // "Seen all the classics. Anything from the last 20 years?": the classics seen are no request.
    if (saidAsSeen(s, start)) return;
    // "nothing old tho", "no old stuff", "not classics": the other side, this century's films.
    if (negatedJustBefore(s, start)) {
      if (!said) q.yearFrom = s.ctx.referenceYear - NOT_TOO_OLD_YEARS;
      return;
    }
    const to = Math.min(q.yearTo ?? 9999, 1985);
    if (!said && (q.yearFrom === undefined || to >= q.yearFrom)) q.yearTo = to;
    add(q.moods, 'classic');
  });
}

/**
 * A negation word (`ERA_NEGATIONS`) up to three words before token `at`, in the same part of the
 * sentence ("nothing but old films" is no negation).
 */
export function negatedJustBefore(s: Pick<State, 'toks'>, at: number): boolean {
  for (let k = at - 1; k >= 0 && k >= at - 3; k--) {
    const t = s.toks[k]!;
    if (PUNCTUATION.has(t.w) || t.raw === 'but') return false;
    if (ERA_NEGATIONS.has(t.raw)) return true;
  }
  return false;
}

/** How far back "not too old" reaches from the catalog's last year (2017: from 2000). */
const NOT_TOO_OLD_YEARS = 17;
const NOT_TOO_OLD =
  /\b(?:not|nothing|isn'?t|pas|no|nicht|non|n[aã]o|nada)(?: (?:sea|soit|sia|seja|that'?s|thats|which is))? (?:too|trop|muy|tan|zu|troppo|muito|so) (?:old|dated|vieux|vieille|vieux|ancien|ancienne|antigu[ao]s?|viej[ao]s?|alt|alte|vecchi[oa]?|antig[ao]s?)\b/;

/** A verb of something that happened to the person ("lost", "moved", "died"), never "released". */
const STORY_VERB =
  /^(?!released$)(?:[a-z]+ed|lost|died|went|got|broke|split|left|began|had|met|became|came)$/;

/** Within four words after such a verb, with no film word between: the person's story. */
function inStory(s: State, at: number): boolean {
  for (let k = at - 1; k >= Math.max(0, at - 4); k--) {
    const w = s.toks[k]!.w;
    if (FILM_WORDS.has(w)) return false;
    if (STORY_VERB.test(w)) return true;
  }
  return false;
}

// ——— Negation scopes ———

const SCOPE_END = new Set([
  'but',
  'with',
  'from',
  'that',
  'set',
  'in',
  'and',
  'or',
  'pero',
  'con',
  'mais',
  'avec',
  'aber',
  'mit',
  'y',
  'et',
  'und',
  'just',
  'only',
  'please',
  'about',
  'where',
  'which',
  'who',
  'like',
]);

/** "without battle scenes", "no horror or gore", "not too sad": the words each negation governs. */
/**
 * "I've never watched a silent film", "haven't seen many westerns": what someone has not yet seen
 * is what they ask about, not what they rule out (decision 0098). The words are used, so that no
 * negation reads its scope from them.
 */
export function experienceClause(s: State) {
  scanRegex(
    s,
    /\b(?:never|not|haven't|havent|have not|hadn't|didn't|did not|nunca|jamais|nie|mai) (?:ever |really |actually |yet |once )?(?:watched|seen|saw|tried|visto|vu|gesehen)\b/,
    () => {},
  );
  scanRegex(s, SURFEIT, () => {});
}

/**
 * "im kinda sad today", "feeling down", "i'm a bit low after work": how the viewer feels is their
 * state, not a mood asked of the films; said with nothing else asked, a friend cheers them up
 * (`cheerUpClause`). "want a good cry", "something sad" still ask for sad films.
 */
const VIEWER_LOW = new RegExp(
  String.raw`\b(?:i'm|im|i am|i feel|i'm feeling|im feeling|i am feeling|feeling|been feeling|i've been|ive been|i've been feeling|ive been feeling)(?: (?:kinda|kind of|sort of|so|a bit|a little|a little bit|really|very|pretty|quite|super|just|bit|totally|extremely|incredibly|honestly))* (?:sad|down|blue|low|depressed|miserable|gloomy|heartbroken|upset|bummed|bummed out|crushed|devastated|lonely|stressed|anxious)\b` +
    // Decision 0160: the day said bad ("today was awful", "had a rough week", "my day sucked").
    String.raw`|\b(?:(?:today|tonight|this week|this month|this year|my day|my week|the day|the week|work|school|life|everything)(?: has)?(?: was| has been| is| been|'s)(?: (?:just|so|really|honestly|pretty|kinda|such|a|an|absolutely|completely|truly))* (?:awful|terrible|horrible|horrendous|rough|hard|shit|shitty|crap|crappy|bad|brutal|miserable|the worst|a nightmare|a disaster|garbage|draining|exhausting|long|tough)|(?:my day|my week|today|life|work|everything) (?:sucked|sucks|stinks)|(?:had|having|after|it's been|its been|been)(?: such)? (?:a|an|one)(?: (?:really|very|super|pretty|totally|absolutely|truly))? (?:awful|terrible|horrible|rough|bad|hard|shit|shitty|crappy|brutal|miserable|long|tough|stressful|exhausting|draining) (?:day|week|month|year|night|time|shift))\b`,
);

export function viewerStateClause(s: State) {
  scanRegex(s, VIEWER_LOW, () => {
    s.viewerLow = true;
  });
}

/** Decision 0159: a rainy spell at home said ("for a rainy afternoon"): cosy films if nothing else is asked. */
export function cosyOccasionClause(s: State) {
  scan(s, COSY_OCCASIONS, () => (s.cosyOccasion = true));
}

/** The occasion's cosy films, when nothing of a film's own, nor a long film or a person, was asked. */
export function cosyWhenNothingElse(s: State) {
  const q = s.q;
  if (s.cosyOccasion && asksNoKind(q) && q.runtimeMin === undefined && !q.person) applyMood(q, COSY);
}

/** No mood, kind, film or theme asked: what the viewer's state or the occasion says then sets the mood. */
const asksNoKind = (q: Query) => !q.moods.length && !q.genreGroups.length && !q.like && !q.keywordsIn.length;

/** Decision 0142: the viewer said to be low, and no mood, kind or film asked: feel-good films. */
export function cheerUpClause(s: State) {
  const q = s.q;
  if (s.viewerLow && asksNoKind(q)) applyMood(q, FEEL_GOOD);
}

/**
 * Decision 0129: what the speaker has had enough of in life is the story, not the request: "I've
 * seen every kind of blood and drama you can imagine" (a nurse on nights) asks for neither, up to
 * the clause's end.
 */
const SURFEIT = new RegExp(
  String.raw`\b(?:i've|ive|i have|i|we've|we have|we)(?: already| literally| honestly| really)? (?:seen|had|dealt with|see|deal with|get|got|watched) (?:more than )?(?:enough|every kind of|every sort of|all kinds of|all sorts of|so much|plenty of|too much|way too much|my share of|my fill of|a lifetime of)\b.*?(?= [,.!?;:]| at work\b| all day\b| you can imagine\b| $)`,
);

/** "less", "fewer" and their kin in the languages read. */
export const LESS_WORDS: ReadonlySet<string> = new Set(['less', 'fewer', 'menos', 'moins', 'weniger']);
/** An adjective's shape ("famous", "colourful", "obvious"): after "less" a degree, not a thing ruled out. */
const ADJECTIVE_SHAPE = /(?:ous|ful|able|ible|ive|al|ic|ish|ent|ant|ed|er|est|ly)$/;
/** One-word theme phrases ("supernatural", "paranormal"): of that shape, yet a thing there is less of. */
const THEME_WORDS: ReadonlySet<string> = new Set(
  THEME_PHRASES.flatMap(([, phrases]) => phrases.filter((p) => !p.includes(' '))),
);

/**
 * Decision 0105: "less explosions, more ideas", "fewer battles", "menos romance": the thing there
 * should be less of is ruled out, up to the next punctuation or "more". A comparative the lexicon
 * knows ("less scary") was read before; a degree ("less famous", "less obvious") is no thing. The
 * superlative asks the same ("the least explosions"; "at least an hour" is a floor).
 */
export function lessClause(s: State) {
  s.toks.forEach((t, i) => {
    if (t.used || !(LESS_WORDS.has(t.raw) || (t.raw === 'least' && s.toks[i - 1]?.raw !== 'at'))) return;
    let k = i + 1;
    while (/^(?:of|de|the|an?)$/.test(s.toks[k]?.raw ?? '') && !s.toks[k]!.used) k++;
    const next = s.toks[k];
    if (!next || next.used || PUNCTUATION.has(next.w) || /^\d/.test(next.w) || next.raw === 'than') return;
    if (
      ADJECTIVE_SHAPE.test(next.raw) &&
      !next.raw.endsWith('ence') &&
      !GENRE_WORDS.has(next.raw) &&
      !THEME_WORDS.has(next.raw)
    )
      return;
    t.used = true;
    for (let j = k; j < s.toks.length && j < k + 3; j++) {
      const w = s.toks[j]!;
      if (PUNCTUATION.has(w.w) || /^(?:more|but|and|plus|mas)$/.test(w.raw)) break;
      // The kind the degree is said of stays asked ("less preachy dramas", "less confusing sci-fi").
      if (j > k && kindStartsAt(s.toks, j)) break;
      s.negated.add(j);
    }
  });
}

/** Multi-word genre phrases as their words ("sci fi", "science fiction"), for `kindStartsAt`. */
const GENRE_PHRASE_WORDS = GENRE_PHRASES.flatMap(([, p]) =>
  p.filter((w) => w.includes(' ')).map((w) => w.split(' ')),
);

/** Whether a kind of film is named from token `at` on: a genre ("dramas", "sci fi") or "films". */
function kindStartsAt(toks: readonly Token[], at: number): boolean {
  const raw = toks[at]!.raw;
  if (GENRE_WORDS.has(raw) || /^(?:films?|movies?|flicks?)$/.test(raw)) return true;
  return GENRE_PHRASE_WORDS.some((words) => words.every((w, n) => toks[at + n]?.raw === w));
}

/**
 * Decision 0129: "NOT a sequel, remake or part of some franchise", "no franchises", "original stuff
 * only": films that stand alone (`Query.standalone`), and no remake or sequel by their keywords.
 * ("skip the prequels" is said of a franchise named: its own films.)
 */
const STANDALONE = new RegExp(
  String.raw`\b(?:(?:no|not|without|nothing|never|isn't|isnt|aren't|arent|avoid|skip|hate|sick of|tired of)\b(?: \S+){0,6} (?:sequels?|franchises?|franchise films?|reboots?|part of (?:a|any|some|an?) (?:\S+ )?(?:series|franchise|saga|cinematic universe))|(?:original|standalone|stand alone) (?:stuff|ones|films|movies) only|only (?:original|standalone|stand alone) (?:stuff|ones|films|movies)|standalone (?:films?|movies?|stories))\b`,
);

export function standaloneClause(s: State) {
  scanRegex(s, STANDALONE, (m) => {
    s.q.standalone = true;
    for (const k of ['sequel', ...(/remake|reboot/.test(m[0]) ? ['remake'] : [])])
      if (!s.q.keywordsOut.includes(k)) s.q.keywordsOut.push(k);
  });
}

/**
 * A franchise named (decision 0116) is its collection, not its words ("star wars" is no war film):
 * ruled out ("skip the star wars stuff", "no harry potter or lord of the rings") or named in a
 * request for other films ("my wife suggested star wars but he has seen every single one"), its
 * collection's films are left out (`Query.collectionsOut`). Outside a negation only a name typed
 * with a capital, of two words or more and no kind of film ("road trip") counts; never one of request words only
 * ("scary movie"); a one-word name ruled out ("no batman") is also read as usual.
 */
export function franchiseOutClause(s: State, lexiconWords: ReadonlySet<string>) {
  if (!s.ctx.franchiseAt) return;
  // After a name, "or"/"and" goes on with the list ("no harry potter or lord of the rings").
  let listed = -1;
  for (let i = 0; i < s.toks.length; i++) {
    const ruledOut = s.negated.has(i) || i === listed;
    // Outside a negation a name is typed as one ("Star Wars", not "actual grown-ups"), or said
    // seen (decision 0143: "ive seen the hobbit movies and harry potter a million times").
    if (s.toks[i]!.used || (!ruledOut && !s.toks[i]!.upper && !saidSeen(s.toks, i))) continue;
    const found = franchiseNamedAt(s, i, ruledOut, listed, lexiconWords);
    if (!found) continue;
    const out = (s.q.collectionsOut ??= []);
    if (!out.some((c) => c.id === found.id)) out.push({ id: found.id, name: found.name });
    if (LIST_WORDS.has(s.toks[found.end]?.w ?? '')) listed = found.end + 1;
    if (found.length < 2 && ruledOut) continue;
    for (let j = i; j < found.end; j++) s.toks[j]!.used = true;
    i = found.end - 1;
  }
}

/** The franchise whose name starts at token `i` (`franchiseOutClause`), with the token after it, or null. */
function franchiseNamedAt(
  s: State,
  i: number,
  ruledOut: boolean,
  listed: number,
  lexiconWords: ReadonlySet<string>,
): { id: number; name: string; length: number; end: number } | null {
  const inName = (j: number) => !ruledOut || s.negated.has(j) || (listed >= 0 && j >= listed);
  const words: string[] = [];
  // Inside the name, function words the negation took ("lord of the rings") still count.
  for (let j = i; j < s.toks.length && j < i + 6 && inName(j); j++)
    words.push(s.toks[j]!.raw.replace(/[^\p{L}\d]+/gu, ''));
  // Decision 0131: "not lotr or the hobbit": a name's article is no part of it.
  const lead = ruledOut && words[0] === 'the' && words.length > 1 ? 1 : 0;
  const found = s.ctx.franchiseAt!(words.slice(lead), !ruledOut);
  if (!found) return null;
  // One word is a name between "the" and its films ("ive seen the hobbit movies").
  const one = s.toks[i - 1]?.w === 'the' && FRANCHISE_NOUNS.test(s.toks[i + found.length]?.w ?? '');
  if (!ruledOut && found.length < 2 && !one) return null;
  // A name of request words only is those words ("nothing scary, movie night" is no Scary Movie).
  if (words.slice(lead, lead + found.length).every((w) => lexiconWords.has(w) || FILLER.has(w))) return null;
  return { ...found, end: i + lead + found.length + (one ? 1 : 0) };
}
const LIST_WORDS = new Set(['or', 'and', 'nor', 'ni', 'y', 'o', 'et', 'ou', 'und', 'oder', 'e']);

/**
 * A name said seen: a verb of having seen just before it ("seen the hobbit movies", "watched all
 * of"), or a list going on from what was ("seen the hobbit movies and harry potter").
 */
function saidSeen(toks: readonly Token[], at: number): boolean {
  let k = at - 1;
  while (k >= 0 && at - k <= 4 && /^(?:the|all|of|both|every|whole|entire|original)$/.test(toks[k]!.w)) k--;
  if (k < 0) return false;
  // ("never seen star wars": not seen.)
  const seenAt = (j: number) => SEEN_VERBS.has(toks[j]!.w) && !NOT_SEEN.test(toks[j - 1]?.w ?? '');
  if (seenAt(k)) return true;
  if (!LIST_WORDS.has(toks[k]!.w)) return false;
  for (let j = k - 1; j >= 0 && k - j <= 7 && !PUNCTUATION.has(toks[j]!.w); j--) if (seenAt(j)) return true;
  return false;
}
const NOT_SEEN = /^(?:never|not|havent|haven't|hasnt|hasn't|didnt|didn't|t|yet|no)$/;
/** Verbs of having seen (`FRANCHISE_SEEN`'s and their kin). */
const SEEN_VERBS = new Set([...FRANCHISE_SEEN, 'rewatched', 'saw']);

/**
 * "more about the people than the explosions", "more talking than fighting": what follows "than"
 * is ruled out, as after "rather than" (a length or a number after it is no thing: "more than 2
 * hours"; "more than" side by side is a comparison of amounts).
 */
function moreThanClause(s: State): void {
  s.toks.forEach((t, i) => {
    if (t.used || t.w !== 'than' || /^\d/.test(s.toks[i + 1]?.w ?? '')) return;
    const more = s.toks.slice(Math.max(0, i - 5), i - 1).some((x) => x.w === 'more' && !x.used);
    if (more) negateFrom(s, i + 1);
  });
}

export function negationClause(s: State) {
  // "non-english films" is a language ("non" is Italian's "not" elsewhere).
  scanRegex(s, /\bnon english\b/, () => add(s.q.languages, '!en'));
  // Decision 0127: "something really sad but beautiful, not just depressing for no reason": "not
  // just" qualifies what follows up to the punctuation, which is neither asked for nor ruled out
  // ("not just another superhero movie" still rules out).
  scanRegex(s, /\bnot (?:just|only|merely|simply)\b(?! another\b)[^,.;!?]*/, () => {});
  // "something i dont have to follow" (an easy watch), "one i don't need to think about", "zero
  // thinking required" (the brain off): asked for, nothing ruled out.
  scanRegex(s, NO_EFFORT, () => applyMood(s.q, EASY_WATCHING));
  scanRegex(s, NO_THINKING, () => applyMood(s.q, SILLY));
  // "I don't care how sad", "don't mind if it's gory", "doesn't matter how long": what they are
  // indifferent to is neither ruled out nor asked for (it was read as "not sad", "no gore").
  scanRegex(s, INDIFFERENT, () => undefined);
  scanRegex(s, SPEAKER_DOUBTS, () => undefined);
  nonPrefix(s);
  scan(s, NEGATIONS, (start, len) => negateFrom(s, start + len));
  suggestionTurnedDown(s);
  moreThanClause(s);
  ruledOutAfter(s);
  // "ghost-free", "gore free": the word before "free" is ruled out.
  s.toks.forEach((t, i) => {
    const prev = s.toks[i - 1];
    if (t.w !== 'free' || t.used || !prev || prev.used || FILLER.has(prev.w) || PUNCTUATION.has(prev.w))
      return;
    if (/^(feel|for|be|set|break|sugar|tax|hands|duty|toll)$/.test(prev.w)) return;
    s.negated.add(i - 1);
    t.used = true;
  });
}

/**
 * "non-pixar animated movies", "non-superhero action films": the prefix rules out its own word
 * only; the kind after it stays asked ("non" alone, Italian's "not", reaches on as usual).
 */
function nonPrefix(s: State): void {
  const typed = [...s.original.toLowerCase().matchAll(/\bnon-([\p{L}\d]+)/gu)].map((m) => m[1]!);
  s.toks.forEach((t, i) => {
    const next = s.toks[i + 1];
    if (t.used || t.raw !== 'non' || !next || next.used || !typed.includes(next.raw)) return;
    t.used = true;
    s.negated.add(i + 1);
  });
}

/**
 * Decision 0151: what someone suggested, then "but" ("my flatmate suggested some true crime doc but
 * that's the opposite of relaxing", "he recommended horror but i want something light"), is turned
 * down: its words are ruled out, up to the "but" (six words at most).
 */
const SUGGESTED_THEN_BUT =
  /\b(?:suggested|suggests|suggesting|recommended|recommends|proposed|proposes|mentioned|pitched)(?= (?:(?!but\b)[^\s,.;!?]+ ){1,6}but\b)/;

function suggestionTurnedDown(s: State): void {
  scanRegex(s, SUGGESTED_THEN_BUT, (_, start) => {
    for (let k = start + 1; k < s.toks.length && s.toks[k]!.w !== 'but'; k++)
      if (!NEGATION_FILLERS.has(s.toks[k]!.w)) s.negated.add(k);
  });
}

const INDIFFERENT =
  /\b(?:(?:(?:don't|dont|do not|doesn't|doesnt|does not) (?:care|mind|matter)|no matter|not bothered) (?:how|if|whether)(?: (?:it's|its|it is|they're|theyre|they are|it gets|they get|it's a|its a))?(?: (?:really|very|super|too|that|a bit|a little))?|(?:don't|dont|do not) mind (?:a (?:bit|little) of|some)) [^\s,.;!?]+/;

/**
 * Decision 0160: the speaker's doubt about someone ("I don't trust her taste", "I don't believe
 * him") or their not knowing ("I don't know, …", "can't remember what it was called") rules nothing
 * out ("I don't know horror at all" still does).
 */
const SPEAKER_DOUBTS =
  /\b(?:don't|dont|do not|never|can't|cant|cannot) (?:really |honestly |fully |quite )?(?:(?:trust|believe)(?: (?:her|his|their|my|your|the|them|him|it|that|those)(?: [^\s,.;!?]+)?)?(?![^\s,.;!?])|(?:know|remember|recall)(?=\s*(?:[,.;!?]|$)|\s(?:what|which|if|how|why|where|when|the name|its name)\b))/;

const NO_EFFORT =
  /\b(?:don't|dont|do not|won't|wont|shouldn't|shouldnt|doesn't|doesnt) (?:have|need|want) to (?:follow|concentrate|focus|pay attention)(?: (?:about|on|to))?(?: it| too (?:much|hard))?\b/;

/** "zero thinking required", "one I don't have to think about": the brain off, a dumb film (silly). */
const NO_THINKING =
  /\b(?:(?:don't|dont|do not|won't|wont|shouldn't|shouldnt|doesn't|doesnt) (?:have|need|want) to think(?: about| too (?:much|hard))?(?: it)?|(?:zero|no|without|minimal) (?:thinking|thought|brainpower|brain power|brain cells)(?: (?:required|needed|involved|necessary))?)\b/;

/**
 * A verb of being or becoming: after a negation ("not be bored to death", "don't want to get
 * scared", "never feel sad"), what follows is the viewer's state, not a thing in the film.
 */
const STATE_VERBS = new Set(['be', 'get', 'feel', 'being', 'getting', 'feeling', 'become']);
/** The words that may stand between a state verb and its state ("be too bored", "get so scared"). */
const STATE_DEGREE_BEFORE = new Set(['too', 'so', 'very', 'really', 'overly', 'all', 'that']);

/** Whether a negated word is the viewer's state: a state verb before it, degree words between. */
function saidAsState(toks: readonly Token[], at: number): boolean {
  let k = at - 1;
  while (k >= 0 && STATE_DEGREE_BEFORE.has(toks[k]!.w)) k--;
  return k >= 0 && STATE_VERBS.has(toks[k]!.w);
}

/**
 * A state's degree after it ("bored to death", "scared half to tears", "bored out of my mind"):
 * its length in tokens, 0 if none.
 */
function stateDegree(toks: readonly Token[], at: number): number {
  const w = (k: number) => toks[at + k]?.w ?? '';
  if (w(0) === 'to' && /^[a-z]{3,}$/.test(w(1))) return 2;
  if (w(0) === 'half' && w(1) === 'to' && /^[a-z]{3,}$/.test(w(2))) return 3;
  if (w(0) === 'out' && w(1) === 'of' && /^(?:my|your|our|their|his|her)$/.test(w(2)) && w(3)) return 4;
  return 0;
}

/**
 * What a viewer does with films, and its adverbs, right after a negation ("doesn't really watch",
 * "won't ever see", "doesn't do"): the cue's own words, so "in English" after them is still ruled out.
 */
const VIEWER_VERBS = new Set(['really', 'ever', 'even', 'usually', 'watch', 'see', 'do', 'enjoy']);

/** The words ruled out after a negation that ends at token `from`: up to four, a list going on. */
function negateFrom(s: State, from: number): void {
  let i = from;
  let taken = 0;
  while (i < s.toks.length && taken < 4) {
    const t = s.toks[i]!;
    // The viewer's state ("not be bored to death"): the state alone is in the scope (a mood the
    // lexicon knows is ruled out by it, "not get scared"); its degree is no word of the request.
    if (taken === 0 && STATE_VERBS.has(t.w)) {
      let k = i + 1;
      while (k < s.toks.length && STATE_DEGREE_BEFORE.has(s.toks[k]!.w)) k++;
      if (k >= s.toks.length || PUNCTUATION.has(s.toks[k]!.w)) break;
      s.negated.add(k);
      const degree = stateDegree(s.toks, k + 1);
      for (let d = k + 1; d <= k + degree; d++) s.toks[d]!.used = true;
      break;
    }
    // ("not one of those 'comedies'": a word in quotes is still in the scope. Decision 0151: so is
    // what follows a viewer's verb, "she doesn't really watch anything in english".)
    if (t.w === '"' || t.w === "'" || (taken === 0 && VIEWER_VERBS.has(t.w))) {
      i++;
      continue;
    }
    if (PUNCTUATION.has(t.w)) {
      if (taken === 0 || !commaListGoesOn(s.toks, i)) break;
      i++;
      continue;
    }
    const over = pointsOn(s.toks, i, taken);
    if (over) {
      for (let k = i; k < i + over; k++) s.toks[k]!.used = true;
      i += over;
      continue;
    }
    if (SCOPE_END.has(t.w) && taken > 0) {
      if (!listGoesOn(s.toks, i)) break;
      i++;
      continue;
    }
    s.negated.add(i);
    if (!NEGATION_FILLERS.has(t.w)) taken++;
    else t.used = true;
    i++;
  }
}

/**
 * Words inside a negation's scope that point on to what is ruled out, in tokens (0 if none): "none
 * of that supernatural nonsense" ("that" after "of"); "no films with gore" ("with" after what has
 * it); "not one of those comedies that's secretly a sad indie drama" (what the thing ruled out is
 * said to be is ruled out with it).
 */
function pointsOn(toks: readonly Token[], i: number, taken: number): number {
  const t = toks[i]!;
  if (t.w === 'that' && toks[i - 1]?.w === 'of') return 1;
  if (t.w === 'with' && HAVING_THINGS.has(toks[i - 1]?.w ?? '')) return 1;
  // "nothing too violent or with sex scenes": the list goes on to what has it (decision 0144).
  if (taken > 0 && WITH_WORDS.has(t.w) && LIST_WORDS.has(toks[i - 1]?.w ?? '')) return 1;
  return taken > 0 ? relativeClauseAt(toks, i) : 0;
}

/** "with" in the languages read. */
const WITH_WORDS = new Set(['with', 'con', 'avec', 'mit', 'com']);

/**
 * "no horror or gore" / "without violence and gore": the list goes on past "or"/"and". Not into a
 * clause of its own ("needs zero thought and is funny": funny is wanted).
 */
const listGoesOn = (toks: readonly Token[], i: number) =>
  /^(?:or|and|y|et|und|ni)$/.test(toks[i]!.w) && i + 1 < toks.length && !CLAUSE_OPENERS.has(toks[i + 1]!.w);

/**
 * "isn't about ghosts, demons or anything supernatural", "no gore, violence or swearing": after a
 * comma the list goes on when what follows, up to the next punctuation, is a short list's end (at
 * most four words, "or"/"and"/"nor" inside, no clause or new phrase opening it). "nothing too long,
 * a comedy or a drama" opens a phrase of its own: it stays asked for.
 */
function commaListGoesOn(toks: readonly Token[], i: number): boolean {
  if (toks[i]!.w !== ',') return false;
  const rest: string[] = [];
  for (let k = i + 1; k < toks.length && !PUNCTUATION.has(toks[k]!.w); k++) rest.push(toks[k]!.w);
  if (rest.length < 3 || rest.length > 4 || CLAUSE_OPENERS.has(rest[0]!) || LIST_STARTS_NEW.has(rest[0]!))
    return false;
  return rest.slice(1, -1).some((w) => /^(?:or|and|nor)$/.test(w));
}

/** Words that open a phrase of its own after a comma, not a list's next item. */
const LIST_STARTS_NEW = new Set(
  'a an the some but maybe just please preferably ideally also and or so something anything else'.split(' '),
);

/** "that's secretly a", "which are just", "that is": a relative clause's opening, in tokens (0 if none). */
function relativeClauseAt(toks: readonly Token[], i: number): number {
  let k = i;
  if (/^(?:that's|thats|which's)$/.test(toks[k]?.w ?? '')) k++;
  else if (/^(?:that|which|who)$/.test(toks[k]?.w ?? '') && /^(?:is|are|'s)$/.test(toks[k + 1]?.w ?? ''))
    k += 2;
  else return 0;
  while (/^(?:secretly|really|actually|just|basically|always|all|a|an)$/.test(toks[k]?.w ?? '')) k++;
  return k - i;
}

/**
 * Words that open a clause of their own after "and"/"or": a negation's list ends before them, and
 * so does a name (`clauseStartsAt`).
 */
const CLAUSE_OPENERS = new Set(
  "is are was were be it's its it i i'm im we you they he she that which has have should must can could would needs need make".split(
    ' ',
  ),
);

/** What a negation's "with" follows when it rules out what they have ("anything with gore"). */
const HAVING_THINGS = new Set([
  'anything',
  'something',
  'stuff',
  'things',
  'films',
  'movies',
  'ones',
  'everything',
]);

/** Words that, after "not", say what came before is unwanted ("jump scares not needed"). */
const NOT_WANTED = new Set(['needed', 'required', 'necessary', 'wanted', 'welcome']);
const NOT_WORDS = new Set(['not', "isn't", 'isnt', "aren't", 'arent', "don't", 'dont']);
/** One word that says the same ("gore unnecessary", "marvel fatigue", "superhero overload"). */
const UNWANTED = new Set(['unnecessary', 'unneeded', 'unwanted', 'fatigue', 'overload', 'overdose']);
const BEING_WORDS = new Set(['is', 'are', 'be', 'was', 'were']);

/**
 * A dislike said after the thing ("ghosts and demons do nothing for me", "musicals aren't my
 * thing", "long fight scenes bore me"). The cue's first word says whether its subject is plural.
 */
const DISLIKED_AFTER: readonly (readonly string[])[] = [
  'do nothing for me',
  'does nothing for me',
  'did nothing for me',
  'do nothing for us',
  'does nothing for us',
  "don't do it for me",
  'dont do it for me',
  "doesn't do it for me",
  'doesnt do it for me',
  "aren't my thing",
  'arent my thing',
  'are not my thing',
  "isn't my thing",
  'isnt my thing',
  'is not my thing',
  "aren't for me",
  'arent for me',
  "isn't for me",
  'isnt for me',
  'bore me',
  'bores me',
  // "anything with a couple in it makes me want to throw my phone"
  'makes me want to throw',
  'makes me want to scream',
  'makes me want to puke',
  'makes me want to vomit',
  'makes me want to leave',
  'makes me want to die',
  'makes me cringe',
  'make me cringe',
  'makes me sick',
  'leave me cold',
  'leaves me cold',
  // Decision 0133: laughed at, in a request for something else ("ghosts/demons/possession just make
  // me laugh. real-world horror").
  'just make me laugh',
  'just makes me laugh',
  'only make me laugh',
].map((p) => p.split(' '));
/** A cue's first words that say its subject is plural: a list before it is all ruled out. */
const PLURAL_VERBS = new Set(['do', "don't", 'dont', "aren't", 'arent', 'are', 'bore', 'leave', 'make']);
const pluralCue = (toks: readonly Token[], i: number) =>
  PLURAL_VERBS.has(toks[i]!.w) || (/^(?:just|only)$/.test(toks[i]!.w) && toks[i + 1]?.w === 'make');

/**
 * The length of a cue at i that rules out the words before it (0: none), and whether its verb is
 * plural ("ghosts and demons do nothing": the list is its subject).
 */
function ruledOutCueAt(toks: readonly Token[], i: number): { len: number; plural: boolean } {
  const w = toks[i]!.w;
  const none = { len: 0, plural: false };
  if (UNWANTED.has(w)) return { len: 1, plural: false };
  if (NOT_WORDS.has(w) && NOT_WANTED.has(toks[i + 1]?.w ?? '')) return { len: 2, plural: false };
  if (w === 'no' && /^thanks?$/.test(toks[i + 1]?.w ?? '')) return { len: 2, plural: false };
  const cue = DISLIKED_AFTER.find((p) => p.every((x, k) => toks[i + k]?.w === x));
  return cue ? { len: cue.length, plural: pluralCue(toks, i) } : none;
}

/**
 * "jump scares not needed", "gore isn't necessary", "romance, no thanks": what is ruled out comes
 * before the cue, back to the clause's start (three words at most, a verb of being skipped).
 */
function ruledOutAfter(s: State): void {
  for (let i = 1; i < s.toks.length; i++) {
    const { len, plural } = ruledOutCueAt(s.toks, i);
    if (!len) continue;
    let j = i - 1;
    while (j >= 0 && (BEING_WORDS.has(s.toks[j]!.w) || PUNCTUATION.has(s.toks[j]!.w))) j--;
    // "anything with a couple in it makes me …": the thing is before "in it".
    if (s.toks[j]?.w === 'it' && s.toks[j - 1]?.w === 'in') j -= 2;
    for (let taken = 0; j >= 0 && taken < 3; j--) {
      const t = s.toks[j]!;
      // A plural verb's subject may be a list ("ghosts and demons do nothing for me").
      if (plural && taken > 0 && (t.w === 'and' || t.w === 'or' || t.w === '/') && j > 0) continue;
      if (t.used || PUNCTUATION.has(t.w) || SCOPE_END.has(t.w)) break;
      s.negated.add(j);
      taken++;
    }
    for (let k = i; k < i + len; k++) s.toks[k]!.used = true;
  }
}

// ——— Words: genres, moods, languages, themes, soft preferences ———

/** Applies a mood as named: its genres (one group), implied exclusions, keywords, runtime, leaning. */
function applyMood(q: Query, mood: (typeof MOODS)[number]) {
  add(q.moods, mood.mood);
  if (mood.genres) addGroup(q, mood.genres);
  // Decision 0110: a mood of several genres ranks by them rather than filters ("a proper 3 hour
  // epic" is also The Godfather: Part II, a crime drama); a mood of one genre ("scary") still filters.
  const group = mood.genres?.filter((x) => !q.genresOut.includes(x)) ?? [];
  if (group.length > 1) add((q.moodGroups ??= []), groupKey(group));
  for (const g of mood.exclude ?? []) add(q.impliedOut, g);
  for (const k of mood.keywords ?? []) add(q.moodKeywords, k);
  // A register's direction waits to know what it is said of (understand.ts registerOfAKind).
  if (mood.direction && !mood.register) leanTo(q, mood.direction);
  if (mood.runtimeMin && q.runtimeMin === undefined) {
    q.runtimeMin = mood.runtimeMin;
    q.runtimeImplied = true;
  }
  // A comparative sets the direction ("scary but lighter" is lighter, whatever "scary" leans), unless
  // it only limits one other mood: "less gory, more creepy atmosphere" limits violence and stays creepy.
  const limitsAnother = q.awayMoods?.length === 1 && q.awayMoods[0] !== mood.mood;
  if (mood.soft)
    addSoft(q, q.relative && q.soft.dark && !limitsAnother ? { ...mood.soft, dark: undefined } : mood.soft);
}

/** Directions that yield to any other (`MoodRule.yields`). */
const YIELDING = new Set(MOODS.filter((m) => m.yields).map((m) => m.direction));

/**
 * The mood's direction, unless another mood set one first; a yielding one ("easy to watch") gives
 * way to any other ("dumb and funny, i dont have to follow": dumber; "cosy and easy": cosy).
 */
export function leanTo(q: Query, direction: string | undefined): void {
  if (!direction) return;
  if (!q.moodDirection || (YIELDING.has(q.moodDirection) && !YIELDING.has(direction)))
    q.moodDirection = direction;
}

/** "darker", "less scary", "more light-hearted", "funnier": a direction, and the moods it leaves or joins. */
export function comparativeClause(s: State) {
  const q = s.q;
  for (const c of COMPARATIVES) {
    scan(s, c.phrases, (start, len) => {
      if (c.negatesAfter) negateAfter(s, start + len);
      addSoft(q, c.soft);
      q.relative = true;
      q.comparative = c.label;
      for (const m of c.away ?? []) {
        s.away.add(m);
        add((q.awayMoods ??= []), m);
      }
      for (const g of c.out ?? []) add(q.genresOut, g);
      for (const k of c.outKeywords ?? []) add(q.keywordsOut, k);
      if (c.instead) q.instead = c.instead;
      if (c.insteadKeywords) q.insteadKeywords = c.insteadKeywords;
      if (c.insteadLabel) for (const k of c.insteadKeywords ?? []) (q.outLabels ??= {})[k] = c.insteadLabel;
      if (c.genres) {
        addGroup(q, c.genres);
        for (const g of c.genres) s.named.add(g);
      }
      const toward = c.toward && MOODS.find((m) => m.mood === c.toward);
      if (toward) applyMood(q, toward);
    });
  }
}

/**
 * What a death read whole died of ("nobody dying of cancer", "from an illness"): ruled out too, up
 * to the clause's end (three words at most).
 */
function negateAfter(s: State, from: number) {
  if (!/^(?:of|from)$/.test(s.toks[from]?.w ?? '')) return;
  for (let j = from + 1, taken = 0; j < s.toks.length && taken < 3; j++) {
    const t = s.toks[j]!;
    if (t.used || PUNCTUATION.has(t.w) || SCOPE_END.has(t.w)) break;
    s.negated.add(j);
    taken++;
  }
}

/** "but not the super cheesy ones", "pas trop niais", "nada cursi": cheese ruled out. */
const NOT_CHEESY = new RegExp(
  String.raw`\b(?:not|no|nothing|never|without|hate|hates|cant stand|can't stand|cannot stand|pas|nada|nicht|niente|nem|sem)\b(?: \S+){0,3}? (?:${CHEESE_WORDS.join('|')})\b`,
);

/**
 * Decision 0126: a film that is not cheesy is the better-made kind of what is asked ("romcoms, but
 * not the super cheesy ones"): the list leans "less cheesy" (directions.ts), unless a direction was said.
 */
export function notCheesyClause(s: State) {
  scanRegex(s, NOT_CHEESY, () => {
    s.q.comparative ??= 'less cheesy';
  });
}

/** Whether one of the phrases is said, not ruled out, among the words no clause read yet. */
const askedAnywhere = (s: State, phrases: readonly string[]) =>
  s.toks.some((t, i) => !t.used && !s.negated.has(i) && phrases.some((p) => matchAt(s.toks, i, p) > 0));

/**
 * What upset the viewer, said after the aversion ("had nightmares after a dark fantasy film last
 * year"): story, neither asked for nor ruled out (to the clause's end, six words at most).
 */
function storyOfWhatUpset(s: State, from: number) {
  if (!/^(?:after|from|watching|because)$/.test(s.toks[from]?.w ?? '')) return;
  for (let j = from, taken = 0; j < s.toks.length && taken < 7; j++, taken++) {
    const t = s.toks[j]!;
    if (PUNCTUATION.has(t.w) || SCOPE_END.has(t.w)) break;
    t.used = true;
  }
}

/** Words of degree that may stand inside an aversion ("I scare too easily", "gets scared pretty easily"). */
const DEGREE_WORDS: ReadonlySet<string> = new Set(
  'too so very pretty really quite super way kinda rather fairly extremely a bit little kind of real'.split(
    ' ',
  ),
);

const moodNamed = (name: string) => MOODS.find((m) => m.mood === name)!;
const FUNNY = moodNamed('funny');
const FEEL_GOOD = moodNamed('feel-good');
const COSY = moodNamed('cosy');
const SILLY = moodNamed('silly');
const EASY_WATCHING = moodNamed('easy-watching');
/**
 * Idioms whose words ask for nothing, read before the themes: "a film that makes fun of Hollywood",
 * "we had fun watching Jaws" (no fun film); "everyone's seen those to death", "bored to death" (a
 * degree, no death in the story); "a movie thats straight fire" (praise, no fire in the story).
 */
const NO_REQUEST_IDIOMS = [
  /\b(?:(?:make|makes|making|made|poke|pokes|poking) fun of|(?:have|has|had|having) (?:so much |a lot of |great |good )?fun|just for fun|fun fact)\b/,
  /(?<=\b(?:seen|watched|rewatched|played|heard|done|loved|love|bored|scared|worried|beaten|milked|overdone|talked)(?: (?:it|them|those|these|that|this|all|him|her|me|us))? )to death\b/,
  /(?<=\b(?:straight|pure|absolute|absolutely|lowkey|highkey|kinda|so|is|was|are|were|thats|that's|be|been|s) )fire\b(?! (?:fighters?|fighting|station|department|brigade|truck|engine|alarm|and ice|walk with me)\b)/,
];
const MULTI_WORD_MOODS = new Map(MOODS.map((m) => [m, m.phrases.filter((p) => p.includes(' '))]));

/**
 * Moods by their words. `idiomsOnly`: only phrases of several words ("laugh till I cry", "scared out of
 * my mind"), read before themes so that their words ("crying") are not taken for a theme.
 */
export function moodClause(s: State, idiomsOnly = false) {
  const q = s.q;
  if (idiomsOnly) {
    scanRegex(s, LAUGH_TO_TEARS, (_m, start) => {
      if (!s.negated.has(start)) applyMood(q, FUNNY);
    });
    for (const idiom of NO_REQUEST_IDIOMS) scanRegex(s, idiom, () => undefined);
  }
  for (const mood of MOODS) {
    const ruleOut = () => {
      add((q.notMoods ??= []), mood.mood);
      // "scary but not gory": ruling out one kind of dark film does not undo the dark asked for
      // (the two cancelled out, and the later one won: horror musicals came first).
      const soft = mood.negated?.soft;
      if (soft) {
        const asked = q.soft.dark && soft.dark && Math.sign(q.soft.dark) !== Math.sign(soft.dark);
        addSoft(q, asked ? { ...soft, dark: undefined } : soft);
        if (!asked && (soft.dark ?? 0) < 0) s.limitLighter = true;
      }
      for (const k of mood.negated?.outKeywords ?? []) add(q.keywordsOut, k);
      // Decision 0119: a broad mood ruled out ("less confusing": mind-bending) leaves its genres in;
      // a mood of one genre ("not scary") rules its genre out.
      const own = mood.genres?.length === 1 ? mood.genres : [];
      for (const g of mood.negated?.exclude ?? (mood.negated?.soft || mood.negated?.outKeywords ? [] : own)) {
        add(q.genresOut, g);
        s.moodOut.add(g);
      }
    };
    // "my kids get frightened easily": the viewer is easily affected, so the mood is ruled out,
    // unless the message asks for it too ("too heavy. sad but hopeful?": sad is asked).
    let averse = false;
    // (A one-word one waits for the themes: "heavy metal" is music.)
    const averseNow = idiomsOnly ? mood.averse?.filter((p) => p.includes(' ')) : mood.averse;
    if (averseNow)
      scan(
        s,
        averseNow,
        (start, len) => {
          averse = true;
          storyOfWhatUpset(s, start + len);
        },
        DEGREE_WORDS,
      );
    if (averse && !askedAnywhere(s, mood.phrases)) ruleOut();
    scan(s, idiomsOnly ? MULTI_WORD_MOODS.get(mood)! : mood.phrases, (start, _len, phrase) => {
      // "less scary, I get nightmares": the comparative says which way; the mood word is no request.
      if (s.away.has(mood.mood)) return;
      if (s.negated.has(start)) return ruleOut();
      // "Seen all the classics. Anything from the last 20 years?": a mood said as seen is no request.
      if (saidAsSeen(s, start)) return;
      applyMood(q, mood);
      // "a dumb comedy", "stupid comedies": the mood's phrase names its genre, as the genre's word would.
      for (const g of mood.genres ?? [])
        if (phrase.split(' ').some((w) => GENRE_WORD_OF.get(w) === g)) s.named.add(g);
    });
  }
}

/** Words that may stand between two genres said as alternatives ("animated or a family adventure"). */
const OR_WORDS = new Set(['or', 'o', 'ou', 'oder']);
const BETWEEN_ALTERNATIVES = new Set([
  ...OR_WORDS,
  'a',
  'an',
  'some',
  'maybe',
  'perhaps',
  'even',
  'either',
  ',',
  'un',
  'une',
  'una',
  'ein',
  'eine',
  'um',
  'uma',
]);

/**
 * Two genres asked for as one ("horror comedy", "romcom", "fun-scary"): read before the moods, whose
 * words they hold ("scary but also fun" is no request for plain horror; decision 0121). A pair ruled
 * out is left to `genreClause`, after the moods ("something funny, but no romantic comedy").
 */
export function genrePairClause(s: State) {
  pairs(s, true);
}

function pairs(s: State, askedOnly: boolean) {
  const q = s.q;
  for (const [genres, phrases] of GENRE_PAIRS) {
    scan(s, phrases, (start, len) => {
      if (askedOnly && s.negated.has(start)) {
        for (let k = start; k < start + len; k++) s.toks[k]!.used = false;
        return;
      }
      for (const g of genres) {
        // "something funny, but no romantic comedy": the pair is out, the genre asked for stays.
        if (s.negated.has(start)) {
          if (!q.genreGroups.some((grp) => grp.includes(g))) add(q.genresOut, g);
        } else {
          // "too scary for me… maybe a horror comedy": the pair named outright wins over a rule-out.
          q.genresOut = q.genresOut.filter((x) => x !== g);
          addGroup(q, [g]);
          s.named.add(g);
          // "no horror, but a horror comedy would work": the pair asks for it again.
          s.pairedWith.add(g);
        }
      }
      // Decision 0119: the pair's name as a catalog keyword ("romantic comedy") lifts the films that
      // carry it: a romcom first, not every comedy with a romance in it.
      if (!s.negated.has(start))
        for (const k of phrases) if (s.ctx.keywordVocabulary.has(k)) add(q.moodKeywords, k);
    });
  }
}

/**
 * Two kinds of film listed, the first as a plural noun ("a fan of westerns and war movies", "he
 * loves comedies and romances"): either will do. A film of both is said as one kind ("an action
 * comedy", "action and comedy", "a war western") and asks for both.
 */
function kindsListed(s: State, a: { end: number }, said: readonly Token[]): boolean {
  // "war movies and westerns": the first kind's own plural noun may stand before "and" (0143).
  const noun = said.length === 2 && /^(?:movies|films|flicks)$/.test(said[0]!.w);
  const between = noun ? said.slice(1) : said;
  const last = noun ? said[0]!.raw : (s.toks[a.end - 1]?.raw ?? '');
  return (
    between.length === 1 &&
    (between[0]!.w === 'and' || between[0]!.raw === '&') &&
    s.q.lang === 'en' &&
    /[^s]s$/.test(last) &&
    last.length > 4
  );
}

/**
 * "my family keeps asking me to explain it": the family in the story is no family film asked for;
 * "with my family", "for our family", "my family movie night" are.
 */
const FAMILY_IN_THE_STORY =
  /(?<!\b(?:with|for|whole|entire|me and|us and) )\b(?:my|our|his|her|their) family\b(?! (?:film|films|movie|movies|night|friendly|evening|time)\b)/;

const FAMILY_AS_SUBJECT =
  /\b(?:about|on|around|exploring) (?:a |the )?(?:famil(?:y|ies)(?: life| ties| drama| relationships)?)\b(?! (?:film|films|movie|movies|night|friendly|evening|time)\b)/;

/**
 * "I loved how it made me feel tiny, and the music": a film's music is its score, no musical asked
 * for ("musicals", "music films", "the music industry" are).
 */
const A_FILMS_MUSIC =
  /\b(?:the|its|their|his|her) (?:music|soundtrack|score)\b(?! (?:industry|business|scene|world|video|videos|film|films|movie|movies|documentary|documentaries)\b)/;

export function genreClause(s: State) {
  const q = s.q;
  scanRegex(s, FAMILY_IN_THE_STORY, () => undefined);
  scanRegex(s, A_FILMS_MUSIC, () => undefined);
  // "dramas and stuff about family": family as what a film is about is a theme; the Family genre
  // is an audience (films for children and parents).
  scanRegex(s, FAMILY_AS_SUBJECT, () => add(q.themeWords, 'family'));
  const said: { start: number; end: number; g: number }[] = [];
  let kidsOut = false;
  pairs(s, false);
  for (const [g, phrases] of GENRE_PHRASES) {
    scan(s, phrases, (start, len, phrase) => {
      // "they've seen basically every animated film ever made. live action only": the kind seen
      // is no request (decision 0126); what else the message says decides.
      if (!s.negated.has(start) && !STUDIOS[s.toks[start]!.w] && saidAsSeen(s, start)) {
        add((s.seenGenres ??= []), g);
        return;
      }
      if (s.negated.has(start)) {
        add(q.genresOut, g);
        if (g === GENRE.music) add(q.keywordsOut, 'musical');
        // "more adult ones, not kids stuff": children's films are their cartoons too (an animated
        // film asked for stays, below).
        if (g === GENRE.family && !/^(?:family|whole family|familia|famille|familie|famiglia)$/.test(phrase))
          kidsOut = true;
        // "fantasy with no dragons": a genre's synonym ruled out is a theme ruled out too.
        const theme = phrase.replace(/s$/, '');
        if (phrase !== phrases[0] && s.ctx.keywordVocabulary.has(theme)) add(q.keywordsOut, theme);
        // The genre's own word ("no animation", "no cartoons"), not a theme of it (State.ruledOut).
        else firstAt(s.ruledOut, g, start);
        // A mood's wider group loses the genre; a genre named outright stays (see understand()).
        q.genreGroups = q.genreGroups
          .map((grp) => (grp.length > 1 ? grp.filter((x) => x !== g) : grp))
          .filter((grp) => grp.length);
      } else if (!q.genreGroups.some((grp) => grp.length === 1 && grp[0] === g)) {
        // "a horror film with no jump scares", "comedy but not a romantic comedy": the genre named
        // outright wins over a negated mood or pair.
        q.genresOut = q.genresOut.filter((x) => x !== g);
        // A genre word narrows a mood's wider group ("funny" + "comedy" is one group); a child's
        // (family, animation or adventure) stays ("my son is 8, a fun adventure film").
        const i = q.genreGroups.findIndex(
          (grp) => grp.length > 1 && grp.includes(g) && !!q.moodGroups?.includes(groupKey(grp)),
        );
        if (i >= 0) q.genreGroups.splice(i, 1);
        addGroup(q, [g]);
      }
      if (!s.negated.has(start)) {
        s.named.add(g);
        said.push({ start, end: start + len, g });
        firstAt(s.askedAt, g, start);
        // "no horror, but a horror comedy would work": said with another genre, it is asked for again
        // (a bare mention, "cartoons are for babies", is not).
        const beside = [s.toks[start - 1]?.raw, s.toks[start + len]?.raw];
        if (beside.some((w) => w !== undefined && GENRE_WORDS.has(w))) s.pairedWith.add(g);
      }
      if (g === GENRE.tv && !s.negated.has(start)) q.allowTv = true;
    });
  }
  // Genres joined by "or" are one group: any of them will do.
  said.sort((a, b) => a.start - b.start);
  const merged: number[][] = [];
  for (let k = 1; k < said.length; k++) {
    const a = said[k - 1]!;
    const b = said[k]!;
    const between = s.toks.slice(a.end, b.start);
    // "animated or a family adventure": a genre right after one of the alternatives is part of it.
    const joined = merged.find((grp) => grp.includes(a.g));
    if (between.length === 0 && joined) {
      joined.push(b.g);
      continue;
    }
    if (
      !kindsListed(s, a, between) &&
      (between.length === 0 ||
        between.length > 3 ||
        !between.some((t) => OR_WORDS.has(t.w)) ||
        !between.every((t) => BETWEEN_ALTERNATIVES.has(t.w)))
    )
      continue;
    const group = merged.find((grp) => grp.includes(a.g));
    if (group) group.push(b.g);
    else merged.push([a.g, b.g]);
  }
  for (const group of merged) {
    const genres = [...new Set(group)];
    q.genreGroups = q.genreGroups.filter((grp) => !(grp.length === 1 && genres.includes(grp[0]!)));
    addGroup(q, genres);
    (q.saidEither ??= []).push(genres);
  }
  // (Implied, as a mood's rule-outs are: the reply says "none of them family films" once.)
  if (kidsOut && !s.named.has(GENRE.animation)) add(q.impliedOut, GENRE.animation);
}

/** Words for subtitles, in the languages read (folded). */
const SUBTITLES = String.raw`(?:subtitles|subtitled|subs|subtitulos|subtitulada|subtituladas|sous titres|sous titre|untertitel|untertiteln|legendas|legendado|sottotitoli)`;
/** "subtitles are fine", "I don't mind subtitles": subtitles welcome, films not in English. */
const SUBTITLES_WELCOME = new RegExp(
  String.raw`\b(?:(?:don't|dont|do not|doesn't|wouldn't) mind|fine with|ok with|okay with|happy with|no problem with|not bothered by) (?:\w+ ){0,2}${SUBTITLES}\b|\b${SUBTITLES} (?:are |is |r )?(?:fine|ok|okay|no problem|not a problem|welcome|good|no issue)\b`,
);
/**
 * Decision 0105: what is said of subtitles decides the language ("too tired for subtitles", "can't
 * be bothered with subs", "nada de subtítulos", "ohne Untertitel", "falls asleep the second
 * subtitles appear", "can't follow anything complicated or subtitled": English-language films).
 */
const SUBTITLES_AVERSE = new RegExp(
  String.raw`\b(?:no|without|not|hates?|hated|hating|can't|cant|cannot|won't|wont|don't want|dont want|tired for|tired of|sick of|bothered with|bother with|refuses?|refused|refusing|avoids?|dislikes?|detests?|can't stand|cant stand|doesn't like|doesnt like|don't like|dont like|doesn't do|doesnt do|don't do|dont do|won't do|not into|nada de|sin|sans|pas de|ohne|keine|sem|senza|niente) (?:\w+ ){0,2}${SUBTITLES}\b|\b(?:can't|cant|cannot|can not|couldn't|couldnt|won't|wont) (?:follow|handle|do|read|manage|keep up with|deal with|cope with|focus on|concentrate on) (?:\w+ ){0,4}${SUBTITLES}\b|\b(?:falls? asleep|fell asleep|nods? off|zones? out|switch(?:es)? off|tunes? out|checks? out|gives? up|loses? (?:it|interest)|walks? out) (?:\w+ ){0,4}${SUBTITLES}\b`,
);

/**
 * Decision 0114: "something live-action", "not animated": Animation is ruled out (its "action" is no
 * genre). Said anywhere, it is ruled out before every mention (State.ruledOut): "the older one
 * decided everything animated is 'for babies'… anything live-action?" asks for no cartoon, and
 * "binged a ton of anime… now live-action Japanese films" for no anime. "Animated or live action"
 * says either will do: both words are read, and nothing asked.
 */
export function liveActionClause(s: State) {
  scan(s, EITHER_KIND_PHRASES, () => undefined);
  scan(s, LIVE_ACTION_PHRASES, () => {
    add(s.q.genresOut, GENRE.animation);
    firstAt(s.ruledOut, GENRE.animation, RULED_OUT_EVERYWHERE);
  });
}

/**
 * "something fictional instead, but still about cooking", "a fictional film about boxing": a story
 * made up, so no documentary (science fiction, pulp fiction and non-fiction are other things).
 */
const FICTION = /(?<!\b(?:science|sci|non|pulp|fan|speculative) )\b(?:fictional|fiction|scripted)\b/;

export function fictionClause(s: State) {
  scanRegex(s, FICTION, (_, start) => {
    if (!s.negated.has(start)) add(s.q.genresOut, GENRE.documentary);
  });
}

/** Before negations take their words ("don't mind subtitles" is no "don't … subtitles"). */
export function subtitlesClause(s: State) {
  scanRegex(s, SUBTITLES_WELCOME, () => add(s.q.languages, '!en'));
  scanRegex(s, SUBTITLES_AVERSE, () => add(s.q.languages, 'en'));
}

/**
 * Nouns a nationality word may qualify that are no film (decision 0127): "ordered thai food", "my
 * french girlfriend", "our italian teacher" say nothing of the films' language.
 */
const NOT_FILM_NOUNS = new Set(
  (
    'food takeaway takeout restaurant cuisine dinner lunch breakfast meal curry wine beer cheese ' +
    'friend friends girlfriend boyfriend wife husband partner mum mom dad parents grandma grandpa ' +
    'neighbour neighbor neighbours neighbors colleague colleagues teacher class lessons lesson ' +
    'exchange student students holiday vacation trip guests essay homework exam exams course accent'
  ).split(' '),
);

/**
 * A nationality word before a name ("the French Revolution", "a German Shepherd"): inside a
 * sentence, a capitalised word no reader knows (no genre, no film word) makes the two one name.
 */
const beforeAName = (s: State, i: number, lexiconWords: ReadonlySet<string>) => {
  const next = s.toks[i + 1];
  return !!next?.cap && !lexiconWords.has(next.w) && !FILLER.has(next.raw);
};

export function languageClause(s: State, lexiconWords: ReadonlySet<string>) {
  s.toks.forEach((t, i) => {
    if (t.used || !(NOT_FILM_NOUNS.has(s.toks[i + 1]?.raw ?? '') || beforeAName(s, i, lexiconWords))) return;
    if (LANGUAGE_PHRASES.some(([, phrases]) => phrases.includes(t.raw))) t.used = true;
  });
  // "not in English", "isn't in English": the negation of English is a request for other languages.
  scan(s, ENGLISH_PHRASES, (start) => add(s.q.languages, s.negated.has(start) ? '!en' : 'en'));
  scan(s, ADULT_PHRASES, () => add(s.q.genresOut, GENRE.family));
  for (const [code, phrases] of LANGUAGE_PHRASES) {
    // "any that aren't japanese": that language ruled out (decision 0120).
    scan(s, phrases, (start) => add(s.q.languages, s.negated.has(start) ? `!${code}` : code));
  }
  scanRegex(s, /\b(foreign|non english|world cinema|international|subtitled|subtitles)\b/, (_, start) =>
    add(s.q.languages, s.negated.has(start) ? 'en' : '!en'),
  );
}

/** "anime", "j-horror", "giallo", "nordic noir": a film tradition is a language and a genre group. */
/**
 * "animated films but not disney and not pixar": a studio ruled out by its name (decision 0120).
 * Said as what is wanted ("pixar movies!", "anything from a24"), the films are that studio's
 * (decision 0123); a streaming service is where to watch, not who made it.
 */
export function studioOutClause(s: State) {
  s.toks.forEach((t, i) => {
    // "and british", "filmes brasileiros": made there.
    const nation = NATIONALITY_WORDS[t.raw];
    if (!t.used && !s.negated.has(i) && nation) {
      add((s.q.countriesIn ??= []), nation);
      // "brasileiros", "mexicanas" also say the language, read on.
      if (!LANGUAGE_NATIONS.has(nation)) t.used = true;
      return;
    }
    if (!t.used && !s.negated.has(i) && STUDIOS[t.w] && !STREAMERS.has(t.w) && studioAsked(s, i)) {
      // The word is read on as well: "pixar" is also animation, "ghibli" Japanese animation.
      add((s.q.studiosIn ??= []), t.w);
      return;
    }
    const seen = !!STUDIOS[t.w] && !s.negated.has(i) && studioSeen(s, i);
    if (t.used || !(s.negated.has(i) || seen)) return;
    if (STUDIOS[t.w]) {
      add((s.q.studiosOut ??= []), t.w);
      if (seen && seenStudioReadOn(s, t.w)) return;
      // "seen all the marvel ones": ruled out as "not marvel" is, its comics' keyword too.
      if (seen) s.negated.add(i);
      // "not marvel": also its comics' keyword, ruled out and said by name as before (0120).
      if (COMICS_HOUSES.has(t.w)) return;
    }
    // "not american this time": films made there are left out (a country, not a keyword).
    else if (COUNTRY_WORDS[t.w]) add((s.q.countriesOut ??= []), COUNTRY_WORDS[t.w]!);
    else return;
    t.used = true;
  });
  // "from other countries", "non-american", "outside the us": after American films, none of them.
  scanRegex(
    s,
    /\b(?:from |in )?other countries\b|\bnon american\b|\boutside (?:the )?(?:us|usa|states|hollywood)\b/,
    () => add((s.q.countriesOut ??= []), 'US'),
  );
}

/**
 * A studio said as what is wanted: "pixar movies!", "a24 films for tonight", "anything from a24",
 * "something by pixar". Not a studio said of films seen ("she's seen all the pixar ones", "every
 * pixar and disney thing") nor of one film ("the pixar movie coco").
 */
function studioAsked(s: State, i: number): boolean {
  const before = s.toks.slice(Math.max(0, i - 4), i).map((t) => t.raw);
  if (before.some((w) => STUDIO_SEEN.test(w))) return false;
  // "by pixar", "de pixar", "della pixar", "von pixar", "da pixar": made by it.
  if (/^(?:from|by|de|del|della|di|da|do|dos|von|vom|du|des|par)$/.test(before.at(-1) ?? '')) return true;
  const noun = s.toks[i + 1]?.raw ?? '';
  const next = s.toks[i + 2];
  return STUDIO_NOUNS.test(noun) && (!next || PUNCTUATION.has(next.w) || STUDIO_AFTER.test(next.raw));
}
const STUDIO_SEEN = /^(?:seen|watched|saw|every|everything|all|done|finished|except|besides|apart)$/;

/**
 * "they've seen every pixar and disney film", "she's watched all the pixar ones": a studio whose
 * films were all seen is one to leave out (a genre said so is not: "seen all the classic horror"
 * still asks for horror).
 */
function studioSeen(s: State, i: number): boolean {
  const before = s.toks
    .slice(Math.max(0, i - 5), i)
    .map((t) => t.raw)
    .join(' ');
  return /\b(?:seen|watched|saw|done|finished)(?: (?:literally|basically|pretty much|just about|already))? (?:every(?:thing)?|all)\b|\b(?:binged|seen|watched) (?:a ton of|tons of|a lot of|lots of|loads of|plenty of|so much)$/.test(
    before,
  );
}
const STUDIO_NOUNS = /^(?:movies?|films?|flicks?|ones|stuff|classics?|cartoons?|animations?|animated)$/;
const STUDIO_AFTER =
  /^(?:for|that|which|with|from|to|please|pls|plz|about|like|i|we|my|our|tonight|only|but|and|or|movies?|films?)$/;

/**
 * "seen every pixar film": other animation then (the word is read on as its genre), unless
 * animation is ruled out ("we've watched every Pixar movie… I want a LIVE ACTION adventure").
 */
const seenStudioReadOn = (s: State, w: string) =>
  GENRE_WORDS.has(w) && !s.q.genresOut.includes(GENRE.animation);

/** Studios that are comics houses, read also by their adaptations' keyword (`STUDIOS` keys). */
const COMICS_HOUSES = new Set(['marvel', 'dc']);

/** Countries whose nationality words are also read as their language (Portuguese, Spanish). */
const LANGUAGE_NATIONS = new Set(['BR', 'MX', 'AR']);

/** Services a film is watched on, not made by (STUDIOS keys). */
const STREAMERS = new Set(['netflix']);

export function industryClause(s: State) {
  for (const ind of INDUSTRY_PHRASES) {
    if (ind.messageLangs && !ind.messageLangs.includes(s.q.lang)) continue;
    scan(s, ind.phrases, (start) => {
      // "I've already binged a ton of anime… now live-action Japanese films": seen, and its genre
      // ruled out, it is no request (its language may still be said on its own).
      if (studioSeen(s, start) && ind.genres?.some((g) => s.q.genresOut.includes(g))) return;
      if (s.negated.has(start)) {
        for (const g of ind.genres?.length === 1 ? ind.genres : []) {
          add(s.q.genresOut, g);
          firstAt(s.ruledOut, g, start);
        }
        return;
      }
      for (const l of languagesOfTradition(s, ind.languages)) add(s.q.languages, l);
      add((s.q.traditions ??= []), ind.label);
      if (ind.years && s.q.yearFrom === undefined && s.q.yearTo === undefined)
        [s.q.yearFrom, s.q.yearTo] = ind.years;
      if (ind.genres) {
        addGroup(s.q, ind.genres);
        if (ind.genres.length === 1) {
          s.named.add(ind.genres[0]!);
          firstAt(s.askedAt, ind.genres[0]!, start);
        }
      }
    });
  }
}

/**
 * A tradition's languages, or the ones of them the message names itself ("danish crime movies,
 * that bleak nordic noir feeling": Danish, not every Nordic language).
 */
function languagesOfTradition(s: State, languages: readonly string[]): readonly string[] {
  const named = LANGUAGE_PHRASES.filter(
    ([code, phrases]) =>
      languages.includes(code) &&
      phrases.some((p) => s.toks.some((_, i) => matchAt(s.toks, i, p, 'raw') > 0)),
  ).map(([code]) => code);
  return named.length ? named : languages;
}

const firstWordIndex = new WeakMap<ReadonlySet<string>, Map<string, string[]>>();
function keywordsByFirstWord(vocabulary: ReadonlySet<string>): Map<string, string[]> {
  let byFirst = firstWordIndex.get(vocabulary);
  if (byFirst) return byFirst;
  byFirst = new Map();
  for (const k of vocabulary) {
    if (k.length < 4) continue;
    const first = k.split(' ')[0]!;
    let list = byFirst.get(first);
    if (!list) byFirst.set(first, (list = []));
    list.push(k);
  }
  firstWordIndex.set(vocabulary, byFirst);
  return byFirst;
}

/** Themes: multilingual aliases, then (English messages only) the catalog's own keywords. */
const FILM_NOUN = /^(?:movies?|films?|flicks?)$/;

/**
 * Decision 0116: an occasion ("hosting a halloween party", "for her sleepover") is no theme the
 * films must carry: the occasion's noun asks for nothing, and a catalog keyword naming it
 * ("halloween") lifts the films that have it without leaving out those that do not (Shaun of the
 * Dead has no "halloween" keyword). Before a film noun it is a topic ("a party movie").
 */
export function occasionClause(s: State) {
  s.toks.forEach((t, i) => {
    if (t.used || !OCCASION_NOUNS.has(t.raw) || s.negated.has(i) || FILM_NOUN.test(s.toks[i + 1]?.raw ?? ''))
      return;
    t.used = true;
    occasionVerb(s, i);
    const prev = s.toks[i - 1];
    if (!prev || prev.used || !s.ctx.keywordVocabulary.has(prev.w)) return;
    prev.used = true;
    add(s.q.moodKeywords, prev.w);
    const lift = OCCASION_LIFTS[prev.w];
    if (!lift) return;
    for (const k of lift.keywords) add(s.q.moodKeywords, k);
    s.q.occasion = lift.label;
    if (lift.funny) s.q.soft.funny ??= 1;
  });
}

/** Who holds the evening ("hosting a halloween party", "throwing her a sleepover"): no theme either. */
const OCCASION_VERBS =
  /^(?:host|hosting|hosts|throw|throwing|throws|have|having|plan|planning|organi[sz]ing|holding)$/;

/** Decision 0160: the verb that holds the occasion, at most three words before its noun, is used. */
function occasionVerb(s: State, noun: number) {
  for (let j = noun - 1; j >= Math.max(0, noun - 4); j--) {
    const t = s.toks[j]!;
    if (PUNCTUATION.has(t.w)) return;
    if (OCCASION_VERBS.test(t.w)) {
      t.used = true;
      return;
    }
  }
}

/**
 * Decision 0121: what an occasion's word lifts beyond its own keyword. A halloween party is the
 * season's creatures for fun (Shaun of the Dead, Beetlejuice, Hocus Pocus): they lift, a comedy leans
 * in; nothing is required.
 */
const OCCASION_LIFTS: Record<string, { keywords: string[]; funny?: boolean; label: string }> = {
  halloween: {
    keywords: [...SPOOKY_KEYWORDS, 'witch', 'zombie', 'vampire', 'monster'],
    funny: true,
    label: 'spooky',
  },
};

/** "teen" said of a kind of film (decision 0151): the word alone, the kind left to be read. */
const TEEN_KIND =
  /\bteen(?= (?:comed(?:y|ies)|dramas?|romances?|romcoms?|horror|slashers?|movies?|films?|flicks?|ones|stuff|pics?)\b)/;

export function themeClause(s: State, vocabulary: boolean) {
  const q = s.q;
  // "my sister keeps telling me…", "my friend said…", "a night with friends": the people in a story
  // or in the room are no theme.
  if (!vocabulary)
    scanRegex(
      s,
      // (A child is left to the clauses that read "for my kids" as a request for family films.)
      /\b(?:my|our|her|his) (?:best |older |younger |little |big )?(?:friends?|sisters?|brothers?|sis|bro|buddy|mates?|roommates?|flatmates?|housemates?|cousins?|boss|coworkers?|colleagues?|neighbou?rs?|wife|husband|partner|gf|bf|girlfriend|boyfriend|fiancee?|mum|mom|dad|mother|father|parents|grandma|grandpa|grandmother|grandfather|gran|nan|aunt|uncle|teacher|in laws)\b|\bwith (?:some |a few |a bunch of |my |our |the )?(?:friends|mates|buddies|pals|coworkers|colleagues|roommates|flatmates|housemates)\b/,
      () => {},
    );
  // A theme asked for first stands when ruled out after ("musicals for someone who hates musicals");
  // one ruled out first stays out when mentioned again ("a thriller that isn't about a serial killer.
  // feels like every thriller is a serial killer now"), as a genre does (State.ruledOut).
  const put = (keywords: string[], start: number) => {
    // "he's seen every world war 2 movie… anything that ISN'T ww2": a theme said only as seen
    // gives way to the same theme ruled out (seen with nothing ruled out, more of it is wanted).
    const seen = !s.negated.has(start) && studioSeen(s, start);
    for (const k of keywords) {
      const at = s.negated.has(start) ? s.themeOutAt : s.themeAskedAt;
      if (!seen && (!at.has(k) || at.get(k)! > start)) at.set(k, start);
      if (!s.negated.has(start)) add(q.keywordsIn, k);
      else if (!q.keywordsIn.includes(k)) add(q.keywordsOut, k);
    }
  };
  if (!vocabulary) {
    scanRegex(s, TEEN_KIND, (_, start) => {
      put(TEEN_KEYWORDS, start);
      for (const k of TEEN_KEYWORDS) (q.outLabels ??= {})[k] = 'teen';
    });
    for (const [keywords, phrases, label, genre] of THEME_PHRASES)
      scan(s, phrases, (start, _len, phrase) => {
        if (!s.negated.has(start) && inStorySentence(s, start)) return;
        put(keywords, start);
        if (genre !== undefined && !s.negated.has(start)) addGroup(q, [genre]);
        // A kind of a genre ruled out is that kind only ("nothing crude" leaves comedies in), unless
        // its word is the genre's own ("not a single musical").
        else if (
          genre !== undefined &&
          saysGenre(genre, phrase) &&
          !q.genreGroups.some((g) => g.includes(genre))
        )
          add(q.genresOut, genre);
        // The reply restates the word said ("without the supernatural", "east germany films"), not
        // all it stands for.
        if (label) for (const k of keywords) (q.outLabels ??= {})[k] = label;
        else if (keywords.length > 1)
          for (const k of keywords.slice(1)) (q.outLabels ??= {})[k] = keywords[0]!;
      });
    return;
  }
  if (q.lang !== 'en') return;
  const byFirst = keywordsByFirstWord(s.ctx.keywordVocabulary);
  // The last token of the keyword taken last: "about chefs, cooking or restaurants" is one list.
  let lastTaken = -9;
  for (let i = 0; i < s.toks.length; i++) {
    const t = s.toks[i]!;
    if (t.used) continue;
    const options = [...new Set(singulars(t.w))].flatMap((x) => byFirst.get(x) ?? []);
    let best = 0;
    let phrase = '';
    for (const k of options) {
      const n = matchAt(s.toks, i, k);
      if (n > best) {
        best = n;
        phrase = k;
      }
    }
    const listed = i - lastTaken === 2 && LIST_JOINS.has(s.toks[i - 1]!.w);
    if (!best || !(listed || confirmedKeyword(s, i, best, phrase))) continue;
    for (let k = i; k < i + best; k++) s.toks[k]!.used = true;
    if (!s.negated.has(i) && inStorySentence(s, i)) continue;
    put([phrase], i);
    i += best - 1;
    lastTaken = i;
  }
}

/** Words that join a list of themes. */
const LIST_JOINS = new Set([',', 'or', 'and', '/', '&']);

/** Words right before a theme that say it is what the films are about ("films about hell"). */
const THEME_CUES_BEFORE = new Set([
  'about',
  // "über die DDR", "sobre la guerra", "sur la mafia" (decision 0102).
  'uber',
  'sobre',
  'sur',
  'with',
  'involving',
  'featuring',
  'including',
  'regarding',
  'concerning',
  'around',
  'starring',
]);
/** Words right after a theme that make it the films' subject ("survival stories", "a heist movie"). */
const THEME_CUES_AFTER = new Set([
  'film',
  'films',
  'movie',
  'movies',
  'flick',
  'flicks',
  'story',
  'stories',
  'tale',
  'tales',
  'themed',
  'theme',
  'documentary',
  'documentaries',
  'doc',
  'docs',
  'pic',
  'pics',
  'one',
  'ones',
]);
/** A keyword with this many films is a topic people ask for by its one word ("zombie", "heist"). */
export const COMMON_KEYWORD_FILMS = 35;
/** A message with more words than this tells a story: a lone word in it is a topic only with a cue. */
export const LONG_MESSAGE_WORDS = 12;

const POSSESSIVES = new Set(['my', 'our', 'her', 'his', 'their', 'your']);
/** A possessive a few words before token `i`, in the same part of the sentence. */
function ownedBy(s: State, i: number): boolean {
  for (let k = i - 1; k >= 0 && k >= i - 4; k--) {
    const w = s.toks[k]!.w;
    if (PUNCTUATION.has(w)) return false;
    if (POSSESSIVES.has(w)) return true;
  }
  return false;
}

const contentWords = (s: State) =>
  s.toks.filter((t) => !PUNCTUATION.has(t.w) && !FILLER.has(t.raw) && t.w.length >= 3).length;

/**
 * Decision 0098: a catalog keyword read from one ordinary word becomes a filter only when the
 * catalog and the message confirm it is the request's topic: a phrase of several words ("time
 * loop"), a cue around it ("films about hell", "survival stories", "a zombie comedy"), or a keyword
 * many films carry in a message that is not a long story ("a week from hell", "the heat in our flat"
 * stay words: near-themes at most).
 */
function confirmedKeyword(s: State, i: number, len: number, phrase: string): boolean {
  if (len > 1 || phrase.includes(' ')) return true;
  // "about a chef": an article between the cue and the word.
  const article = /^(a|an|the|some|die|der|den|dem|das|le|la|les|el|los|las|il|lo|gli)$/.test(
    s.toks[i - 1]?.w ?? '',
  )
    ? 1
    : 0;
  const before = s.toks[i - 1 - article]?.w ?? '';
  const after = s.toks[i + 1]?.w ?? '';
  if (THEME_CUES_BEFORE.has(before) || THEME_CUES_AFTER.has(after) || GENRE_WORDS.has(after)) return true;
  // "my 5 year old daughter", "the heat in our flat": something of the user's own life.
  if (ownedBy(s, i)) return false;
  const words = contentWords(s);
  if (words <= 2) return true;
  const films = s.ctx.keywordFilms?.(phrase) ?? Infinity;
  return films >= COMMON_KEYWORD_FILMS && words <= LONG_MESSAGE_WORDS;
}

/** Words that make a sentence part of the request (decision 0134): a film noun, a genre, `ASKING_WORDS`. */
const ASKING: ReadonlySet<string> = new Set([...LONG_NOUNS, ...GENRE_WORDS, ...ASKING_WORDS]);
const SENTENCE_ENDS: ReadonlySet<string> = new Set(['.', '!', '?', ';']);
const TELLERS: ReadonlySet<string> = new Set(STORY_TELLERS);
const OCCASION = new RegExp(`^(?:${OCCASION_WORDS.join('|')})`);

/**
 * Decision 0134: in a message of several sentences, a theme read in one that tells of someone (I,
 * we, my…) and asks nothing (no film noun, genre, asking word or taste) while another does ask is
 * the story around the request: "we're doing wine + face masks at mine tonight. need a movie that'll
 * make her laugh". An occasion counts wherever it is told. English only (the words above).
 */
function inStorySentence(s: State, i: number): boolean {
  if (s.q.lang !== 'en') return false;
  let from = i;
  while (from > 0 && !SENTENCE_ENDS.has(s.toks[from - 1]!.w)) from--;
  let to = i;
  while (to < s.toks.length && !SENTENCE_ENDS.has(s.toks[to]!.w)) to++;
  const told = s.toks.slice(from, to);
  const theme = s.toks
    .slice(i, i + 2)
    .map((t) => t.w)
    .join(' ');
  if (!told.some((t) => TELLERS.has(t.raw)) || OCCASION.test(theme)) return false;
  const asks = (a: number, b: number) => s.toks.slice(a, b).some((t) => ASKING.has(t.w));
  // A fragment of a few words names the request's topic ("Looking for a film. Zombies, lots of zombies.").
  const words = told.filter((t) => !PUNCTUATION.has(t.w) && !FILLER.has(t.raw)).length;
  return words > TOPIC_FRAGMENT_WORDS && !asks(from, to) && (asks(0, from) || asks(to, s.toks.length));
}
/** The most words a sentence that only names a topic has. */
const TOPIC_FRAGMENT_WORDS = 4;

const MARKERS_ALWAYS: ReadonlySet<string> = new Set(DISCOURSE_MARKERS.always);
const MARKERS_BEFORE_PAUSE: ReadonlySet<string> = new Set(DISCOURSE_MARKERS.beforePause);
const MARKER_JOINTS: ReadonlySet<string> = new Set(DISCOURSE_MARKERS.joints);

/** Whether token i, at the start of the message, is a discourse marker (see DISCOURSE_MARKERS). */
function isMarker(toks: readonly Token[], i: number): boolean {
  const w = toks[i]!.raw;
  if (MARKERS_ALWAYS.has(w)) return true;
  if (!MARKERS_BEFORE_PAUSE.has(w)) return false;
  const next = toks[i + 1];
  return !next || PUNCTUATION.has(next.w) || MARKER_JOINTS.has(next.raw) || MARKERS_ALWAYS.has(next.raw);
}

/**
 * "ok but no wes anderson", "alright but no tarantino", "hmm, darker": the words a turn opens with
 * ask for nothing; they are used, so no later clause reads them as a theme or as not understood.
 * (The social flags, read first, still see them: "ok" alone is small talk.)
 */
export function discourseClause(s: State) {
  for (let i = 0; i < s.toks.length; i++) {
    const t = s.toks[i]!;
    if (PUNCTUATION.has(t.w)) continue;
    if (!isMarker(s.toks, i)) return;
    t.used = true;
  }
}

/** Figures of speech ask for nothing: their words are used ("a nightmare to agree on anything"). */
export function figureOfSpeechClause(s: State) {
  scan(s, FIGURES_OF_SPEECH, () => undefined);
  // Decision 0131: the story around a request, read as nothing (`STORY`).
  for (const re of STORY) scanRegex(s, re, () => undefined);
  // Children said to be elsewhere are no audience: every mention of them is story.
  if (CHILDREN_AWAY.test(s.toks.map((t) => t.w).join(' ')))
    for (const t of s.toks) if (CHILD_WORD.test(t.w)) t.used = true;
}

/** The sides of an alternative left open: eras, lengths, formats ("old school or new, doesn't matter"). */
const OPEN_SIDES =
  'old|older|old school|old-school|classic|classics|new|newer|modern|recent|black and white|colou?r|long|longer|short|shorter|subtitled|subtitles|dubbed|animated|live action';

/** Decision 0131: the story around a request, which asks for nothing: one pattern per kind of telling. */
const STORY: readonly RegExp[] = [
  // Decision 0160: what frightens the speaker said of the situation ("it can't be in English, which
  // honestly scares me a little"): no scary film asked ("something that scares me" still asks).
  /(?:^|[,.;!?] (?:and )?)(?:which|it|this|that|the idea|the thought)(?: (?:honestly|really|kinda|kind of|sort of|genuinely|actually|lowkey|already|still|just))* (?:scares|frightens|terrifies|freaks|spooks|stresses|worries) (?:me|us)(?: out)?(?: (?:a little|a bit|a lot|so much|to death|tbh|lol|haha))*/,
  // What everything on offer is like, to the clause's end ("everything on streaming is either 2.5
  // hours long or super intense"): a complaint.
  /\b(?:everything|all the (?:stuff|films|movies|shows)|all i (?:find|see|get)) (?:(?:on|out|i|these|they|on the|at) [a-z']+ ){0,2}(?:is|are|seems|feels|looks|gets) (?:either )?(?:(?! [,.;!?] ).)*/,
  // A first time in the story ("she's coming over, first time", "first time since my wedding");
  // films about one are a topic ("a movie about a first time").
  /(?<!\babout (?:a |the |my |her |his |their )?)\b(?:for )?(?:the |our |my |her |his |a )?first time(?: (?:since|after|in) (?:my|our|his|her|their|the|a) [a-z']+)?\b/,
  // A kind said to be allowed, not asked for ("foreign totally fine", "subtitles are ok").
  /\b(?:foreign|subtitles?|subtitled|old|older|black and white|animated|animation)(?: (?:films?|movies?|ones?|stuff))? (?:(?:is|are|would be|totally|also|too|all|perfectly) )*(?:fine|ok|okay|welcome|allowed|cool|no problem)\b/,
  // Pleasing someone, no feel-good film ("what would make him happy?").
  /\b(?:make|makes|keep|keeps) (?:him|her|them|us|everyone|everybody|my [a-z]+) happy\b/,
  // Grown children spoken to, no audience ("he just says 'whatever you kids want'").
  /\byou kids\b/,
  // An era, a length or a format left open ("old school or new, doesn't matter", "subtitled or not,
  // I don't mind"): neither side asked for.
  new RegExp(
    String.raw`\b(?:${OPEN_SIDES}) (?:(?:ones?|films?|movies?|stuff) )?or (?:${OPEN_SIDES}|not)(?: (?:ones?|films?|movies?|stuff))? (?:[,.;!-] )?(?:(?:it |that )?(?:doesn't|doesnt|does not|don't|dont|do not) (?:really )?matter|i (?:don't|dont|do not) (?:really )?mind|either (?:way|is fine|works)|whichever|whatever|both (?:fine|good|ok))\b`,
  ),
  // Indifference, to the clause's end ("dont care if its drama or thriller or whatever"): allowed,
  // neither asked for nor ruled out.
  /\b(?:don't|dont|do not|doesn't|doesnt|won't|wont) (?:really |even )?care (?:if|whether|what) [^,.;!?]*/,
  // Praise of a film named ("just finished X and i'm in love with it"), no romance.
  /\b(?:in love with|obsessed with) (?:it|this|that|this one|that one|the film|the movie)\b/,
  // How the viewer wants to feel ("to feel a bit less alone"), nothing ruled out of the films.
  /\bfeel (?:a (?:bit|little) |way |so much |much )?(?:less|more) [a-z]+\b/,
  // A film likened to something that is no film ("the movie equivalent of a grilled cheese"): what
  // it is likened to is no title (a comfort said so is read as one: "comfort food").
  /\b(?:movie|film|cinematic|cinema) (?:equivalent|version) of (?:an? |the |my )?(?!comfort\b)[a-z' -]+/,
  // When, no school films ("before school pickup", "it's a school night", "after the school run").
  /\b(?:school|work|daycare|nursery) (?:pickup|pick up|run|drop ?off|night|nights|day|days|starts)\b/,
  // A big film, no monsters ("a monster of a film", "a beast of a movie").
  /\b(?:monster|beast|behemoth|whopper|brick|doorstop) of an? (?:film|movie|flick)\b/,
  // Where someone is, no dark film ("typing this on my phone in the dark").
  /\b(?:[a-z]+ing|phone|bed|room|here|home|alone|sat|lying) in the dark\b/,
];

/**
 * Decision 0131: children who are elsewhere ("kids are at their dad's for the weekend", "husband
 * agreed to take them to his mother's", "a thriller person before kids"): not who is watching.
 */
const CHILDREN_AWAY = new RegExp(
  [
    String.raw`\b${CHILD_NOUN_WORDS} (?:are|is|'re|r) (?:(?:all|both|finally) )?(?:at|away|asleep|in bed|gone|sleeping|off at)\b`,
    String.raw`\b(?:kids|children) at (?:their|my|his|her|the|grandma|grandpa|granny|nana|school|camp)\b`,
    String.raw`\b(?:before|without) (?:the |my |our )?(?:kids|children)\b`,
    String.raw`\b(?:take|taking|took|takes|drop|dropping|dropped) (?:the kids|them|the twins|the children|the boys|the girls|the little ones) (?:to|off)\b`,
  ].join('|'),
);

/**
 * Words that open a turn to say what is preferred ("rather", "lieber"): known words, so that the
 * speller never hears another in them ("lieber" is not "liebe", love: the romantic mood).
 */
export const RATHER_WORDS = ['rather', 'plutot', 'mejor', 'lieber', 'piuttosto'];

/** Words that acknowledge the last reply before a turn says what it wants ("ok", "hmm", "cool"). */
const ACKNOWLEDGEMENTS = new Set(
  'ok okay k alright cool great nice hmm hm hmmm so well right yes yeah yep sure lol haha ah oh thanks fine now'.split(
    ' ',
  ),
);

const SIGHS = new Set(['ugh', 'hmm', 'hm', 'hmmm', 'eh', 'um', 'umm', 'well', 'oh', 'ah']);

const MADE_OBJECTS = new Set(['it', 'them', 'those', 'these', 'that', 'this', 'em']);
const ONE_WITH = new Set(['with', 'that', 'where', 'about', 'without', 'set', 'from', 'in', 'which', 'who']);
/** A turn that opens by ruling something out ("nothing sad though", "no gore") changes the last request. */
const NEGATED_STARTS = new Set(['nothing', 'not', 'none', 'without']);

/**
 * "ugh no, something darker. a romance that's actually sad": the films shown turned down at the
 * start, so a genre or mood named takes the place of the last request's ("no horror" rules out).
 */
function turnedDown(toks: readonly Token[]): boolean {
  const words = toks.filter((t) => !SIGHS.has(t.raw));
  const first = words[0];
  return !!first && TURNED_DOWN.includes(first.raw) && (!words[1] || PUNCTUATION.has(words[1].w));
}

/** "only dramas", "and under 100 minutes", "but in French": the message narrows the last request. */
export function refineClause(s: State) {
  // "ok and make it funny now", "hmm, only dramas": an acknowledgement before it starts nothing.
  const first = s.toks.find((t) => !PUNCTUATION.has(t.w) && !ACKNOWLEDGEMENTS.has(t.raw));
  if (first && REFINE_STARTS.has(first.raw)) s.q.narrows = true;
  // Decision 0119: "make it funny", "make them older", "nothing sad though": the last request, changed.
  const second = first ? s.toks[s.toks.indexOf(first) + 1]?.raw : undefined;
  if (first?.raw === 'make' && second && MADE_OBJECTS.has(second)) s.q.narrows = true;
  // "one with a girl as the main character", "one that's shorter": one of the kind just shown.
  if (first?.raw === 'one' && second && ONE_WITH.has(second)) s.q.narrows = true;
  if (first && NEGATED_STARTS.has(first.raw)) s.q.narrows = true;
  // "rather something funny", "plutôt un film français": what is named takes the place of the
  // last request's genres; the rest of it (years, a language named before) holds.
  if (first && RATHER_WORDS.includes(first.raw)) s.q.narrows = s.q.replaces = true;
  if (turnedDown(s.toks)) s.q.narrows = s.q.replaces = true;
  // "Hmm, these feel a bit safe. I want something bleak": the films shown found wanting, so what is
  // asked next moves the same request (the genre kept), as "darker" does.
  if (SHOWN_FOUND_WANTING.test(s.original)) s.q.narrows = true;
  // "music ones", "scary ones specifically": "ones" points back at the films of the last request.
  if (s.toks.some((t) => t.raw === 'ones') && !s.toks.some((t) => FILM_WORDS.has(t.raw))) s.q.narrows = true;
  // "horror specifically", "in particular from the 90s": the message narrows the last request. Said
  // of a request verb ("I'm specifically looking for a romantic comedy") it stresses a new request.
  scan(s, NARROWING_WORDS, (start, len) => {
    const near = [s.toks[start - 1]?.w ?? '', s.toks[start + len]?.w ?? ''];
    if (!near.some((w) => NARROWING_STRESSED_VERBS.test(w))) s.q.narrows = true;
  });
  scan(s, REPLACING_WORDS, (start, len) => {
    s.q.narrows = s.q.replaces = true;
    // "a comedy instead of a horror": the words are left to the negation clause, which rules out
    // what follows "instead of".
    if (s.toks[start + len]?.w === 'of') for (let k = start; k < start + len; k++) s.toks[k]!.used = false;
  });
}
/** The films shown, found wanting at the message's start ("these feel a bit safe", "those are all too old"). */
const SHOWN_FOUND_WANTING =
  /^(?:\W*(?:hmm+|hm+|ugh|eh|ok(?:ay)?|well|oh|ah|yeah|nah|honestly|tbh|meh)\b[\s,.!]*)*(?:these|those|they|they['’]re|theyre|all of (?:these|those|them))\s(?:\w+\s){0,4}?(?:safe|tame|mild|light|soft|old|dated|slow|long|obvious|mainstream|boring|predictable|bland|cheesy|heavy|intense|violent|scary|dark|basic|familiar|samey|generic|vanilla|serious|sad|silly|childish|kiddy|short|new|recent)\b/i;

/** Words for films themselves: "ones" beside them is no pointer back ("films, the older ones"). */
const FILM_WORDS = new Set(['film', 'films', 'movie', 'movies', 'flick', 'flicks']);

/** Request verbs that "specifically" can stress rather than narrow with. */
const NARROWING_STRESSED_VERBS =
  /^(looking|look|want|wanted|wanting|need|needed|after|searching|search|seeking|asking|mean|meant|wanna|craving|requesting|hoping|busco|cherche|suche|cerco)$/;

/** Film composers people name by their music, as typed (folded accents, lower case). */
const FILM_COMPOSERS = [
  '(?:hans )?zimmer',
  'john williams',
  '(?:ennio )?morricone',
  '(?:danny )?elfman',
  'james horner',
  'howard shore',
  '(?:alexandre )?desplat',
  'jonny greenwood',
  'trent reznor',
  'philip glass',
  'bernard herrmann',
  'vangelis',
  '(?:joe )?hisaishi',
  'jerry goldsmith',
  'thomas newman',
  'alan silvestri',
  '(?:michael )?giacchino',
  'ramin djawadi',
  'johann johannsson',
  'max richter',
  'clint mansell',
  'carter burwell',
  'angelo badalamenti',
  'nino rota',
  'john barry',
  'maurice jarre',
];

/**
 * "Who directed Pulp Fiction?", "who's in Heat", "the cast of Alien": a question about a film's
 * people, which the engine says it cannot answer (rather than calling it off-topic).
 */
const PEOPLE_QUESTION = new RegExp(
  [
    String.raw`(?:^|[.!?;]\s*)(?:who(?:'s| is| was)?\s+(?:directed|made|wrote|stars?|starred|plays?|played|acted|act|in|the (?:director|star|lead|actor|actress)s?)\b|(?:the\s+)?(?:director|cast|actors|actresses)\s+(?:of|in)\s)`,
    // A person described by a film ("what else has the girl from la la land been in", "films with
    // the actor who played Forrest Gump"): who they are is a person lookup.
    String.raw`\bwhat (?:else |other (?:movies|films|stuff) )?(?:has|have|is|was|did)\b.{1,60}\b(?:been in|starred in|acted in|appeared in|played in|directed|done|made)\b`,
    // A composer or writer ("films that hans zimmer did the music for", "scored by …").
    String.raw`\b(?:did|does|do|wrote|composed) the (?:music|score|soundtrack|screenplay|script)\b|\b(?:scored|composed) by\b|\b(?:music|score|scores|soundtracks?) (?:(?:composed|written|done) )?by\b`,
    // A film composer's name said of the music ("films with a hans zimmer soundtrack", "morricone scores").
    String.raw`\b(?:${FILM_COMPOSERS.join('|')})(?:'s)? (?:soundtracks?|scores?|music)\b`,
    String.raw`\b(?:movies?|films?|anything|stuff|something) (?:with|starring|featuring|by) the (?:actor|actress|girl|guy|woman|man|lady|dude|boy|kid|lead|star|director) (?:from|in|who played|that played|who directed|that directed|of)\s`,
    // Someone spoken of as "he" or "she" ("what movies is he in", "what films has she directed"),
    // or described by a part ("that guy who played walter white").
    String.raw`\bwhat (?:other )?(?:movies|films|else) (?:is|was|has|have|did|does) (?:he|she|they) (?:been )?(?:in|done|do|made|make|directed|direct|starred in|star in|acted in)\b`,
    String.raw`\b(?:the|that|this) (?:actor|actress|girl|guy|woman|man|lady|dude|boy|kid) (?:who|that) (?:played|plays|was in|starred in|directed)\b`,
    // A maker described by their films ("that director who did jaws and e.t.").
    String.raw`\b(?:the|that|this) (?:director|filmmaker|writer) (?:who|that) (?:did|made|directed|wrote)\b`,
  ].join('|'),
  'i',
);

/**
 * A role in a film's making said of its maker ("music by", "scored by", "obsessed with his music"):
 * the person's, no genre asked for.
 */
const ROLE_BY =
  /\b(?:music|score|scores|soundtracks?|screenplay|script) (?:(?:composed|written|done) )?by\b|\b(?:scored|composed|photographed) by\b|\b(?:his|her|their) (?:music|scores?|soundtracks?)\b/;

/**
 * The film a question about its people names: the words after "who directed", "who's in", "the
 * cast of"… up to the question mark (`Query.askedFilm`).
 */
const ASKED_FILM =
  /(?:\bwho(?:'s| is| was)?\s+(?:directed|made|wrote|stars?|starred|plays?|played|acted|acts?|(?:is |was )?the\s+(?:director|star|lead|actor|actress|writer)s?)(?:\s+(?:in|of))?|\bwho(?:'s| is| was| are| were)\s+in|\b(?:the\s+)?(?:director|directors|cast|actors|actresses|writers?|stars)\s+(?:of|in))\s+(.+?)[\s?.!]*$/i;

/**
 * "starring Tom Hanks", "directed by Nolan": answered in live mode. After a word that can only
 * introduce a person ("starring", "featuring", "directed by") one capitalized name is enough
 * ("directed by Kubrick"); after "with" or "by", which also introduce other things, a first and
 * a last name are needed ("with Tom Hanks", not "with Batman" or "by Pixar").
 */
export function personClause(s: State, lexiconWords: ReadonlySet<string>) {
  if (PEOPLE_QUESTION.test(s.original.trim())) {
    s.q.peopleQuestion = true;
    const film = ASKED_FILM.exec(s.original.trim())?.[1];
    if (film) s.q.askedFilm = film;
  }
  // "movies with music by hans zimmer": the role is the person's, no genre asked for.
  scanRegex(s, ROLE_BY, () => {});
  const found = namedPerson(s, lexiconWords);
  if (!found) return;
  const typed = found.typed.length ? found.typed : found.name.split(/\s+/);
  // "heat (the 95 one with pacino and de niro)": a name in brackets after a name tells which film
  // that is (decision 0133); no request about the person, and their words are no theme either.
  // "ok but no wes anderson", "nothing with will ferrell": a person ruled out is no request about
  // them, but still a person (their words are no theme: "cruise" in "tom cruise").
  if (!describesTheFilm(s.original, typed)) {
    if (ruledOutName(s.original, typed)) s.q.personOut = found.name;
    else s.q.person = found.name;
  }
  const parts = new Set(
    [...found.name.split(/\s+/), ...found.typed].map((w) =>
      w
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, ''),
    ),
  );
  s.toks.forEach((t, i) => {
    if (parts.has(t.raw)) {
      t.used = true;
      // The word that introduced the name ("starring", "directed by") is used too.
      for (
        let k = i - 1;
        k >= 0 && k >= i - 2 && /^(starring|with|featuring|directed|by|con|avec|mit)$/.test(s.toks[k]!.raw);
        k--
      )
        s.toks[k]!.used = true;
    }
  });
}

/**
 * Whether every word of the name is inside brackets, or a clause opening with "the", that say which
 * film a name is ("heat (the 95 one with pacino and de niro)", "(the 1995 version)", "…all at once??
 * the multiverse one with michelle yeoh"), not what is asked ("something funny (with jim carrey)").
 */
function describesTheFilm(message: string, typed: readonly string[]): boolean {
  const text = foldAccents(message.toLowerCase());
  // In brackets, or a clause of its own that opens with "the" ("anything like everything everywhere
  // all at once?? the multiverse one with michelle yeoh", "after parasite? the bong joon ho one").
  const brackets = [...text.matchAll(/\(([^()]*)\)/g)].map((m) => m[1]!);
  // (A clause that rules out keeps the name's own note: "the japanese ones, not the tom cruise one".)
  const clauses = text
    .split(/[?!.;,:()]+/)
    .map((c) => c.trim())
    .filter((c) => /^(?:the|that) /.test(c) && !/\b(?:not|no|nothing|without)\b/.test(c));
  for (const part of [...brackets, ...clauses]) {
    if (!WHICH_FILM.test(part)) continue;
    const words = new Set(part.split(/[^a-z0-9']+/));
    if (typed.every((w) => words.has(w.toLowerCase()))) return true;
  }
  return false;
}
const WHICH_FILM =
  /\b(?:the|that)\b.*\b(?:one|version|film|movie|original|remake)\b|\b(?:19|20)\d\d\b|\b\d0'?s\b|'\d\d\b/;

/**
 * The person a message names, and the words it was typed as: a well-known film person (offline),
 * a name after "starring" / "with" / "directed by", before "films", or typed in lower case.
 */
function namedPerson(s: State, lexiconWords: ReadonlySet<string>): TypedName | undefined {
  const m =
    /\b(?:(?:starring|featuring|directed by)\s+(\p{Lu}[\p{L}'-]+(?:\s(?:\p{Lu}\.|\p{Lu}[\p{L}'-]+))*)|(?:with|by|con|avec|mit)\s+(\p{Lu}[\p{L}'-]+(?:\s(?:\p{Lu}\.|\p{Lu}[\p{L}'-]+))+))/u.exec(
      ` ${s.original} `,
    );
  const listed = s.ctx.hasPeople?.() ? undefined : wellKnownPerson(s.original);
  if (listed) return listed;
  const capitalized = notATitle(s, m?.[1] ?? m?.[2]) ?? namedBeforeFilms(s, lexiconWords);
  if (capitalized) return { name: capitalized, typed: [] };
  const found =
    namedInLowerCase(s, lexiconWords) ??
    namedByTheirWork(s, lexiconWords) ??
    namedAsPerformer(s) ??
    namedInAPeopleQuestion(s, lexiconWords);
  // "obsessed with harry potter, she's read the books": a franchise's name, nobody's.
  const words = found && foldName(found.name).split(/\s+/);
  if (words && words.length >= 2 && (s.ctx.franchiseAt?.(words, true)?.length ?? 0) >= 2) return undefined;
  return found;
}

/**
 * "that guy who played walter white, bryan cranston - what movies is he in": in a question about
 * a person, a given name and a surname anywhere name them; the last one said (after the part
 * they played), offline when no people index confirms a name.
 */
function namedInAPeopleQuestion(s: State, lexiconWords: ReadonlySet<string>): TypedName | undefined {
  if (!s.q.peopleQuestion || s.ctx.hasPeople?.()) return undefined;
  const toks = s.toks;
  // A name set apart as an appositive ("…walter white, bryan cranston - what…"): two words with
  // punctuation on one side at least ("keanu binge is going strong" names nobody).
  const apart = (k: number) => k >= 0 && k < toks.length && PUNCTUATION.has(toks[k]!.w);
  let found: TypedName | undefined;
  for (let i = 0; i + 1 < toks.length; i++) {
    const pair = [toks[i]!, toks[i + 1]!];
    if (pair.some((t) => t.used || !NAME_WORD.test(t.raw)) || !(apart(i - 1) || apart(i + 2))) continue;
    const typed = pair.map((t) => t.raw);
    const name = offlinePerson(typed.join(' '), s, lexiconWords);
    if (name) found = { name, typed };
  }
  return found;
}

/**
 * "anything else with song kang-ho? he was incredible in memories of murder": the name after "with"
 * that "he" or "she" then speaks of is a person's (decision 0126).
 */
/** Words for the people someone watches with ("my uncle", "the kids"), never a performer's name. */
const KIN = new Set(
  'uncle aunt auntie cousin cousins son daughter kids kid children niece nephew grandma grandpa granny nan nana grandparents grandmother grandfather brother sister bro sis mother father mum mom dad parents wife husband partner family friends roommate boss'.split(
    ' ',
  ),
);
const PERFORMER =
  /\bwith ([a-z][a-z'-]+(?: [a-z][a-z'-]+){1,2})\s*[?!.,;:]*\s*(?:he|she)(?:'s| is| was| has| did)\b/;

function namedAsPerformer(s: State): TypedName | undefined {
  const m = PERFORMER.exec(foldName(s.original));
  // "with my grandpa, he's 84": someone in the room, not a name.
  if (!m || m[1]!.split(' ').some((w) => FILLER.has(w) || KIN.has(w))) return undefined;
  const typed = m[1]!.split(' ').flatMap((w) => w.split('-'));
  const name = m[1]!.replace(/(^|[ -])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
  return { name, typed };
}

/** "all his stuff", "her films": the films of someone named in the message. */
const THEIR_WORK = /\b(?:his|her) (?:stuff|films|movies|work|filmography|other (?:films|movies|stuff))\b/i;

/**
 * Decision 0120: "KEANU!!! all his stuff please": a word no clause reads, beside "his stuff" or
 * "her films", is the name of the person whose films are asked for.
 */
function namedByTheirWork(s: State, lexiconWords: ReadonlySet<string>): TypedName | undefined {
  if (!THEIR_WORK.test(s.original)) return undefined;
  const t = s.toks.find(
    (x) =>
      !x.used &&
      /^\p{L}{3,}$/u.test(x.raw) &&
      !FILLER.has(x.raw) &&
      !lexiconWords.has(x.w) &&
      !s.ctx.keywordVocabulary.has(x.w),
  );
  if (!t) return undefined;
  return { name: t.raw[0]!.toUpperCase() + t.raw.slice(1), typed: [t.raw] };
}

const foldName = (text: string) =>
  foldAccents(text.toLowerCase())
    .replace(/[’]/g, "'")
    .replace(/[^a-z0-9'. ]+/g, ' ');
const PEOPLE_PATTERN = new RegExp(
  String.raw`(?:^|[^a-z'])(` +
    [...FILM_PEOPLE]
      .sort((a, b) => b.length - a.length)
      .map((n) => n.replace(/-/g, ' ').replace(/\./g, '\\.'))
      .join('|') +
    `|${FILM_SURNAMES.join('|')})(?:'?s)?(?![a-z])`,
);

/** The listed full names as words ("meryl streep" → ["meryl", "streep"]), for a near spelling. */
const PEOPLE_WORDS = FILM_PEOPLE.map((n) => foldName(n).trim().split(/\s+/)).filter((w) => w.length >= 2);

/**
 * Decision 0118: a listed person typed with one slip in the surname ("meryl streap"): the first
 * names exactly, then a surname of five letters or more within one edit.
 */
function nearlyNamed(text: string): TypedName | undefined {
  const words = text.split(' ');
  for (const name of PEOPLE_WORDS) {
    const last = name[name.length - 1]!;
    if (last.length < 5) continue;
    for (let i = 0; i + name.length <= words.length; i++)
      if (
        name.slice(0, -1).every((w, k) => words[i + k] === w) &&
        editDistance(words[i + name.length - 1]!.replace(/'s$/, ''), last, 1) <= 1
      )
        return {
          name: name.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' '),
          typed: words.slice(i, i + name.length),
        };
  }
  return undefined;
}

const RULED_OUT_BEFORE =
  /\b(?:not|no|without|except|nothing|never|isn't|aren't|don't|hate|avoid)(?: \S+){0,2} ?$/;

/** Whether the message rules out the person typed as `typed` ("not the tom cruise one", "no wes anderson"). */
function ruledOutName(message: string, typed: readonly string[]): boolean {
  const text = foldName(message).replace(/\s+/g, ' ');
  const name = typed.map((w) => foldName(w).trim()).join(' ');
  const at = name
    ? text.search(new RegExp(`(?:^|[^a-z'])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    : -1;
  if (at < 0) return false;
  return (
    RULED_OUT_BEFORE.test(text.slice(0, at + 1)) ||
    SEEN_ALL_BEFORE.test(text.slice(0, at + 1)) ||
    RULED_OUT_PRONOUN.test(text.slice(at + name.length))
  );
}

/**
 * Decision 0114: a person ruled out by a pronoun after the name ("seen all the wes anderson ones.
 * anything not by him?", "love kubrick but nothing by him tonight") or whose films were all seen.
 */
const RULED_OUT_PRONOUN =
  /\b(?:not|no|nothing|none|without|except|never|anything but|other than|no more)(?: (?:of|by|with|from|directed by|starring|made by))? (?:him|her|them|his|hers|theirs)\b/;
const SEEN_ALL_BEFORE =
  /\b(?:seen|watched|done|finished) (?:basically |literally |pretty much |just about |like )?(?:all|every|everything|each)(?: \S+){0,2} ?$/;

/** Whether the words before token `start` say it was all seen ("seen basically every war film"). */
export const saidAsSeen = (s: State, start: number) =>
  SEEN_ALL_BEFORE.test(
    s.toks
      .slice(Math.max(0, start - 6), start)
      .map((t) => t.raw)
      .join(' ') + ' ',
  );

/**
 * Decision 0133: a kind said as seen ("he has seen basically every war film ever made and still
 * never gets tired of them") is more of the same when nothing else is asked of the kind; when
 * another genre is asked, or the kind is ruled out ("seen every animated film… live action only"),
 * the seen kind asks for nothing (decision 0126).
 */
export function seenKindStands(s: State): void {
  const q = s.q;
  if (!s.seenGenres?.length || q.genreGroups.length > 0) return;
  for (const g of s.seenGenres) if (!q.genresOut.includes(g)) q.genreGroups.push([g]);
}

/**
 * Decision 0105: without a people index (offline), a well-known film person named anywhere and
 * typed any way ("where do I start with kubrick", "Hast du Filme von Akira Kurosawa?", "cosas de
 * almodóvar"): the list in `lexicon/film-people.ts`, full names first, then the surnames that name
 * one person alone.
 */
function wellKnownPerson(message: string): TypedName | undefined {
  const text = foldName(message).replace(/\s+/g, ' ');
  const m = PEOPLE_PATTERN.exec(text);
  if (!m) return nearlyNamed(text.trim()) ?? givenNameAlone(text);
  const typed = m[1]!.split(' ');
  // The name as the message wrote it ("Almodóvar"), capitalised.
  const words = message.split(/[^\p{L}'.-]+/u).filter(Boolean);
  const at = words.findIndex((_, i) =>
    typed.every((t, k) => foldName(words[i + k] ?? '').replace(/'?s$/, '') === t.replace(/'?s$/, '')),
  );
  const shown = at >= 0 ? words.slice(at, at + typed.length) : typed;
  return {
    // A possessive typed without its apostrophe ("nolans best film") is no part of the name.
    name: shown
      .map((w, k) => (foldName(w) === typed[k] ? w : w.replace(/'?s$/, '')))
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' '),
    typed,
  };
}

const GIVEN_NAME_PATTERN = new RegExp(`(?:^|[^a-z'])(${FILM_GIVEN_NAMES.join('|')})(?:'?s)?(?![a-z])`);

/** A given name no one else is known by, as the whole name it begins ("denzel" → Denzel Washington). */
function givenNameAlone(text: string): TypedName | undefined {
  const given = GIVEN_NAME_PATTERN.exec(text)?.[1];
  const full = given && FILM_PEOPLE.find((n) => foldName(n).startsWith(`${given} `));
  if (!full) return undefined;
  return { name: full.replace(/\b\p{L}/gu, (c) => c.toUpperCase()), typed: [given] };
}

/**
 * A name after "with"/"starring" that is a well-known film's title ("obsessed with Spirited Away")
 * is that film, not a person (decision 0098).
 */
function notATitle(s: State, name: string | undefined): string | undefined {
  if (!name) return undefined;
  const title = s.ctx.resolveTitle(name.replace(/[.!?]+$/, ''));
  return title && title.confidence >= 0.95 && title.movie.vote_count >= 300 ? undefined : name;
}

/**
 * "some Tom Hanks movies", "a Christopher Nolan film", "Meryl Streep's films": a name in capitals
 * right before "films"/"movies" is a person, unless it is something the catalog or the lexicon
 * knows by that name: a title or a franchise ("Star Wars movies", "Harry Potter films"), a keyword
 * ("James Bond movies") or request words ("Classic Horror Movies").
 */
function namedBeforeFilms(s: State, lexiconWords: ReadonlySet<string>): string | undefined {
  const m =
    /(?:^|[^\p{L}-])((?:\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?|\p{Lu}\.)(?:\s(?:\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?|\p{Lu}\.)){0,2})(?:'s|’s)?\s+(?:films?|movies?|flicks?|pictures|filmography|filmographies|oeuvre)\b/u.exec(
      s.original,
    ) ?? FILMS_OF_NAME.exec(s.original);
  const name = m?.[1];
  if (!name) return undefined;
  const folded = foldAccents(name.toLowerCase());
  const words = folded.split(/\s+/);
  if (words.some((w) => lexiconWords.has(w) || FILLER.has(w))) return undefined;
  // "Kubrick films": a single word is a surname unless it names a studio, a day or a theme.
  if (words.length === 1 && (folded.length < 4 || NOT_PEOPLE_WORDS.has(folded) || CALENDAR_WORDS.has(folded)))
    return undefined;
  if (s.ctx.keywordVocabulary.has(folded)) return undefined;
  const title = s.ctx.resolveTitle(name);
  if (title && title.confidence >= TITLE_CONFIDENCE) return undefined;
  return name;
}

/** "películas de Pedro Almodóvar", "films de Agnès Varda", "Filme von Fritz Lang": two names after a film noun. */
const FILMS_OF_NAME =
  /\b(?:pel[ií]culas?|films?|filmes?|movies?)\s+(?:de|di|da|do|von|by)\s+(\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+){1,2})/u;

/** Words that only introduce a person: what follows is a name, however it is typed. */
const PERSON_ONLY =
  /\b(?:starring|featuring|directed by|acted by|with (?:the )?(?:actor|actress|director))\s+(.+)$/u;
/**
 * Words that introduce a person among other things ("with", "by", and what one says of a
 * filmmaker one admires: "I love Wes Anderson", "a big fan of greta gerwig"): a name the catalog
 * knows, or offline a given name and a surname.
 */
const PERSON_OR_OTHER =
  /\b(?:with|by|con|avec|mit|love|loved|adore|adored|fan of|into|like|liked|enjoy|enjoyed|played|plays|(?:movies|films|flicks) (?:is|was|has|did|does|are|were))\s+(.+)$/u;
const NAME_WORD = /^[\p{L}][\p{L}'.-]*$/u;

/**
 * The leading words of `text` that can be a name: up to three, and with `stop`, none a request
 * word (without it the people index confirms the name: "will smith", "will" being a request word).
 */
function nameWords(text: string, stop?: ReadonlySet<string>): string[] {
  const words: string[] = [];
  for (const w of text.split(/\s+/)) {
    if (words.length === 3 || !NAME_WORD.test(w) || stop?.has(w) || (stop && FILLER.has(w))) break;
    words.push(w);
  }
  return words;
}

type TypedName = { name: string; typed: string[] };

/** The longest leading run of `words` (two or more) that names a person the catalog knows. */
function knownName(words: string[], ctx: Pick<ParseContext, 'knownPerson'>): TypedName | undefined {
  for (let n = words.length; n >= 2; n--) {
    const typed = words.slice(0, n);
    const name = ctx.knownPerson?.(typed.join(' '));
    if (name) return { name, typed };
  }
  return undefined;
}

/**
 * "films with meryl strep", "starring tom hanks", "denzel washington movies": a name typed in
 * lower case. After words that only introduce a person, the words up to the next request word
 * are the name (the catalog's spelling when it has credits); after "with" or "by", and before
 * "films", only a name the catalog's people index knows (so "with my friends" stays a request).
 */
function namedInLowerCase(s: State, lexiconWords: ReadonlySet<string>): TypedName | undefined {
  const text = foldAccents(s.original.toLowerCase())
    .replace(/[?!.,;:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const only = PERSON_ONLY.exec(text);
  if (only) {
    const known = knownName(nameWords(only[1]!), s.ctx);
    if (known) return known;
    const words = nameWords(only[1]!, lexiconWords);
    if (words.length) {
      const one = s.ctx.knownPerson?.(words[0]!);
      return (
        knownName(words, s.ctx) ??
        (one ? { name: one, typed: words.slice(0, 1) } : { name: words.join(' '), typed: words })
      );
    }
  }
  // Without a people index (offline), a common given name and a surname stand in for it.
  const known =
    s.ctx.knownPerson && s.ctx.hasPeople?.() !== false
      ? s.ctx.knownPerson
      : (words: string) => offlinePerson(words, s, lexiconWords);
  const ctx = { knownPerson: known };
  for (let rest = text; ;) {
    const other = PERSON_OR_OTHER.exec(rest);
    if (!other) break;
    const name = knownName(nameWords(other[1]!), ctx);
    if (name) return name;
    rest = other[1]!;
  }
  const before =
    /(?:^|\s)((?:[\p{L}'.-]+\s){1,2}[\p{L}'.-]+?)(?:'s)?\s+(?:films?|movies?|flicks?|filmography|filmographies|oeuvre)\b/u.exec(
      text,
    );
  if (!before) return undefined;
  const words = before[1]!.split(' ');
  // The name ends right before "films": try its last two or three words.
  for (let from = Math.max(0, words.length - 3); from <= words.length - 2; from++) {
    const tail = words.slice(from);
    if (tail.some((w) => FILLER.has(w) && !SURNAME_PARTICLES.has(w))) continue;
    const name = known(tail.join(' '));
    if (name) return { name, typed: tail };
  }
  return undefined;
}

/**
 * Without a people index (offline): "tom hanks", "stanley kubrick" is a person when it is a common
 * given name followed by one or two words that are neither request words nor catalog keywords
 * nor a title (so the engine can say people cannot be looked up, instead of listing unrelated
 * films as theirs).
 */
function offlinePerson(typed: string, s: State, lexiconWords: ReadonlySet<string>): string | null {
  const words = typed.split(' ');
  const first = words[0]!;
  const given =
    GIVEN_NAMES.has(first) ||
    (MORE_GIVEN_NAMES.has(first) &&
      !lexiconWords.has(first) &&
      !FILLER.has(first) &&
      !s.ctx.keywordVocabulary.has(first));
  // Decision 0151: a surname's particle ("Louis de Funès", "van Damme", "De Niro") is part of it;
  // without a given name, in English only and before one word ("con la mia ragazza", "mit den
  // Kindern" are articles).
  const particles = (from: number, among: ReadonlySet<string>) => {
    let k = from;
    while (k < words.length - 1 && among.has(words[k]!)) k++;
    return k - from;
  };
  const surnameAt = given
    ? 1 + particles(1, SURNAME_PARTICLES)
    : s.q.lang === 'en' && words.length === 2
      ? particles(0, LEADING_PARTICLES)
      : 0;
  if (surnameAt === 0 || words.length - surnameAt < 1 || words.length - surnameAt > 2) return null;
  const rest = words.slice(surnameAt);
  if (
    rest.some((w) => w.length < 3 || lexiconWords.has(w) || FILLER.has(w) || s.ctx.keywordVocabulary.has(w))
  )
    return null;
  const title = s.ctx.resolveTitle(typed);
  if (title && title.confidence >= TITLE_CONFIDENCE) return null;
  return words.map((w, i) => (i > 0 && i < surnameAt ? w : w[0]!.toUpperCase() + w.slice(1))).join(' ');
}

/** The small words inside surnames in the languages read ("de", "van der", "von", "di", "dos"). */
const SURNAME_PARTICLES: ReadonlySet<string> = new Set(
  'de da di du del della van von der den ter le la dos das'.split(' '),
);
/** Those a surname said alone starts with ("de niro", "van damme", "del toro"). */
const LEADING_PARTICLES: ReadonlySet<string> = new Set('de da di du del van von'.split(' '));

/** Decision 0126: more words than this, and a message tells a story around its request. */
export const LONG_MESSAGE = 10;

/** The words left over: themes if the catalog's texts use them, else not understood. */
export function leftoverClause(s: State, lexiconWords: ReadonlySet<string> = new Set()) {
  if (s.toks.filter((t) => !PUNCTUATION.has(t.raw)).length > LONG_MESSAGE) s.q.longMessage = true;
  // "I'm a wimp", "I'm so tired": what the user says about themselves is no request.
  scanRegex(
    s,
    /\b(?:i'm|im|i am)(?: (?:a|an|so|such|very|really|kind of|bit of|bit|a bit|pretty|such a))* \w+/,
    () => {},
  );
  const span = topicSpan(s.toks, s.negated);
  // Decision 0136: a long message that asked for a kind of film tells a story around it ("leave me
  // staring at the wall… trying to figure out what i just watched"): its words outside a topic's
  // place are that story, not what the films should be about. (Said of a film named, they are
  // what was liked in it: "like The Social Network - fast dialogue, real-life business drama".)
  const story = !!s.q.longMessage && !s.q.like && asksForKind(s.q);
  for (const t of s.toks) if (!passedOver(s, t)) leftoverWord(s, t, span, story, lexiconWords);
}

/** A word no leftover: read by a clause, punctuation, a filler, a number, a function word. */
const passedOver = (s: State, t: Token) =>
  t.used ||
  PUNCTUATION.has(t.w) ||
  FILLER.has(t.raw) ||
  FILLER.has(t.w) ||
  /^\d+$/.test(t.w) ||
  t.w.length < 3 ||
  carriesNoRequest(s.toks, t);

/** One word left over: a theme ruled out, a topic, a theme, the story's, or not understood. */
function leftoverWord(
  s: State,
  t: Token,
  span: ReadonlySet<number>,
  story: boolean,
  lexiconWords: ReadonlySet<string>,
) {
  const at = s.toks.indexOf(t);
  if (s.negated.has(at)) {
    // The viewer's state said not wanted ("not be bored") asks nothing of the films.
    if (saidAsState(s.toks, at)) return;
    // A negated word the vocabulary knows still rules a theme out ("no clowns").
    // (Only in English: "que no sea de zombis" has no "sea" in it.)
    const k = s.q.lang === 'en' ? singulars(t.w).find((x) => s.ctx.keywordVocabulary.has(x)) : undefined;
    if (k) add(s.q.keywordsOut, k);
    else add(s.q.unknown, t.raw);
    return;
  }
  // The viewing situation ("12 hour flight tomorrow", "home sick on the couch") is no theme; nor is a
  // word of the request itself ("war films worth my time", "120 minutes long"; decision 0159).
  if ((VIEWING_SITUATION.has(t.raw) && !span.has(at)) || NOT_TOPICS.has(t.raw)) return;
  const topic = s.q.lang === 'en' && span.has(at) && topicWord(s, t, lexiconWords);
  if (topic) add((s.q.textWords ??= []), topic);
  else if (story && !span.has(at)) return;
  if (s.q.lang === 'en' && s.ctx.knownWord?.(t.w)) add(s.q.themeWords, t.w);
  // Decision 0102: a topic word the catalog's text uses was understood (it retrieves). A slip of
  // a word that asks nothing ("recomend", "reccomend") is passed over like the word itself.
  else if (!topic && !slipOfFiller(t.w)) add(s.q.unknown, t.raw);
}

/** The filler words as a speller's targets (made on first use). */
let fillerSpeller: Speller | undefined;

/** Whether a word no reader knows is a filler word typed with slips, within its typo budget. */
function slipOfFiller(w: string): boolean {
  fillerSpeller ??= new Speller(FILLER, () => false);
  const meant = fillerSpeller.correct(w);
  return meant !== w && FILLER.has(meant);
}

/** A function word, or a word qualifying the phrase a clause read after it ("young kids"). */
function carriesNoRequest(toks: readonly Token[], t: Token): boolean {
  if (NO_REQUEST_WORDS.has(t.raw)) return true;
  const next = toks[toks.indexOf(t) + 1];
  return QUALIFYING_WORDS.has(t.raw) && !!next?.used && !FILLER.has(next.raw);
}

/**
 * Not a word of the request's own: a lexicon word its clause left ("the old days"), one of
 * `NOT_TOPICS`, a superlative of either ("the saddest movie", "the greatest"), a name's possessive
 * ("kurosawa's best film").
 */
function mayBeTopic(w: string, lexiconWords: ReadonlySet<string>): boolean {
  const own = (x: string) => lexiconWords.has(x) || NOT_TOPICS.has(x);
  if (own(w) || w.includes("'")) return false;
  const base = /^(\w+?)(\w)(\2?)est$/.exec(w);
  // A superlative: a doubled last letter ("saddest") or a base of 4+ letters ("darkest"; not "forest").
  if (!base || (!base[3] && base[1]!.length + 1 < 4)) return true;
  const stem = base[1]! + base[2]!;
  return ![stem, `${stem}e`, w.replace(/iest$/, 'y')].some(own);
}

/**
 * A topic word as typed, when some film's text uses it (else null). Never as the speller corrected
 * it: "pleeez" is no "place"; never a word of the request's own (a lexicon word its clause left,
 * "the old days"; `NOT_TOPICS`).
 */
function topicWord(s: State, t: Token, lexiconWords: ReadonlySet<string>): string | null {
  if (!mayBeTopic(t.raw, lexiconWords)) return null;
  const read = TextIndex.words(t.raw)[0];
  return read && (s.ctx.textFilms?.(read) ?? 0) > 0 ? t.raw : null;
}
