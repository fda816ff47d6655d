import type { CatalogIndex, CatalogMovie } from '@app/catalog';
import { franchiseKey, Franchises } from './franchise';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type { RecommenderClient } from '../../integrations/recommender/recommender-client';
import { neighboursOf } from './neighbours';
import { NAMED_MIN_VOTES, type ChatRequest, type ConversationState, type EngineAnswer } from './request';
import { madeBy, Retriever } from './retrieve';
import {
  deserializeSemantic,
  peopleIndexOf,
  SemanticIndex,
  serializeSemantic,
  trainSemantic,
} from '@app/catalog';
import { joinRequests } from './turns/merge';
import { peopleFrom } from './turns/person';
import { respond, turnKind } from './turns/respond';
import type { FilmCredits, PeopleIndex, TurnContext, TurnKind } from './turns/turn';
import { TITLE_CONFIDENCE, type ParseContext } from './understand/clauses';
import {
  asksForFilms,
  hasRequest,
  isRefinement,
  yearOfTheTitleDropped,
  type Query,
} from './understand/query';
import { inEveryLanguage, saysOneOf } from './understand/lexicon/index';
import { Speller, editDistance, foldAccents, languageEvidence, normalize, tokenize } from './understand/text';
import { FILLER, LANGUAGE_WORDS, SHORT_MINUTES, TITLE_SMALL_WORDS } from './understand/lexicon';
import { LANGUAGE_SURE, LEXICON_WORDS, understand } from './understand/understand';
import { TextIndex } from './text-index';
import { LITTLE_KNOWN_VOTES } from './wording';
import {
  buildExactTitles,
  buildExactTitlesNow,
  isWholeTitle,
  listedTitles,
  titleWords,
} from './exact-titles';
import {
  asksIfHere,
  missingTitle,
  sequelTyped,
  withoutMakerAfter,
  type WordKnowledge,
} from './missing-title';
import { buildChatKeywords, chatKeywordsNow, type ChatKeywords } from './keyword-index';

export type { ChatRequest, ConversationState, EngineAnswer, Pick } from './request';
export type { PeopleIndex } from './turns/turn';
export { filmCreditsOf } from './turns/person';
export { dropMoods } from './turns/merge';
export { bayesianRating } from './retrieve';

/** The votes a film needs to be the one meant by a message that is its whole title and nothing else. */
const WHOLE_TITLE_MIN_VOTES = 100;
export { CLARIFY, renderPicks } from './wording';

export interface ChatMovie {
  id: number;
  title: string;
  release_date: string;
  vote_average: number;
  poster_path: string | null;
}

export interface ChatEngineOptions {
  /** Where the trained vectors are cached between starts (trained on first use when absent). */
  vectorsFile?: string;
  /** False: keyword retrieval only (the A/B baseline of `npm run chat:eval`). */
  semantic?: boolean;
  /**
   * Live mode: whether the live source (TMDB) knows a film; picks it does not know are dropped, so
   * the chat never links a film the pages then cannot show. Errors count as known.
   */
  liveCheck?: (id: number) => Promise<boolean>;
  /**
   * Live mode: a film's credits from the live source (TMDB), for "who directed X?" when the
   * catalog has none of its own; null when they cannot be had.
   */
  filmCredits?: (id: number) => Promise<FilmCredits | null>;
  /**
   * The people the person turn looks names up in (typos allowed). Absent: the catalog's own people
   * index (`peopleIndexOf`), when the catalog has credits (a synced catalog); null: none, and the
   * chat says plainly that people cannot be looked up (unless the live lookup is given).
   */
  people?: PeopleIndex | null;
  /**
   * True while the vectors are being trained in another process (a first start past
   * `BEFORE_LISTEN_MAX` films, decision 0109): answers are made without them (keyword retrieval)
   * instead of training them here, on the server's event loop (minutes at a million films).
   */
  vectorsElsewhere?: () => boolean;
}

const sharedVectors = new WeakMap<CatalogIndex, SemanticIndex>();
/** Engines over the same catalog share one text index (decision 0102). */
const sharedTexts = new WeakMap<CatalogIndex, TextIndex>();

/** The films the chat may pick from, and trains its vectors on: known enough to judge. */
const VECTOR_MIN_VOTES = 10;

const vectorMovies = (catalog: CatalogIndex) =>
  catalog.popular.filter((m) => m.vote_count >= VECTOR_MIN_VOTES);
const vectorsTag = (catalog: CatalogIndex, movies: number) => `${catalog.file.built_at}:${movies}:v1`;

/**
 * Whether `file` holds the vectors of this catalog (its header's tag), so none need training.
 * Reads the header only and counts the films without listing them: a start asks it before
 * listening (a million films: the file is hundreds of MB).
 */
export function chatVectorsCached(catalog: CatalogIndex, file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    // The header's first field is the tag (serializeSemantic); the vocabulary after it is long.
    const head = Buffer.alloc(1024);
    const n = readSync(fd, head, 0, head.length, 0);
    const tag = /^\{"tag":("(?:[^"\\]|\\.)*")/.exec(head.subarray(0, n).toString('utf8'))?.[1];
    if (!tag) return false;
    let movies = 0;
    for (const m of catalog.popular) if (m.vote_count >= VECTOR_MIN_VOTES) movies++;
    return JSON.parse(tag) === vectorsTag(catalog, movies);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function toChatMovie(m: CatalogMovie): ChatMovie {
  return {
    id: m.id,
    title: m.title,
    release_date: m.release_date ?? '',
    vote_average: m.vote_average,
    poster_path: m.poster_path,
  };
}

/** How close typed words are to a title: shared words (a typo counts 0.8) over both lengths; 0..1. */
export function titleSimilarity(typed: string, title: string): number {
  const a = titleWords(typed);
  let b = titleWords(title);
  if (!a.length || !b.length) return 0;
  if (a.join('') === b.join('')) return 1;
  const SMALL = /^(the|a|an|of|and|le|la|les|el|los|der|die|das)$/;
  // "godfather part 2" is The Godfather: Part II: a title's leading article may go unsaid.
  if (b.length > 1 && SMALL.test(b[0]!) && !SMALL.test(a[0]!)) b = b.slice(1);
  if (a.join('') === b.join('')) return 0.98;
  const used = new Set<number>();
  let shared = 0;
  for (const w of a) {
    let best = -1;
    let bestScore = 0;
    b.forEach((x, i) => {
      if (used.has(i)) return;
      const score =
        x === w
          ? 1
          : sameWordSaidOtherwise(w, x)
            ? 0.9
            : (w.length >= 5 && near(w, x)) || vowelsDropped(w, x)
              ? 0.8
              : 0;
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    });
    if (best >= 0) {
      used.add(best);
      shared += bestScore;
    }
  }
  const dice = (2 * shared) / (a.length + b.length);
  // Every word typed must be in the title ("Top Gun: Maverick" is not "Top Gun").
  const unmatchedTyped =
    a.length -
    used.size -
    a.filter((w) => SMALL.test(w)).length +
    [...used].filter((i) => SMALL.test(b[i]!)).length;
  return unmatchedTyped > 0 ? Math.min(dice, 0.7) : dice;
}

/** A short word typed without its vowels ("mnd" for mind, "lve" for love): a slip, not another word. */
const vowelsDropped = (typed: string, word: string) =>
  typed.length >= 3 &&
  word.length - typed.length <= 2 &&
  word !== typed &&
  word.replace(/[aeiou]/g, '') === typed.replace(/[aeiou]/g, '') &&
  word.startsWith(typed[0]!);

const FILM_NOUN = /^(?:movies?|films?|flicks?|shows?|pictures?)$/;

/** Digits typed for the words they sound like ("no country 4 old men", "back 2 the future"). */
const SOUNDS_LIKE: Record<string, readonly string[]> = {
  '2': ['to', 'too'],
  '4': ['for'],
  u: ['you'],
  r: ['are'],
};

/**
 * A title's word typed another way that is no slip: its singular or plural ("lord of the ring"),
 * or a digit or letter for the word it sounds like. Scored just under the word itself, so that a
 * title holding the word as typed ("Toy Story 2") still wins.
 */
function sameWordSaidOtherwise(typed: string, word: string): boolean {
  if (SOUNDS_LIKE[typed]?.includes(word)) return true;
  // "scary movies" asks for films, not for Scary Movie: a film noun's plural is the request's.
  if (Math.min(typed.length, word.length) < 3 || FILM_NOUN.test(typed)) return false;
  return typed === `${word}s` || word === `${typed}s` || typed === `${word}es` || word === `${typed}es`;
}

/**
 * The words of `title` (two or more) typed in `words` as a run that holds `unread`, each exactly or
 * a slip away (`near`, four letters or more), one of them at least a slip, or null.
 */
function typedTitleAt(
  words: readonly string[],
  title: readonly string[],
  unread: string,
): { typed: string[]; at: number } | null {
  if (title.length < 2) return null;
  for (let i = 0; i + title.length <= words.length; i++) {
    const typed = words.slice(i, i + title.length);
    if (!typed.includes(unread)) continue;
    const slipped = typed.some((w, k) => w !== title[k]);
    if (slipped && typed.every((w, k) => w === title[k] || (title[k]!.length >= 4 && near(w, title[k]!))))
      return { typed, at: i };
  }
  return null;
}

/** Words around a title typed alone that ask for nothing more ("the godfahter pls"). */
const ONLY_PADDING = /^(?:pls|plz|please|lol|haha|thanks|thx|ok|okay|now|tonight|movie|film)$/;

/** How well known a film must be to be named by a slip of its one-word title. */
const SLIPPED_WORD_VOTES = 1000;

/** A word this long may carry two slips, one of them letters swapped ("labrynth"). */
const TWO_SLIPS_LETTERS = 7;

function near(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > (a.length >= 9 ? 2 : 1)) return false;
  // Two letters swapped ("hotle") is one typo.
  if (a.length === b.length && a[0] === b[0] && editDistance(a, b, 1) <= 1) return true;
  // Cheap: same start and a small edit distance.
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  if (Math.max(a.length, b.length) - i - j <= (a.length >= 9 ? 2 : 1)) return true;
  // Decision 0121: a long word with two slips, one of them letters swapped ("labrynth").
  return a.length >= TWO_SLIPS_LETTERS && a[0] === b[0] && editDistance(a, b, 2) <= 2;
}

/**
 * "no sequels", "not the remake", "seen them all", "none of those", "just finished the original
 * star wars trilogy", "we loved watching the Ocean's movies": the named film's franchise is ruled
 * out (decision 0121), as "skip the star wars stuff" rules out a franchise named.
 */
const SEQUELS_OUT =
  /\b(?:no|not(?: the| any| another| a)?|without(?: the| any| a)?|skip(?: the)?|don'?t want(?: the| any| a)?|none of the)\s+(?:more\s+)?(?:[\w'’:-]+\s+){0,4}?(?:sequels?|prequels?|remakes?|reboots?|(?:other |more )?(?:films?|movies?|ones?) (?:from|of|in) (?:the|that) (?:series|franchise))\b|\b(?:seen|watched) (?:them all|all of them|all (?:the|of the) (?:sequels|films|movies|others)|every (?:single )?(?:one|sequel|film|movie) of (?:them|it|the (?:films|movies|sequels)))\b|\b(?:seen|watched|finished|binged|done with|completed) (?:the |all the |all of the )?(?:original |whole |entire |first )?(?:[\w'’:-]+ ){0,3}(?:trilogy|saga|series|franchise)\b|\b(?:seen|watched|loved|enjoyed|liked|finished|binged)(?: watching)? (?:all )?(?:of )?the (?:[\w'’:-]+ ){1,3}(?:movies|films)\b/i;

/** The same said of the films just named, in the other languages the chat answers in (lexicon `seenThose`). */
const SEEN_THOSE = saysOneOf(inEveryLanguage('seenThose'));

function franchiseRuledOut(query: Query, seed: CatalogMovie | null, message: string): Query {
  const c = seed?.collection;
  if (!c || query.collectionsOut?.some((x) => x.id === c.id)) return query;
  if (!SEQUELS_OUT.test(message) && !SEEN_THOSE(normalize(message))) return query;
  return { ...query, collectionsOut: [...(query.collectionsOut ?? []), { id: c.id, name: c.name }] };
}

/** "the opposite of that", "nothing like it" after a film's name: that film is what is not wanted. */
const OPPOSITE =
  /\b(?:the )?(?:complete |total |exact |polar )?opposite of\b|\bnothing like (?:that|this|it)\b/i;

/**
 * The first two and three words of the famous films' titles that are longer ("fantastic beasts" for
 * Fantastic Beasts and Where to Find Them), unless those words are a film's whole title too.
 */
function famousTitleStarts(
  catalog: CatalogIndex,
  whole: ReadonlyMap<string, unknown>,
): Map<string, CatalogMovie> {
  const starts = new Map<string, CatalogMovie>();
  for (const m of catalog.popular) {
    if (m.vote_count < 1000) continue;
    const t = titleWords(m.title);
    for (let n = 2; n <= 3 && n < t.length; n++) {
      const key = t.slice(0, n).join(' ');
      const held = starts.get(key);
      if (!whole.has(key) && (!held || held.vote_count < m.vote_count)) starts.set(key, m);
    }
  }
  return starts;
}

/**
 * A famous film the typed words name in part: "Eternal Sunshine" for Eternal Sunshine of the
 * Spotless Mind (its first words), "lord of the rings fellowship" (its words in order, decision
 * 0126), "amelie poulain" for Le Fabuleux Destin d'Amélie Poulain (the last words of its original
 * title, decision 0130).
 */
function famousTitleTyped(
  typed: readonly string[],
  hits: readonly CatalogMovie[],
): { movie: CatalogMovie; confidence: number } | null {
  for (const m of hits) {
    const t = titleWords(m.title);
    // Decision 0131: its last word typed may be cut short ("pulp fic", three letters or more).
    const as = (w: string, i: number) =>
      t[i] === w || (i === typed.length - 1 && w.length >= 3 && !!t[i]?.startsWith(w));
    if (m.vote_count >= 1000 && typed.length >= 2 && typed.every(as)) return { movie: m, confidence: 0.8 };
  }
  for (const m of hits)
    if (m.vote_count >= 1000 && typed.length >= 3 && mainTitleAndSubtitleWords(typed, m.title))
      return { movie: m, confidence: 0.78 };
  for (const m of hits) if (endsOriginalTitle(typed, m)) return { movie: m, confidence: 0.8 };
  return null;
}

/** The typed words end a famous film's original title (one not its English title), two of them names. */
function endsOriginalTitle(typed: readonly string[], m: CatalogMovie): boolean {
  if (m.vote_count < 1000 || !m.original_title || m.original_title === m.title) return false;
  const original = titleWords(m.original_title);
  const tail = original.slice(original.length - typed.length);
  return (
    typed.length < original.length &&
    typed.filter((w) => !TITLE_SMALL_WORDS.has(w)).length >= 2 &&
    typed.every((w, i) => tail[i] === w)
  );
}

const titleWordsOf = (keyword: string, typed: string) => {
  const own = new Set(titleWords(typed));
  return titleWords(keyword).every((w) => own.has(w));
};

/** "(2019)", "the bong joon ho one from 2019", "the 2019 version": the year of the film named. */
const YEAR_OF_THE_FILM =
  /\((?:[^)]*?\D)?((?:19|20)\d\d)\)|\bone from ((?:19|20)\d\d)\b|\b((?:19|20)\d\d) (?:one|version|film|movie)\b/i;

/**
 * Decision 0129: "parasite (the bong joon ho one from 2019) was incredible": a later year said of a
 * film named, when the catalog's film of that name is little known or the year is past the
 * catalog's end, names another film of that name, one the catalog lacks: said so, never answered
 * with films like the 1982 namesake.
 */
function anotherYearsFilm(query: Query, message: string, lastYear: number): Query {
  const movie = query.like?.movie;
  const said = YEAR_OF_THE_FILM.exec(message);
  if (!movie?.release_date || !said) return query;
  const year = Number(said[1] ?? said[2] ?? said[3]);
  const own = Number(movie.release_date.slice(0, 4));
  if (year <= own || (movie.vote_count >= LITTLE_KNOWN_VOTES && year <= lastYear)) return query;
  return {
    ...query,
    like: { text: `${movie.title} (${year})`, movie: null, confidence: 0, closest: null },
    yearFrom: query.yearFrom === year ? undefined : query.yearFrom,
    yearTo: query.yearTo === year ? undefined : query.yearTo,
  };
}

/** A film said as liked that the catalog lacks, typed as one word ("lebowski was great"). */
function likedWord(query: Query): string | undefined {
  const typed = query.like && !query.like.movie ? query.like.text.trim().toLowerCase() : '';
  return /^[a-z]+$/.test(typed) ? typed : undefined;
}

/** Whether the message says, after `title`, that it wants the opposite of it. */
function saidAsOpposite(message: string, title: string): boolean {
  const at = message.toLowerCase().indexOf(title.toLowerCase());
  return at >= 0 && OPPOSITE.test(message.slice(at + title.length));
}

/**
 * The message without the first of `titles` typed in it (words in order, any punctuation or case
 * between them), its other words and punctuation as typed; null when none is typed so.
 */
function withoutTitleTyped(message: string, titles: readonly string[]): string | null {
  const folded = foldAccents(message);
  for (const title of titles) {
    const words = titleWords(title);
    if (!words.length || words.some((w) => !/^[a-z]+$/.test(w))) continue;
    const at = new RegExp(`(?<![a-z0-9])${words.join("(?:'s)?[^a-z0-9]+")}(?![a-z0-9])`, 'i').exec(folded);
    if (at)
      return `${message.slice(0, at.index)} ${message.slice(at.index + at[0].length)}`
        .replace(/\s+/g, ' ')
        .trim();
  }
  return null;
}

/** Words typed in place of a title's words forgotten ("the spotless whatever"). */
const PLACEHOLDERS = new Set([
  'whatever',
  'something',
  'blah',
  'whatsit',
  'etc',
  'thingy',
  'whatchamacallit',
]);

/** A one-word title used by at most this many films' texts is a name, no plain word (`filmsNamedIn`). */
const DISTINCT_TITLE_WORD_FILMS = 5;

/** The query naming `movie`, its typed words no longer read as themes or unknown words. */
function namedFilm(query: Query, movie: CatalogMovie, typed: readonly string[]): Query {
  const own = new Set(typed);
  const mine = (w: string) => !own.has(w.toLowerCase());
  return {
    ...query,
    like: { text: movie.title, movie, confidence: 1, closest: null },
    themeWords: query.themeWords.filter(mine),
    textWords: query.textWords?.filter(mine),
    keywordsIn: query.keywordsIn.filter(mine),
    unknown: query.unknown.filter(mine),
    empty: false,
    social: undefined,
  };
}

/** "watched both of them", "seen all of them", "seen the whole series": every film of the franchise named. */
const ALL_OF_THEM_SEEN =
  /\b(?:watched|seen|saw|rewatched) (?:both|all|every one) of them\b|\b(?:watched|seen) (?:them )?(?:both|all)\b|\b(?:watched|seen) the whole (?:series|franchise|trilogy|saga)\b/i;

/** "seen X and Y already", "already watched X": the films someone has seen, as typed. */
const SEEN_ALREADY =
  /\b(?:seen|watched|saw)\s+(.+?)\s+already\b|\balready\s+(?:seen|watched|saw)\s+(.+?)(?:[.,;!?]|$)/i;
/** Words that ask for films other than those named ("anything else?", "what else", "others"). */
const ASKS_FOR_OTHERS = /\b(?:anything else|what else|something else|any others?|others|other ones|more)\b/i;

/**
 * A film with a subtitle named by its main title and words of the subtitle ("lord of the rings
 * fellowship"): every word of the main title typed, every typed word the title's, in its order.
 */
function mainTitleAndSubtitleWords(typed: readonly string[], title: string): boolean {
  const parts = title.split(/: | - /);
  if (parts.length < 2) return false;
  const main = titleWords(parts[0]!).filter((w) => !/^(?:the|a|an|of|and)$/.test(w));
  if (!main.length || !main.every((w) => typed.includes(w)) || typed.length <= main.length) return false;
  let i = 0;
  for (const w of titleWords(title)) if (w === typed[i]) i++;
  return i === typed.length;
}

/** The words of a short reply that takes a film offered ("ok, the original one then", "yes please"). */
const TAKING_WORDS = new Set(
  (
    'ah oh ok okay fine alright sure yes yeah yep yup please pls then well right cool great the that ' +
    'this one original old older first classic film movie version instead go for it take do works will ' +
    "is meant mean i i'll guess that's thats si sí oui ja sim"
  ).split(' '),
);
/** Of those, the words that point at it or say yes. */
const TAKING_POINTERS = new Set(
  'original old older first classic one it that yes yeah yep yup sure ok okay si sí oui ja sim'.split(' '),
);

/**
 * Decision 0126: the short names fans type for a film or a franchise ("more like lotr pls"), spelled
 * out before anything reads the message. Only unambiguous ones: "hp" or "got" mean other things too.
 */
const SHORT_NAMES: Record<string, string> = {
  lotr: 'lord of the rings',
  potc: 'pirates of the caribbean',
  gotg: 'guardians of the galaxy',
  tdk: 'the dark knight',
  esotsm: 'eternal sunshine of the spotless mind',
  mcu: 'marvel cinematic universe',
};
const SHORT_NAME = new RegExp(`\\b(?:${Object.keys(SHORT_NAMES).join('|')})\\b`, 'gi');

/**
 * Decision 0133: "the pixar movie coco, the day of the dead one", "the korean one": a little-known
 * film of the name typed that the message's own description rules out (another studio, language or
 * kind) is not the film meant; the one meant is missing, and said so (the rest is served).
 */
export function notTheNamesake(q: Query, message: string): Query {
  const m = q.like?.movie;
  if (!m || m.vote_count >= LITTLE_KNOWN_VOTES || q.like!.confidence < TITLE_CONFIDENCE) return q;
  const languages = q.languages.filter((l) => !l.startsWith('!'));
  const other =
    // "the bong joon-ho one that won the oscar": a film known for its maker or its prizes.
    !!q.person ||
    AWARDED.test(message) ||
    (q.studiosIn?.length && !q.studiosIn.some((k) => madeBy(m, k))) ||
    (languages.length && !languages.includes(m.original_language)) ||
    q.genreGroups.some((g) => g.length === 1 && !m.genre_ids.includes(g[0]!));
  return other
    ? { ...q, like: { ...q.like!, movie: null, confidence: 0, closest: null }, filmAsked: undefined }
    : q;
}

const AWARDED =
  /\b(?:won|wins|winning|winner of|swept) (?:the |an |all the |best picture at the )?(?:oscars?|academy awards?|palme d'or|golden (?:globe|lion|bear)s?|best picture)\b/i;

/**
 * Who made a film, said beside it, is no part of what is asked: "Parasite 2019 bong joon ho — is
 * it on here?" (a person named in a question whether one film is here) and "do you have parasite
 * by bong joon ho?" (a title read with its maker) ask about the film. The message without them.
 */
function withoutMakerSaid(message: string, q: Query): string {
  if (q.person && asksIfHere(message)) return withoutName(message, q.person);
  const title = q.like && !q.like.movie ? q.like.text : '';
  const bare = withoutMakerAfter(title);
  return bare === title ? message : message.replace(title, bare);
}

/** The message without a person's name (and a "by" before it), as typed otherwise. */
function withoutName(message: string, person: string): string {
  const name = titleWords(person);
  if (!name.length || name.some((w) => !/^[a-z0-9]+$/.test(w))) return message;
  const at = new RegExp(String.raw`(?:\bby\s+)?(?<![a-z0-9])${name.join('[^a-z0-9]+')}(?![a-z0-9])`, 'i');
  const found = at.exec(foldAccents(message));
  if (!found) return message;
  return `${message.slice(0, found.index)} ${message.slice(found.index + found[0].length)}`
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A film's edition or cut ("extended editions", "the director's cut"): the same film, no name of
 * its own. "Final Cut" without "the" is in titles ("Urban Legends: Final Cut").
 */
const EDITION = String.raw`(?:the\s+final\s+cut|(?:the\s+)?(?:extended|director'?s|directors|theatrical|ultimate|special|collector'?s|anniversary|remastered|unrated|uncut|imax|4k|criterion)\s+(?:edition|cut|version)s?)`;
/** "the extended edition of the two towers": the film after it. */
const EDITION_OF = new RegExp(String.raw`\b${EDITION}\s+of\s+`, 'gi');
/** "the lord of the rings extended editions", "blade runner (the final cut)": the film before it. */
const EDITION_AFTER = new RegExp(String.raw`(?<=[\p{L}\p{N}])[\s,:(–—-]+${EDITION}\b\)?`, 'giu');

/** The message with fans' short names spelled out and a film's edition or cut left out. */
export const spelledOut = (message: string): string =>
  message
    .replace(SHORT_NAME, (m) => SHORT_NAMES[m.toLowerCase()] ?? m)
    .replace(EDITION_OF, '')
    .replace(EDITION_AFTER, '');

/** Whether a message only takes the film offered: few words, each one of taking, or its year. */
export function takesOffer(message: string, film: { release_date?: string | null }): boolean {
  const words = message
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const year = film.release_date?.slice(0, 4);
  return (
    words.length > 0 &&
    words.length <= 8 &&
    words.every((w) => TAKING_WORDS.has(w) || w === year) &&
    words.some((w) => TAKING_POINTERS.has(w) || w === year)
  );
}

/**
 * The offline chat engine: understanding (`understand/`), retrieval (`retrieve.ts`) and wording
 * (`wording.ts`), joined with the conversation: follow-ups, refinements, no repeats.
 */
/** "like interstellar but not as long": shorter than the film named by a quarter, not a short film. */
function shorterThanNamed(q: Query, seed: CatalogMovie | null): Query {
  if (!q.runtimeShorter || !seed?.runtime || q.runtimeMax !== SHORT_MINUTES) return q;
  return { ...q, runtimeMax: Math.max(SHORT_MINUTES, 5 * Math.round((0.75 * seed.runtime) / 5)) };
}

export class ChatEngine {
  readonly referenceYear: number;
  /** The catalog's keywords with the speller and the retriever that read them: made on first use or in slices. */
  private parts: { keywords: ChatKeywords; speller: Speller; retriever: Retriever } | undefined;
  private semanticIndex: SemanticIndex | null = null;
  private exactTitles: Map<string, CatalogMovie[]> | undefined;
  private readonly titleCache = new Map<string, { movie: CatalogMovie; confidence: number } | null>();
  /** The first two or three words of the famous films' longer titles (`titleStartsTyped`), made with `exactTitles`. */
  private titleStarts: Map<string, CatalogMovie> | undefined;
  private readonly corpusWords = new Set<string>();

  private franchiseIndex: Franchises | null = null;

  /**
   * Decision 0129: a film named as liked that the catalog lacks by that title but that is a
   * franchise's name, exactly or with a slip ("harry poter vibes but for grown ups?"): the
   * franchise's first film.
   */
  private franchiseNamed(query: Query, message: string): Query {
    if (query.like?.movie) return this.franchiseOverFilm(query, message);
    if (!query.like) return query;
    const franchise = this.franchises().nearName(query.like.text);
    return franchise
      ? { ...query, like: { ...query.like, movie: franchise.members[0]!, confidence: 0.8, closest: null } }
      : query;
  }

  /**
   * "we loved those old Ocean's movies": a name said with "movies" or "films" after it names a
   * franchise of that name when the catalog has one, and its first film is better known than the
   * single film of that title (Ocean's Eleven, not "Oceans", a 2009 documentary).
   */
  private franchiseOverFilm(query: Query, message: string): Query {
    const like = query.like!;
    const key = franchiseKey(like.text);
    const words = key.split(' ');
    const said = ` ${franchiseKey(message)} `;
    if (!key || (!said.includes(` ${key} movies `) && !said.includes(` ${key} films `))) return query;
    const franchise = this.franchises().startingAt(words);
    const head = franchise?.members[0];
    if (
      !franchise ||
      !head ||
      franchise.length !== words.length ||
      franchise.members.some((m) => m.id === like.movie!.id) ||
      head.vote_count <= like.movie!.vote_count
    )
      return query;
    // Its films were seen: none of them is offered.
    return {
      ...query,
      like: { ...like, movie: head, confidence: 0.9, closest: null },
      collectionsOut: [...(query.collectionsOut ?? []), { id: franchise.id, name: franchise.name }],
    };
  }

  /** The catalog's franchises by name, made on first use. */
  private franchises(): Franchises {
    return (this.franchiseIndex ??= new Franchises(
      this.catalog.byId.values(),
      (name) =>
        this.keywordVocabulary.has(name) ||
        (!name.includes(' ') && (LEXICON_WORDS.has(name) || FILLER.has(name))),
    ));
  }

  constructor(
    readonly catalog: CatalogIndex,
    private readonly recommender: RecommenderClient | null,
    /** Live mode: movie ids of a named person (TMDB); absent offline, where the catalog has no cast. */
    private readonly moviesWithPerson?: (name: string) => Promise<number[] | null>,
    private readonly options: ChatEngineOptions = {},
  ) {
    this.referenceYear = Number(catalog.referenceDate.slice(0, 4));
  }

  /** The catalog's keywords, the speller and the retriever (made now when nothing made them yet). */
  private built() {
    return (this.parts ??= this.makeParts(chatKeywordsNow(this.catalog)));
  }

  /** The keywords a request's theme is read from. */
  get keywordVocabulary(): Set<string> {
    return this.built().keywords.vocabulary;
  }

  /** The keyword index built in slices (a server, once listening), unless a first use made it. */
  async prepareKeywords(): Promise<void> {
    if (this.parts) return;
    const keywords = await buildChatKeywords(this.catalog);
    this.parts ??= this.makeParts(keywords);
  }

  /** The retriever's ranking and theme tables made now, in tasks (`Retriever.prepare`). */
  async prepareRetrieval(): Promise<void> {
    await this.built().retriever.prepare();
  }

  private makeParts(keywords: ChatKeywords) {
    // Typo targets: the lexicon's words and the keywords'; known words are never "corrected".
    const targets = [...LEXICON_WORDS, ...[...keywords.vocabulary].flatMap((k) => k.split(' '))];
    for (const k of keywords.vocabulary) for (const w of k.split(/[^a-z]+/)) this.corpusWords.add(w);
    // A well-known film's title words are words ("totoro" is no "terror" heard by ear, "amelie" no typo).
    for (const m of this.catalog.popular) {
      if (m.vote_count < NAMED_MIN_VOTES) continue;
      for (const w of titleWords(m.title)) if (w.length >= 5) this.corpusWords.add(w);
    }
    const speller = new Speller(
      targets,
      // Function words are known too: German "einen" is not a typo of "weinen".
      (w) => LEXICON_WORDS.has(w) || FILLER.has(w) || this.corpusWords.has(w) || this.knownWord(w),
      // A language or a nation is a hard filter: read from a word typed so or nearly, never by ear
      // ("a stegosaurus plushie" is no Polish film).
      [...LEXICON_WORDS].filter((w) => !LANGUAGE_WORDS.has(w)),
      (w) => LEXICON_WORDS.has(w) || FILLER.has(w),
    );
    const retriever = new Retriever(
      this.catalog,
      keywords.byKeyword,
      () => this.semantic(),
      this.options.semantic ?? true,
      undefined,
      () => this.textIndex(),
    );
    return { keywords, speller, retriever };
  }

  /** The vectors: read from the cache file, or trained from the catalog on first use (and cached). */
  semantic(): SemanticIndex | null {
    if (this.semanticIndex || this.options.semantic === false) return this.semanticIndex;
    // Engines over the same catalog (tests, several apps in one process) share one set of vectors.
    const shared = sharedVectors.get(this.catalog);
    if (shared) return (this.semanticIndex = shared);
    const movies = vectorMovies(this.catalog);
    const tag = vectorsTag(this.catalog, movies.length);
    const file = this.options.vectorsFile;
    let parts = file && existsSync(file) ? deserializeSemantic(readFileSync(file), tag) : null;
    if (!parts && this.options.vectorsElsewhere?.()) return null;
    if (!parts) {
      parts = trainSemantic(movies);
      if (file) {
        try {
          mkdirSync(dirname(file), { recursive: true });
          const tmp = `${file}.${process.pid}.tmp`;
          writeFileSync(tmp, serializeSemantic(parts, tag));
          renameSync(tmp, file);
        } catch {
          /* a read-only data folder: train again next start */
        }
      }
    }
    this.semanticIndex = new SemanticIndex(parts);
    sharedVectors.set(this.catalog, this.semanticIndex);
    return this.semanticIndex;
  }

  private textIndexBuilt: TextIndex | undefined;

  /**
   * The catalog's text index (decision 0102): the films a pick can come from (10+ votes), by their
   * keywords, title, tagline and summary; built once, on first use or in `warm`.
   */
  textIndex(): TextIndex {
    if (this.textIndexBuilt) return this.textIndexBuilt;
    let index = sharedTexts.get(this.catalog);
    if (!index) {
      index = new TextIndex(this.textFilms());
      sharedTexts.set(this.catalog, index);
    }
    return (this.textIndexBuilt = index);
  }

  /** The text index built in slices (a server that answers meanwhile: at start, at a swap). */
  async prepareTextIndex(): Promise<void> {
    if (this.textIndexBuilt ?? sharedTexts.get(this.catalog)) return;
    const index = await TextIndex.build(this.textFilms());
    if (!sharedTexts.has(this.catalog)) sharedTexts.set(this.catalog, index);
  }

  private textFilms() {
    return this.catalog.popular.filter((m) => m.vote_count >= 10);
  }

  private knownWord(w: string): boolean {
    // The vectors know only words of Latin letters: garbage never loads (or trains) them (decision 0098).
    if (!/[a-z]/.test(foldAccents(w.toLowerCase()))) return false;
    if (this.options.semantic === false) return this.built() && this.corpusWords.has(w);
    return this.semantic()?.knows(w) ?? false;
  }

  private readonly parseContext: ParseContext = {
    referenceYear: 0,
    keywordVocabulary: new Set(),
    resolveTitle: (text) => this.resolveTitle(text),
    closestTitle: (text) => this.closestTitle(text),
    knownWord: (w) => this.knownWord(w),
    keywordFilms: (k) => this.built().keywords.byKeyword.get(k)?.size ?? 0,
    knownPerson: (words) => this.knownPerson(words),
    hasPeople: () => this.people() !== null,
    textFilms: (w) => this.textIndex().filmsWith(w),
    originalTitled: (title) => this.originalTitled(title),
    franchiseAt: (words, strict) => this.franchises().startingAt(words.map(franchiseKey), strict),
    franchiseHead: (id) => {
      // Its first film, unless a later one is far better known (Skyfall for the Bond films).
      const members = this.franchises().byCollection(id)?.members ?? [];
      const most = Math.max(0, ...members.map((m) => m.vote_count));
      return members.find((m) => m.vote_count * 2 >= most) ?? null;
    },
  };

  /** The first film released under exactly this title, among those with 50+ votes. */
  private originalTitled(title: string): CatalogMovie | null {
    this.buildExactTitles();
    const year = (m: CatalogMovie) => m.release_date || '9999';
    const films = (this.exactTitles!.get(titleWords(title).join(' ')) ?? []).filter(
      (m) => m.vote_count >= 50,
    );
    return films.sort((a, b) => year(a).localeCompare(year(b)))[0] ?? null;
  }

  /**
   * The catalog's person some typed words name: the people index's best match (case, accents and
   * typos forgiven), taken only when the whole name is within a typo or two of what was typed
   * (one up to 9 letters, two beyond), so that ordinary words are not read as a name.
   */
  private knownPerson(words: string): string | null {
    const index = peopleIndexOf(this.catalog);
    if (index.size === 0) return null;
    const typed = foldAccents(words.toLowerCase());
    const allowed = typed.replace(/\s/g, '').length > 9 ? 2 : 1;
    for (const match of index.search(typed, 3)) {
      const name = foldAccents(match.name.toLowerCase());
      if (name.split(' ').length === typed.split(' ').length && editDistance(typed, name, allowed) <= allowed)
        return match.name;
    }
    return null;
  }

  parse(message: string): Query {
    return understand(
      spelledOut(message),
      { ...this.parseContext, referenceYear: this.referenceYear, keywordVocabulary: this.keywordVocabulary },
      this.built().speller,
    );
  }

  /**
   * The catalog film a user means by some typed words, with a confidence (0..1). Among close
   * matches the better known film wins: "amelie" is Amélie, not an obscure exact namesake.
   */
  resolveTitle(text: string): { movie: CatalogMovie; confidence: number } | null {
    const yearMatch = /\b((?:19|20)\d\d)\b/.exec(text);
    const words = yearMatch ? text.replace(yearMatch[0], ' ') : text;
    const key = titleWords(words).join(' ');
    // Decision 0098: text with no letters the titles are matched in (emoji, symbols, other scripts'
    // rare signs) names no film; digits alone ("1917", "300") only by an exact title.
    if (!key || (!/[a-z]/.test(key) && !this.exactTitleOf(key))) return null;
    const cached = this.titleCache.get(`${key}|${yearMatch?.[1] ?? ''}`);
    if (cached !== undefined) return cached;
    let result = this.withoutPlaceholder(
      key,
      this.withoutMaker(text, this.searchTitle(words, key, yearMatch?.[1])),
    );
    // "2001 a space odysey": the number may be the title's own, not a year (decision 0120).
    if (yearMatch && (!result || result.confidence < TITLE_CONFIDENCE)) {
      const whole = this.searchTitle(text, titleWords(text).join(' '), undefined);
      if (
        whole &&
        whole.confidence >= TITLE_CONFIDENCE &&
        titleWords(whole.movie.title).includes(yearMatch[1]!)
      )
        result = whole;
    }
    if (this.titleCache.size > 5000) this.titleCache.clear();
    this.titleCache.set(`${key}|${yearMatch?.[1] ?? ''}`, result);
    return result;
  }

  /**
   * "eternal sunshine of the spotless whatever": a word standing in for the words forgotten ends
   * the title typed; the words before it name the film they begin, when one does.
   */
  private withoutPlaceholder(
    key: string,
    whole: { movie: CatalogMovie; confidence: number } | null,
  ): { movie: CatalogMovie; confidence: number } | null {
    const words = key.split(' ');
    if ((whole && whole.confidence >= 0.95) || words.length < 3 || !PLACEHOLDERS.has(words.at(-1)!))
      return whole;
    const title = this.resolveTitle(words.slice(0, -1).join(' '));
    // Said with the words forgotten, the film is meant as surely as one typed with a slip.
    return title && title.confidence >= TITLE_CONFIDENCE
      ? { movie: title.movie, confidence: Math.max(0.9, title.confidence) }
      : whole;
  }

  /**
   * Decision 0105: "Nolan's Inception", "Kubrick's The Shining": a maker's possessive before a title
   * is no part of it, when the whole is no title of its own ("Schindler's List", "Ocean's Eleven").
   */
  private withoutMaker(
    text: string,
    whole: { movie: CatalogMovie; confidence: number } | null,
  ): { movie: CatalogMovie; confidence: number } | null {
    const rest = /^\s*[\p{L}.-]+(?:'s|’s|s')\s+(.+)$/u.exec(text)?.[1];
    if (!rest || !/\p{L}{3}/u.test(rest) || (whole && whole.confidence >= TITLE_CONFIDENCE)) return whole;
    const title = this.resolveTitle(rest);
    return title && title.confidence >= TITLE_CONFIDENCE ? title : whole;
  }

  private searchTitle(
    words: string,
    key: string,
    year: string | undefined,
  ): { movie: CatalogMovie; confidence: number } | null {
    this.buildExactTitles();
    // A well-known film of exactly that name needs no fuzzy search; typed with a space its title does
    // not have ("old boy" for Oldboy), a well-known one-word title too (decision 0133).
    const joined = key.includes(' ') ? (this.exactTitles!.get(key.replace(/ /g, '')) ?? []) : [];
    const exact = (
      this.exactTitles!.get(key) ?? joined.filter((m) => m.vote_count >= NAMED_MIN_VOTES)
    ).filter((m) => !year || m.release_date?.startsWith(year));
    // A film whose whole title it is before the better-known films it only begins (Star Wars before
    // Star Wars: The Force Awakens), then the better known.
    const whole = (m: CatalogMovie) => (isWholeTitle(key, m) ? 1 : 0);
    const known = exact.sort((a, b) => whole(b) - whole(a) || b.vote_count - a.vote_count)[0];
    if (known && known.vote_count >= 100) return { movie: known, confidence: 1 };
    return this.searchTitleFuzzy(words, key, year);
  }

  private exactTitleOf(key: string): boolean {
    this.buildExactTitles();
    return this.exactTitles!.has(key);
  }

  /** The exact names of the catalog's films (and the best-known ones' names in other languages), made now unless made. */
  buildExactTitles(): void {
    if (!this.exactTitles) this.useTitles(buildExactTitlesNow(this.catalog));
  }

  /** The exact titles built in slices (a server, once listening), unless a first use made them. */
  async prepareExactTitles(): Promise<void> {
    if (this.exactTitles) return;
    const titles = await buildExactTitles(this.catalog);
    if (!this.exactTitles) this.useTitles(titles);
  }

  /** The exact titles, and with them the famous titles' first words (one pass, never on a visitor's turn). */
  private useTitles(titles: Map<string, CatalogMovie[]>): void {
    this.titleStarts = famousTitleStarts(this.catalog, titles);
    this.exactTitles = titles;
  }

  private searchTitleFuzzy(
    words: string,
    key: string,
    year: string | undefined,
  ): { movie: CatalogMovie; confidence: number } | null {
    const hits = this.catalog.searchTitlesTop(words, 25).movies;
    // Decision 0121: no title holds every word as typed ("pans labrynth"): the titles of a word long
    // enough for two slips (`near`), searched alone with its own, judged below on the whole.
    const typedWords = key.split(' ');
    if (!hits.length && typedWords.length >= 2)
      for (const w of new Set(typedWords.filter((x) => x.length >= TWO_SLIPS_LETTERS).slice(0, 2)))
        hits.push(...this.catalog.searchTitlesTop(w, 10).movies);
    // "Eternal Sunshine" for Eternal Sunshine of the Spotless Mind: the typed words start a famous
    // title; "lord of the rings fellowship": its words, in order, are a famous title's (decision 0126).
    const famous = famousTitleTyped(key.split(' '), hits);
    if (famous) return famous;
    let best: { movie: CatalogMovie; confidence: number; score: number } | null = null;
    for (const m of hits) {
      const main = m.title.split(/: | - /)[0]!;
      const confidence = Math.max(
        titleSimilarity(words, m.title),
        titleSimilarity(words, m.original_title),
        // "Leon" for "Leon: The Professional" when that film is well known, not "Barbie" for "Barbie: Fairytopia".
        main !== m.title ? Math.min(titleSimilarity(words, main), m.vote_count >= 300 ? 0.95 : 0.7) : 0,
      );
      if (confidence < 0.4) continue;
      let score = 2 * confidence + 0.25 * Math.log10(1 + m.vote_count);
      if (year && m.release_date?.startsWith(year)) score += 1;
      // A year that is not the film's means another film of that name ("The Batman (2022)").
      if (year && m.release_date && Math.abs(Number(m.release_date.slice(0, 4)) - Number(year)) > 1) continue;
      if (!best || score > best.score) best = { movie: m, confidence, score };
    }
    return best && { movie: best.movie, confidence: best.confidence };
  }

  /** Loads (or trains) the vectors and builds the title index now rather than on the first message. */
  warm(): void {
    this.prepareIndexes();
    this.textIndex();
    this.resolveTitle('warm up');
  }

  /**
   * What `warm` builds that does not need the catalog's title search: the vectors, loaded from
   * their file. Run before the server listens (main.ts); the indexes that grow with the catalog
   * (the text index: 1.7 s in one task at 180k films; the exact titles: 1.8 s) are built once
   * listening, in slices (`prepareTextIndex`, `prepareExactTitles`).
   */
  prepareIndexes(): void {
    this.semantic();
  }

  /**
   * Well-known films (NAMED_MIN_VOTES) whose whole title of two words or more is typed in the
   * message, longest first: "my kids love toy story, what else?" names Toy Story as loved, so it
   * is not a new film to offer. A one-word title ("Up", "Her") is too often a plain word; one that
   * is no word of the lexicon or the keywords and that few films' texts use ("just got into korean
   * cinema after oldboy") names its film too.
   */
  filmsNamedIn(message: string, seed: CatalogMovie | null = null): Set<number> {
    const named = new Set<number>();
    if (seed) named.add(seed.id);
    for (const hit of this.titlesTyped(message)) named.add(hit.id);
    for (const hit of this.oneWordTitlesTyped(message)) named.add(hit.id);
    const typed = [...named].map((id) => this.catalog.get(id)).filter((m): m is CatalogMovie => !!m);
    const isWord = (key: string) =>
      LEXICON_WORDS.has(key) || FILLER.has(key) || this.keywordVocabulary.has(key);
    for (const hit of listedTitles(message, typed, this.exactTitles!, isWord, NAMED_MIN_VOTES))
      named.add(hit.id);
    // (The film the request is like is named already as that.)
    if (seed) named.delete(seed.id);
    return named;
  }

  /**
   * "seen the fantastic beasts one too… what isn't harry potter or fantastic beasts?": the first
   * words of a famous longer title, one of them a word nothing else in the message reads, name that
   * film. It is known to the user, and its words are no themes (not "beasts" for Beauty and the
   * Beast). Words the lexicon reads ("high school", "the jungle") stay what they say.
   */
  private titleStartsTyped(
    query: Query,
    message: string,
    seed: CatalogMovie | null,
  ): { query: Query; films: number[] } {
    const words = titleWords(message);
    this.buildExactTitles();
    const starts = this.titleStarts!;
    const isWord = (w: string) =>
      !query.unknown?.includes(w) && (LEXICON_WORDS.has(w) || FILLER.has(w) || this.keywordVocabulary.has(w));
    const films: number[] = [];
    const taken = new Set<string>();
    for (let n = 3; n >= 2; n--)
      for (let i = 0; i + n <= words.length; i++) {
        const run = words.slice(i, i + n);
        const film = starts.get(run.join(' '));
        if (!film || film.id === seed?.id || run.every(isWord)) continue;
        films.push(film.id);
        for (const w of run) for (const x of [w, w.replace(/e?s$/, '')]) taken.add(x);
      }
    if (!films.length) return { query, films };
    const ofTitle = (k: string) => k.split(' ').every((w) => taken.has(w));
    return { query: { ...query, keywordsIn: query.keywordsIn.filter((k) => !ofTitle(k)) }, films };
  }

  /** Well-known films of a one-word title no other word is: few films' texts use it. */
  private oneWordTitlesTyped(message: string): CatalogMovie[] {
    const text = this.textIndex();
    if (!text) return [];
    this.buildExactTitles();
    const found: CatalogMovie[] = [];
    for (const w of new Set(titleWords(message))) {
      if (w.length < 4 || LEXICON_WORDS.has(w) || FILLER.has(w) || this.keywordVocabulary.has(w)) continue;
      const film = (this.exactTitles!.get(w) ?? []).find((m) => m.vote_count >= NAMED_MIN_VOTES);
      const read = film && TextIndex.words(w);
      if (!read || read.length !== 1) continue;
      const uses = text.filmsWith(read[0]!);
      if (uses >= 1 && uses <= DISTINCT_TITLE_WORD_FILMS) found.push(film);
    }
    return found;
  }

  /**
   * Decision 0121: the named film's franchise is no longer left out of "like X" (Before Sunset for
   * Before Sunrise, one film of it at most, retrieve.ts `distinct`); a film of it typed by name, even
   * of one word ("saw Alien and Aliens"), is known to the user.
   */
  private franchiseTyped(seed: CatalogMovie | null, message: string): number[] {
    const c = seed?.collection?.id;
    if (c === undefined) return [];
    // "we've watched both of them like 40 times": every film of it is known (decision 0126).
    if (ALL_OF_THEM_SEEN.test(message)) return this.collectionFilms().get(c) ?? [];
    const typed = ` ${titleWords(message).join(' ')} `;
    return (this.collectionFilms().get(c) ?? []).filter((id) => {
      const words = titleWords(this.catalog.get(id)?.title ?? '').join(' ');
      return words.length > 0 && typed.includes(` ${words} `);
    });
  }

  /** The well-known films whose whole title of two words or more is typed, longest first, none overlapping. */
  private titlesTyped(message: string): CatalogMovie[] {
    this.buildExactTitles();
    const words = titleWords(message);
    const found: CatalogMovie[] = [];
    const taken = new Array<boolean>(words.length).fill(false);
    for (let n = Math.min(8, words.length); n >= 2; n--)
      for (let i = 0; i + n <= words.length; i++) {
        if (taken.slice(i, i + n).some(Boolean)) continue;
        // Typed as the whole message, a title is meant though less known ("sweet november").
        const floor = n === words.length ? WHOLE_TITLE_MIN_VOTES : NAMED_MIN_VOTES;
        const hit = (this.exactTitles!.get(words.slice(i, i + n).join(' ')) ?? []).find(
          (m) => m.vote_count >= floor,
        );
        if (!hit) continue;
        found.push(hit);
        taken.fill(true, i, i + n);
      }
    return found;
  }

  /**
   * "top gun maverick pls, my dad's been asking about it all week": a sequel's name typed as the
   * first clause, the rest telling why (it asks for no films), is typed as the whole message.
   */
  private sequelAsFirstClause(query: Query, message: string, knowledge: WordKnowledge) {
    // Decision 0134: a dash ends the clause too ("inside out 2 — is it good?"), and a request that
    // points back at it ("top gun maverick — can you recommend it or stuff like it") asks about it.
    const at = /\s[—–-]+\s|[,.;!?…]/.exec(message);
    if (!at) return null;
    const rest = message.slice(at.index + at[0].length).trim();
    if (!rest || (knowledge.asksForFilms(rest) && !POINTS_BACK.test(rest))) return null;
    return sequelTyped(message.slice(0, at.index), query, knowledge);
  }

  /** Decision 0118 (`missing-title.ts`): a title typed in lower case where only a title can stand. */
  private titleTypedPlainly(query: Query, message: string): Query {
    const knowledge = this.wordKnowledge(query);
    const sequel =
      sequelTyped(message, query, knowledge) ?? this.sequelAsFirstClause(query, message, knowledge);
    // "leon the profesional": a well-known title typed with a typo, as long as the words typed, is
    // that film, not a sequel of a shorter title ("top gun maverick", "blade runner 2049").
    const typo = sequel && this.resolveTitle(sequel.text);
    if (
      typo &&
      typo.confidence >= 0.9 &&
      typo.movie.vote_count >= 100 &&
      titleWords(typo.movie.title).length >= titleWords(sequel.text).length
    )
      return {
        ...query,
        like: { text: sequel.text, movie: typo.movie, confidence: typo.confidence, closest: null },
        empty: false,
        social: undefined,
        unknown: [],
        themeWords: [],
        textWords: [],
        // The title's own words are no theme ("back to the future 3": no films about the future).
        keywordsIn: query.keywordsIn.filter((k) => !titleWordsOf(k, sequel.text)),
        filmAsked: true,
      };
    if (sequel) {
      const closest = this.exactTitleFilm(sequel.base);
      return {
        ...query,
        like: {
          text: /\p{Lu}/u.test(sequel.text) ? sequel.text : titleCased(sequel.text),
          movie: null,
          confidence: 0,
          closest,
        },
        empty: false,
        social: undefined,
        themeWords: [],
        textWords: [],
        unknown: [],
        keywordsIn: [],
      };
    }
    if (query.like) return query;
    const text = missingTitle(message, query, knowledge);
    if (!text) return query;
    const near = this.resolveTitle(text);
    const like =
      near &&
      (near.confidence >= TITLE_CONFIDENCE || slipOf(text, near.movie.title)) &&
      near.movie.vote_count >= 100
        ? { text, movie: near.movie, confidence: near.confidence, closest: null }
        : {
            text: /\p{Lu}/u.test(text) ? text : titleCased(text),
            movie: null,
            confidence: 0,
            closest:
              near && near.confidence >= 0.6 && near.movie.vote_count >= NAMED_MIN_VOTES ? near.movie : null,
          };
    // The whole message is the title: its words are no themes ("Past Lives" asks for no past films);
    // nor are the title's own words in a longer one ("is back to the future 3 worth it": no future).
    const whole = text === message.trim().replace(/[?!.]+$/, '');
    const keywordsIn = whole ? [] : query.keywordsIn.filter((k) => !titleWordsOf(k, text));
    return {
      ...query,
      like,
      keywordsIn,
      // A known film typed as the whole message is asked for itself ("leon the profesional").
      filmAsked: query.filmAsked || (whole && !!like.movie),
      empty: false,
      social: undefined,
      themeWords: [],
      textWords: [],
      unknown: [],
    };
  }

  /**
   * Decision 0118: "inception but darker", "heat but shorter", "the matrix but older": a message
   * that opens with a well-known film's whole title, then "but" (or "only", "with"…), asks for films
   * like it changed so. A one-word title that is also a theme ("alien but funny") stays the theme,
   * and words ending in "movie" name a kind ("superhero movie but not marvel").
   */
  private titleBeforeBut(query: Query, message: string): Query {
    if (query.like || query.person) return query;
    const words = titleWords(message);
    const k = words.findIndex((w, i) => i > 0 && TITLE_THEN.has(w));
    if (k < 1 || k > 6) return query;
    const typed = words.slice(0, k).join(' ');
    if (k === 1 && (this.keywordVocabulary.has(typed) || LEXICON_WORDS.has(typed))) return query;
    // "superhero movie but not marvel" names a kind, not the parody "Superhero Movie".
    if (/^(?:movies?|films?|flicks?)$/.test(words[k - 1]!)) return query;
    const movie = this.exactTitleFilm(typed);
    if (!movie) return query;
    return namedFilm(query, movie, words.slice(0, k));
  }

  /**
   * "The Thing (1982)", "the thing 1982 - not the remake", "heat 1995": a well-known film's whole
   * title typed just before its own release year is that film, whatever its words mean otherwise;
   * the year says which film, so it is no range of years asked for.
   */
  private titleWithItsYear(query: Query, message: string): Query {
    if (query.like || query.person || query.yearFrom === undefined || query.yearFrom !== query.yearTo)
      return query;
    const year = query.yearFrom;
    const at = new RegExp(`^(.*?)[\\s(]+'?${year}\\)?(?![\\d])`).exec(message);
    if (!at) return query;
    const words = titleWords(at[1]!);
    // "The Thing, the 1982 one", "the thing from 1982": the words between are no part of the title.
    while (words.length > 1 && /^(?:the|from|in|of|one)$/.test(words[words.length - 1]!)) words.pop();
    for (let n = Math.min(8, words.length); n >= 1; n--) {
      const typed = words.slice(words.length - n);
      if (n === 1 && (LEXICON_WORDS.has(typed[0]!) || this.keywordVocabulary.has(typed[0]!))) continue;
      this.buildExactTitles();
      const movie = (this.exactTitles!.get(typed.join(' ')) ?? []).find(
        (m) => m.vote_count >= NAMED_MIN_VOTES && m.release_date?.startsWith(String(year)),
      );
      if (!movie) continue;
      return { ...namedFilm(query, movie, typed), yearFrom: undefined, yearTo: undefined, filmAsked: true };
    }
    return query;
  }

  /**
   * "mononoke", "lebowski", "gump": a message of one word that no reading knows as a kind of film
   * (or whose one unread word is the whole request), found in the title of one well-known film only
   * (or one far better known than the next), names that film. A word of many titles ("dragon",
   * "love") stays what it is.
   */
  private titleByOneWord(query: Query, message: string): Query {
    if (query.like?.movie || query.person) return query;
    const words = titleWords(message.trim().replace(/[?!.]+$/, ''));
    // Decision 0129: "lebowski was great, more?": one word said as a film liked, that the catalog
    // lacks as a whole title, is the film it titles, and the rest of the request stands.
    const liked = words.length > 1 ? likedWord(query) : undefined;
    const likedFilm = liked ? this.filmOfTitleWord(liked) : undefined;
    if (likedFilm)
      return { ...query, like: { text: likedFilm.title, movie: likedFilm, confidence: 1, closest: null } };
    // A title the catalog was said to lack ("mononoke" is not a whole title) may be this word's film.
    if (query.genreGroups.length || query.moods.length || query.languages.length) return query;
    // Or the one unread word of a message that asks for nothing else and is no small talk or
    // off-topic ("shawshank. best movie ever. more like it??"), five letters or more.
    const unread =
      query.empty && !query.social && query.unknown.length === 1 ? query.unknown[0]!.toLowerCase() : '';
    const word = words.length === 1 ? words[0]! : unread.length >= 5 ? unread : '';
    const exact = this.filmOfTitleWord(word);
    const film = exact ?? this.filmOfSlippedWord(query);
    if (!film) return query;
    return {
      ...query,
      like: { text: film.title, movie: film, confidence: 1, closest: null },
      // The film itself is asked for when its word is the message ("gladiater"), not in a likeness
      // ("interstelar type movies pls").
      filmAsked: !!exact || words.length === 1,
      themeWords: [],
      textWords: [],
      keywordsIn: [],
      unknown: [],
      empty: false,
      social: undefined,
    };
  }

  /**
   * The famous film (SLIPPED_WORD_VOTES) whose whole title, of two words or more, is typed around
   * one of the message's unread words, each word exactly or a slip away (`near`), its leading
   * article perhaps left out; the unread word is one of its title's words or a slip of one.
   */
  private filmTypedAround(
    query: Query,
    words: readonly string[],
  ): { film: CatalogMovie; typed: string[]; at: number } | null {
    this.titleWordFilms ??= this.wellKnownByTitleWord();
    for (const unread of query.unknown.map((w) => w.toLowerCase())) {
      if (unread.length < 4 || LEXICON_WORDS.has(unread) || FILLER.has(unread)) continue;
      for (const film of this.filmsOfTitleWordNear(unread)) {
        const whole = titleWords(film.title);
        for (const title of /^(?:the|a|an)$/.test(whole[0]!) ? [whole, whole.slice(1)] : [whole]) {
          const typed = typedTitleAt(words, title, unread);
          if (typed) return { film, ...typed };
        }
      }
    }
    return null;
  }

  /** The famous films with this word in their title, or (five letters or more) a word a slip away. */
  private filmsOfTitleWordNear(typed: string): CatalogMovie[] {
    const exact = this.titleWordFilms!.get(typed);
    const out = exact ? [...exact] : [];
    if (!exact && typed.length >= 5 && !this.knownWord(typed))
      for (const [word, films] of this.titleWordFilms!) if (near(typed, word)) out.push(...films);
    return out.filter((m) => m.vote_count >= SLIPPED_WORD_VOTES).sort((a, b) => b.vote_count - a.vote_count);
  }

  /**
   * Decision 0131: "Zodiac. That movie. The obsession, the dead ends, the slow dread": a famous film's
   * whole title (1,000 votes) as the message's first sentence names it, before any lesser-known film
   * the words after it were read as ("dead ends": Dead End).
   */
  private titleAsFirstSentence(query: Query, message: string): Query {
    if (query.person) return query;
    const first = message.split(/[.!?\n]/)[0]!.trim();
    if (!first || first === message.trim().replace(/[?!.]+$/, '')) return query;
    const words = titleWords(first);
    if (!words.length || words.length > 8 || words.every((w) => FILLER.has(w))) return query;
    const film = this.exactTitleFilm(words.join(' '));
    if (!film || film.vote_count < SLIPPED_WORD_VOTES) return query;
    if (query.like?.movie && query.like.movie.vote_count >= film.vote_count) return query;
    // "date night. she likes romance…": words the reading takes as a request are that request.
    if (asksForFilms(this.parse(first))) return query;
    return namedFilm(query, film, words);
  }

  /**
   * Decision 0131: "forest gump but different", "shawshank redemtion but funnier": an unread word
   * of a famous film's title, typed among that title's other words (each exact or a slip away),
   * names it when no reading before did; the rest of the request stands.
   */
  private titleTypedWithASlip(query: Query, message: string): Query {
    if (query.like?.movie || query.person) return query;
    const words = titleWords(message.trim().replace(/[?!.]+$/, ''));
    const around = this.filmTypedAround(query, words);
    if (!around) return query;
    return {
      ...namedFilm(query, around.film, around.typed),
      // The film itself is asked for when its title is the message ("the godfahter", "… pls").
      filmAsked: words.every(
        (w, i) => (i >= around.at && i < around.at + around.typed.length) || ONLY_PADDING.test(w),
      ),
    };
  }

  /** The one well-known film (or one far better known than the next) whose title has this word. */
  private filmOfTitleWord(word: string): CatalogMovie | undefined {
    if (word.length < 4 || LEXICON_WORDS.has(word) || FILLER.has(word)) return undefined;
    this.titleWordFilms ??= this.wellKnownByTitleWord();
    const [first, second] = this.titleWordFilms.get(word) ?? [];
    return first && !(second && second.vote_count * 3 > first.vote_count) ? first : undefined;
  }

  /**
   * Decision 0130: "whiplsh was insane", "more like that interstelar one w mcconaughey": in a message
   * that asks for nothing else, the one unread word that is a slip of a famous film's one-word title
   * (1,000 votes, far better known than any other film with that word) is that film, even where
   * nothing else was read (no off-topic answer). A greeting or thanks stays one.
   */
  private filmOfSlippedWord(query: Query): CatalogMovie | undefined {
    if (!query.empty || query.social === 'greeting' || query.social === 'thanks') return undefined;
    this.titleWordFilms ??= this.wellKnownByTitleWord();
    const films = new Map<number, CatalogMovie>();
    for (const typed of query.unknown.map((w) => w.toLowerCase())) {
      if (typed.length < 5 || LEXICON_WORDS.has(typed) || this.knownWord(typed)) continue;
      for (const [word, [first, second]] of this.titleWordFilms) {
        if (!first || first.vote_count < SLIPPED_WORD_VOTES || !near(typed, word)) continue;
        if (titleWords(first.title).length === 1 && !(second && second.vote_count * 3 > first.vote_count))
          films.set(first.id, first);
      }
    }
    return films.size === 1 ? [...films.values()][0] : undefined;
  }

  private titleWordFilms: Map<string, CatalogMovie[]> | undefined;

  /** Each title word of the well-known films, with those films best known first. */
  private wellKnownByTitleWord(): Map<string, CatalogMovie[]> {
    const byWord = new Map<string, CatalogMovie[]>();
    for (const m of this.catalog.popular) {
      if (m.vote_count < NAMED_MIN_VOTES) continue;
      for (const w of new Set(titleWords(m.title))) {
        let list = byWord.get(w);
        if (!list) byWord.set(w, (list = []));
        list.push(m);
      }
    }
    for (const list of byWord.values()) list.sort((a, b) => b.vote_count - a.vote_count);
    return byWord;
  }

  /** A well-known film titled exactly so (lower-case words), the best known. */
  private exactTitleFilm(words: string): CatalogMovie | null {
    this.buildExactTitles();
    return (
      (this.exactTitles!.get(titleWords(words).join(' ')) ?? [])
        .filter((m) => m.vote_count >= NAMED_MIN_VOTES)
        .sort((a, b) => b.vote_count - a.vote_count)[0] ?? null
    );
  }

  /** What the missing-title rules know of words, for this message's reading. */
  private wordKnowledge(query: Query): WordKnowledge {
    return {
      // A lexicon word left unread ("encanto" of "me encanto") is no word the reading knows here.
      known: (w) =>
        (LEXICON_WORDS.has(w) && !query.unknown.includes(w)) ||
        this.keywordVocabulary.has(w) ||
        this.knownWord(w),
      // A comparative or a direction alone ("but darker") asks for films too.
      asksForFilms: (text) => {
        const q = this.parse(text);
        return asksForFilms(q) || Object.keys(q.soft).length > 0 || !!q.comparative || !!q.followUp;
      },
      asksForKind: (text) => {
        const q = this.parse(text);
        return (
          asksForFilms({ ...q, keywordsIn: [], themeWords: [], textWords: [], keywordsOut: [] }) ||
          !!q.followUp
        );
      },
      titled: (words) => {
        const film = this.exactTitleFilm(words);
        return film ? { title: film.title } : null;
      },
    };
  }

  /**
   * Decision 0118: a message that asks for nothing the reading found ("shawshank redemption... is it
   * actually worth the hype", read as off-topic) but types one well-known film's whole title is
   * about that film: it is the film named, as after "like".
   */
  private aboutTheFilmTyped(query: Query, message: string): Query {
    if (query.like || query.person) return query;
    const typed = this.titlesTyped(message);
    if (typed.length !== 1) return query;
    const movie = typed[0]!;
    // Decision 0151: "who won the game last night": a question about something else that types a
    // title of ordinary words in lower case (The Game) is still that question.
    if (query.social === 'off-topic' && this.ordinaryWordsTyped(movie, message)) return query;
    // "the dark knight rises... worth the hype?": what the reading found came from the title's own
    // words (its moods and genres are the title's alone) when the rest of the message asks for
    // nothing. A title of request words only ("a scary movie") is those words.
    if (!(query.empty || query.social === 'off-topic')) {
      if (titleWords(movie.title).every((w) => LEXICON_WORDS.has(w) || FILLER.has(w))) return query;
      const rest = withoutTitleTyped(message, [movie.title, movie.original_title]);
      const around = rest === null ? null : this.parseAround(rest);
      // (Loose words around it, "worth the hype", ask for nothing.)
      if (!around || (!around.empty && hasRequest({ ...around, themeWords: [], textWords: [] })))
        return query;
      const own = this.parse(movie.title);
      const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
      if (!asksForFilms(own) || !same(own.moods, query.moods) || !same(own.genreGroups, query.genreGroups))
        return query;
    }
    return {
      ...query,
      like: { text: movie.title, movie, confidence: 1, closest: null },
      filmAsked: true,
      empty: false,
      social: undefined,
      themeWords: [],
      unknown: [],
    };
  }

  /**
   * A title of one ordinary word (the lexicon's or a catalog keyword) besides filler ("The Game"),
   * typed in lower case.
   */
  private ordinaryWordsTyped(movie: CatalogMovie, message: string): boolean {
    const words = titleWords(movie.title).filter((w) => !FILLER.has(w));
    if (words.length !== 1 || !(LEXICON_WORDS.has(words[0]!) || this.keywordVocabulary.has(words[0]!)))
      return false;
    return !message
      .split(/[^\p{L}\p{N}']+/u)
      .some((t) => /^\p{Lu}/u.test(t) && words.includes(foldAccents(t.toLowerCase())));
  }

  private collections: Map<number, number[]> | undefined;
  /** The catalog's films by TMDB collection (made once). */
  private collectionFilms(): Map<number, number[]> {
    if (this.collections) return this.collections;
    const byCollection = new Map<number, number[]>();
    for (const m of this.catalog.popular) {
      const c = m.collection?.id;
      if (c === undefined) continue;
      const list = byCollection.get(c);
      if (list) list.push(m.id);
      else byCollection.set(c, [m.id]);
    }
    return (this.collections = byCollection);
  }

  /** The best-known film whose whole title starts the typed words ("Frozen" for "Frozen II"). */
  closestTitle(text: string): CatalogMovie | null {
    this.resolveTitle(text); // builds the exact-title index
    const words = titleWords(text);
    for (let n = words.length - 1; n >= 1; n--) {
      const hit = (this.exactTitles!.get(words.slice(0, n).join(' ')) ?? []).sort(
        (a, b) => b.vote_count - a.vote_count,
      )[0];
      if (hit && hit.vote_count >= 50 && !/^(the|a|an)$/.test(words.slice(0, n).join(' '))) return hit;
    }
    return null;
  }

  private catalogPeople: PeopleIndex | null | undefined;

  /** The people index given, else the catalog's own (made on first use; null without credits). */
  private people(): PeopleIndex | null {
    if (this.options.people !== undefined) return this.options.people;
    return (this.catalogPeople ??= peopleFrom(peopleIndexOf(this.catalog)));
  }

  /** What the turn handlers use (`turns/`): the catalog, retrieval and the conversation's tools. */
  private turns: TurnContext | undefined;
  private turnContext(): TurnContext {
    return (this.turns ??= {
      catalog: this.catalog,
      retrieve: (q, input) => this.built().retriever.retrieve(q, input),
      neighbours: (seed) => this.neighbours(seed),
      franchises: () => this.franchises(),
      merge: joinRequests,
      resolveTitle: (text) => this.resolveTitle(text),
      people: () => this.people(),
      moviesWithPerson: this.moviesWithPerson,
      liveCheck: this.options.liveCheck,
      filmCredits: this.options.filmCredits,
    });
  }

  /**
   * Answers a message: understand (the message into a Query), decide (which kind of turn:
   * `turns/respond.ts`), then that turn's handler retrieves and words the reply. `seen` (the user's
   * seen films) are left out of the picks, as those already suggested are.
   */
  async answer(
    message: string,
    state: ConversationState,
    seen: ReadonlySet<number> = new Set(),
  ): Promise<EngineAnswer> {
    return respond(this.request(message, state, seen), this.turnContext());
  }

  /**
   * The readings of a title the clauses could not make alone, in order: each returns the query as it
   * was when it does not apply (decisions 0118, 0120).
   */
  private readonly titleReadings: readonly ((this: ChatEngine, q: Query, message: string) => Query)[] = [
    this.titleBeforeBut,
    this.titleWithItsYear,
    this.titleTypedPlainly,
    this.titleByOneWord,
    this.aboutTheFilmTyped,
    this.titleTypedWithASlip,
    this.titleAsFirstSentence,
    this.titlesNotUncaught,
    this.languageBesideTitle,
  ];

  /**
   * The message's language told by its words beside the title read ("is la la land on here?": the
   * title's "la" is no Spanish). With too few of them, the language is weak: the conversation's holds.
   */
  private languageBesideTitle(query: Query, message: string): Query {
    const film = query.like?.movie;
    if (!film || query.lang === 'en') return query;
    const rest = withoutTitleTyped(message, [query.like!.text, film.title, film.original_title]);
    if (rest === null) return query;
    const beside = languageEvidence(tokenize(rest));
    if (beside.lang === query.lang) return query;
    return { ...query, lang: beside.lang, langWeak: beside.markers < LANGUAGE_SURE };
  }

  /**
   * A word left unread that is a well-known film's whole title ("not casablanca, i've seen it") is
   * no word the chat failed to catch: the reply does not say "I didn't catch 'casablanca'".
   */
  private titlesNotUncaught(query: Query): Query {
    const unknown = query.unknown.filter((w) => !this.exactTitleFilm(w));
    return unknown.length === query.unknown.length ? query : { ...query, unknown };
  }

  /**
   * The words around a title, read once per message: `aboutTheFilmTyped` and `readAroundTitle` both
   * ask (the understand stage is synchronous, so one message's reading never meets another's).
   */
  private around: { text: string; query: Query } | undefined;
  private parseAround(text: string): Query {
    if (this.around?.text !== text) this.around = { text, query: this.parse(text) };
    return this.around.query;
  }

  /**
   * A film the readings above found, its title typed in the message: what the message wants is
   * read again from the words around the title, so that the title's own words are no mood, genre
   * or theme ("The Hurt Locker": no "locker", German for easy-going; "is Funny Games worth it").
   */
  private readAroundTitle(parsed: Query, read: Query, message: string): Query {
    const film = read.like?.movie;
    if (!film || parsed.like?.movie?.id === film.id) return read;
    const rest = withoutTitleTyped(message, [read.like!.text, film.title, film.original_title]);
    if (rest === null) return read;
    const around = this.parseAround(rest);
    const wanted: (keyof Query)[] = [
      'genreGroups',
      'moodGroups',
      'genresOut',
      'impliedOut',
      'keywordsIn',
      'keywordsOut',
      'outLabels',
      'moodKeywords',
      'occasion',
      'moods',
      'notMoods',
      'soft',
      'themeWords',
      'textWords',
      'unknown',
    ];
    return { ...read, ...Object.fromEntries(wanted.map((k) => [k, around[k]])) };
  }

  /** The understand stage: the message read, with what the conversation knows. */
  private request(typed: string, state: ConversationState, seen: ReadonlySet<number>): ChatRequest {
    // (Nothing read of another message is reused: its query may since have been changed.)
    this.around = undefined;
    const spelled = spelledOut(typed);
    const first = this.parse(spelled);
    const message = withoutMakerSaid(spelled, first);
    const parsed = message === spelled ? first : this.parse(message);
    const read = yearOfTheTitleDropped(
      this.readAroundTitle(
        parsed,
        this.titleReadings.reduce((q, reading) => reading.call(this, q, message), parsed),
        message,
      ),
    );
    // "just watched get out, loved it. anything similar?": similar to the film the message names.
    let query = read.like?.movie && read.followUp === 'another' ? { ...read, followUp: undefined } : read;
    // "Heat, do you have it?": the film itself is asked for, as in "do you have heat?".
    if (query.like?.movie && !query.filmAsked && asksIfHere(message)) query = { ...query, filmAsked: true };
    query = this.offerTaken(query, message, state);
    // "my ex made me watch Titanic every valentine's… i want the opposite of that": a film named as
    // what the request is not is no film to match, and none to offer.
    const contrast = query.like?.movie && saidAsOpposite(message, query.like.text) ? query.like.movie : null;
    if (contrast) query = { ...query, like: undefined };
    query = anotherYearsFilm(query, message, this.referenceYear);
    query = notTheNamesake(query, message);
    query = this.franchiseNamed(query, message);
    const already = this.seenAlready(query, message, state);
    if (already) query = already.query;
    const seed = query.like?.movie ?? null;
    const started = this.titleStartsTyped(query, message, seed);
    query = started.query;
    const named = this.filmsNamedIn(message, seed);
    for (const id of started.films) named.add(id);
    for (const id of already?.seen ?? []) named.add(id);
    if (contrast) named.add(contrast.id);
    for (const id of this.franchiseTyped(seed, message)) named.add(id);
    query = shorterThanNamed(query, seed);
    // "not the sequels pls" after "like die hard": the conversation's film.
    const film = seed ?? (state.lastSeed ? (this.catalog.get(state.lastSeed) ?? null) : null);
    return {
      message,
      query: franchiseRuledOut(query, film, message),
      seed,
      last: lastRequest(state, query, message),
      state,
      seen,
      named,
    };
  }

  /**
   * Decision 0126: "ah ok. the original one then?", "yes please", "the 1982 one" after a reply that
   * offered a film in place of a title the catalog lacks: that film is asked for, as if named.
   */
  private offerTaken(query: Query, message: string, state: ConversationState): Query {
    const film = state.offered ? this.catalog.get(state.offered) : undefined;
    if (!film || query.like || query.person || !takesOffer(message, film)) return query;
    return {
      ...query,
      like: { text: film.title, movie: film, confidence: 1, closest: null },
      filmAsked: true,
      empty: false,
      social: undefined,
      followUp: undefined,
      unknown: [],
      themeWords: [],
    };
  }

  /**
   * Decision 0126: "ooh ok, seen ex machina and moon already tho. anything else?" after a list: the
   * films named are seen (left out), not liked, and the last request goes on for others.
   */
  private seenAlready(
    query: Query,
    message: string,
    state: ConversationState,
  ): { query: Query; seen: number[] } | null {
    if (!state.lastIntent || !ASKS_FOR_OTHERS.test(message)) return null;
    const m = SEEN_ALREADY.exec(message);
    const span = m?.[1] ?? m?.[2];
    if (!span) return null;
    const films = span
      .split(/\s*(?:,|\band\b|&|\+)\s*/i)
      .map((part) => this.exactTitleFilm(part))
      .filter((f): f is CatalogMovie => !!f);
    if (!films.length) return null;
    return {
      query: {
        ...query,
        like: undefined,
        keywordsIn: [],
        themeWords: [],
        textWords: [],
        unknown: [],
        followUp: 'another',
        empty: false,
        social: undefined,
      },
      seen: films.map((f) => f.id),
    };
  }

  /** Which kind of turn a message is, as the decide stage reads it (for tests and logs). */
  kindOf(message: string, state: ConversationState): TurnKind {
    return turnKind(this.request(message, state, new Set()), this.turnContext());
  }

  /** Retrieval for a structured query (LLM mode's tool): up to 10 films that meet every filter. */
  async search(q: Query, exclude: ReadonlySet<number>, seed: CatalogMovie | null): Promise<CatalogMovie[]> {
    const neighbours = seed ? await this.neighbours(seed) : null;
    return this.built()
      .retriever.retrieve(q, { exclude, seed, neighbours, count: 10 })
      .picks.map((p) => p.movie);
  }

  /** Neighbours from the recommendation service, when it answers (ranks 0..49). */
  private async neighbours(seed: CatalogMovie): Promise<Map<number, number> | null> {
    // Decision 0087: at most 250 ms, never a failed turn (neighbours.ts).
    return neighboursOf(this.recommender, seed.id);
  }
}

export { TITLE_CONFIDENCE };

/** A request that points back at the film named before it ("can you recommend it", "stuff like it"). */
const POINTS_BACK = /\b(?:it|that one|this one)\b/i;

/** Words after a film's title that start what is changed of it ("inception but darker"). */
const TITLE_THEN = new Set(['but', 'only', 'except', 'without', 'minus']);

/** "top gun maverick" → "Top Gun Maverick": a title typed in lower case, as it is said back. */
const titleCased = (text: string) =>
  text.replace(/(^|[\s-])(\p{Ll})/gu, (_, space: string, c: string) => space + c.toUpperCase());

/**
 * A long title typed with a slip or two ("eternal sunshine of the spotless mine"): that film, not
 * one the catalog lacks (a letter per twelve typed, at least one).
 */
function slipOf(typed: string, title: string): boolean {
  const [a, b] = [typed, title].map((t) =>
    foldAccents(t.toLowerCase())
      .replace(/[^a-z0-9]+/g, ' ')
      .trim(),
  );
  const budget = Math.max(1, Math.floor(a!.length / 12));
  return a!.length >= 10 && editDistance(a!, b!, budget) <= budget;
}

/** A question about the films shown ("which of those…", "¿cuál de esas…?"): it narrows no request. */
const ASKS_OF_SHOWN = saysOneOf([...inEveryLanguage('whichOfShown'), ...inEveryLanguage('anyOfShown')]);

/**
 * Decision 0157: after a request that showed no films (a person, offline), only a message that
 * merely narrows it ("only the ones from before 2005", "any of his under 100 minutes?") goes on
 * with it; one that asks for a kind of its own ("just a really good drama then") or a question
 * about films shown starts afresh.
 */
const lastRequest = (state: ConversationState, query: Query, message: string): Query | null =>
  state.lastRemembered && !narrowsOnly(query, message) ? null : state.lastIntent;

function narrowsOnly(query: Query, message: string): boolean {
  const said = normalize(message);
  return isRefinement(query) && !/\bwhich\b/.test(said) && !ASKS_OF_SHOWN(said);
}
