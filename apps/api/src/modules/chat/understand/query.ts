import type { CatalogMovie } from '@app/catalog';
import type { Soft } from './lexicon';

/** A title the user named, resolved against the catalog (movie null: not found). */
export interface NamedTitle {
  /** The words the user typed for it. */
  text: string;
  movie: CatalogMovie | null;
  /** 0..1: how close the typed words are to the movie's title. */
  confidence: number;
  /** When not found: the nearest title, offered as a question, never used silently. */
  closest: CatalogMovie | null;
}

/** A kind of earlier constraint a message lifts; 'all' starts the conversation's request afresh. */
export type Dropped = 'languages' | 'years' | 'runtime' | 'rating' | 'all';

export type FollowUp = 'another' | 'newer' | 'older' | { likeOrdinal: number };

/** What a message asks for, as explicit constraints (hard) and preferences (soft). */
export interface Query {
  /** A film needs at least one genre of each group (a genre word is a group of one). */
  genreGroups: number[][];
  /**
   * The groups of `genreGroups` that a broad mood brought ("feel-good": comedy, family, animation,
   * romance, music), by `groupKey`: they rank, they do not filter (decision 0110).
   */
  moodGroups?: string[];
  /** Genres the user ruled out. */
  genresOut: number[];
  /** Genres a mood rules out ("feel-good": no horror); never restated as the user's words. */
  impliedOut: number[];
  /** Catalog keywords the user asked for: a film needs one. */
  keywordsIn: string[];
  /** Catalog keywords the user ruled out ("without battle scenes"). */
  keywordsOut: string[];
  /** The theme a keyword (asked for or ruled out) was said as, when a word stood for several ("supernatural"). */
  outLabels?: Record<string, string>;
  /** Keywords that come with a mood: they only lift a film's fit. */
  moodKeywords: string[];
  /**
   * Decision 0160: an occasion's keywords were lifted ("hosting a halloween party"), said as this
   * label ("spooky"): with no theme asked, a film must carry one of them, as a mood of keywords
   * alone requires.
   */
  occasion?: string;
  moods: string[];
  /** Moods the user ruled out ("not too sad"). */
  notMoods?: string[];
  yearFrom?: number;
  yearTo?: number;
  runtimeMin?: number;
  runtimeMax?: number;
  /** The ceiling is strict: "under 95 minutes", "menos de 95" leave a 95-minute film out (0115). */
  runtimeBelow?: boolean;
  /** The minimum length came with a mood ("epic"), not from the user's words: not restated. */
  runtimeImplied?: boolean;
  /** "shorter", "not as long": the ceiling is said against a film, the one named when there is one. */
  runtimeShorter?: boolean;
  /** Minimum vote average out of 10. */
  minRating?: number;
  /** Lesser-known films asked for ("underrated", "hidden gems"): fame counts up to a point only. */
  lesserKnown?: boolean;
  /** Decision 0133: how many films were asked for ("give me 3 mafia movies"), 2 to 10. */
  count?: number;
  /** Films wanted for being bad ("so bad it's good"): the well-known, worst rated first. */
  worstFirst?: boolean;
  /** Studios ruled out by name (`STUDIOS` keys: "not disney and not pixar"). */
  studiosOut?: string[];
  /** Studios asked for by name (`STUDIOS` keys: "pixar movies", "something from a24"): a film of one of them. */
  studiosIn?: string[];
  /** Countries asked for (ISO codes: "and british", "filmes brasileiros"): a film made in one of them. */
  countriesIn?: string[];
  /** Countries ruled out (ISO codes: "not american this time", "from other countries"). */
  countriesOut?: string[];
  /** Original languages (TMDB codes), any of them. */
  languages: string[];
  /** Film traditions named ("Nordic noir", "anime"): the reply says them so, not as their languages. */
  traditions?: string[];
  like?: NamedTitle;
  /** Further films liked beside the first, joined by "and" or "or" ("like Memento or Inception"). */
  alsoLike?: CatalogMovie[];
  person?: string;
  /** A person the message rules out ("nothing with Will Ferrell"): never a request for their films. */
  personOut?: string;
  /** Franchises ruled out by name ("skip the star wars stuff"): their TMDB collections' ids and names. */
  collectionsOut?: { id: number; name: string }[];
  /**
   * Decision 0129: "not a sequel, remake or part of some franchise", "original stuff only": no film
   * of a franchise (a TMDB collection), no remake.
   */
  standalone?: boolean;
  /** The message asks who made or plays in a film ("who directed Pulp Fiction?"). */
  peopleQuestion?: boolean;
  /** The words naming the film such a question asks about ("Pulp Fiction"), when it names one. */
  askedFilm?: string;
  soft: Soft;
  /** A comparative was given ("less scary", "more light-hearted"): relative to the last request. */
  relative?: boolean;
  /** Built from the last request and this message (a refinement or a follow-up). */
  refined?: boolean;
  /** The comparative as the reply restates it ("less scary"). */
  comparative?: string;
  /**
   * A register said of a kind ("dumb action", "a stupid comedy"): the direction it moves that kind's
   * films (`MoodRule.direction`); the viewer's state alone ("hungover") moves nothing.
   */
  moodDirection?: string;
  /**
   * Where a comparative starts from, on the darkness scale (−1 light … +1 dark): the named film, or
   * the last picks. "Less scary" then means clearly lighter than that, not the lightest film there is.
   */
  darkFrom?: number;
  /** Moods a comparative moves away from: a follow-up drops them from the last request. */
  awayMoods?: string[];
  /** The genre group that replaces one a comparative emptied ("less scary" after horror: thrillers, mysteries). */
  instead?: number[];
  /**
   * Decision 0121: the themes that keep a subject the comparative emptied ("a horror movie" → "less
   * scary": ghosts and haunted houses, Beetlejuice rather than The Green Mile).
   */
  insteadKeywords?: string[];
  followUp?: FollowUp;
  /** Films under 40 minutes and TV movies only when asked for. */
  allowShorts: boolean;
  allowTv: boolean;
  /**
   * The youngest child's age given ("for my 6 year old"): every pick must be a film for a child of
   * that age (retrieve.ts `forChildren`), never a horror, thriller, crime or war film without the
   * Family genre, whatever mood is asked for ("a scary movie for my 8 year old" is no Bone
   * Tomahawk). A hard filter, never relaxed.
   */
  childAge?: number;
  /** "a miniseries", "a TV series": series are wanted, not only allowed. */
  wantSeries?: boolean;
  /** The chat itself judged, nothing asked ("this bot is useless"): an apology and a way on. */
  rebuked?: boolean;
  /** Greetings and off-topic questions get a short redirect without films. */
  social?: 'greeting' | 'thanks' | 'off-topic';
  /**
   * Decision 0118: the message asks for the film named itself (its title alone, "do you have X?",
   * "is X on here?", "is X worth it?"): the reply shows it first, then films like it.
   */
  filmAsked?: boolean;
  /** Decision 0119: the franchise (TMDB collection id) the reply listed; "and the 60s ones?" narrows it. */
  franchise?: number;
  /** The language the message was written in. */
  lang: MessageLang;
  /** Too few of its function words to tell (decision 0134): a conversation keeps its language. */
  langWeak?: boolean;
  /** Languages the function words could not tell apart ("algo más corto": es or pt): a conversation in one keeps it. */
  langTied?: MessageLang[];
  /** Words no rule used but the catalog's vocabulary knows: themes for semantic retrieval. */
  themeWords: string[];
  /**
   * Decision 0102: the message's topic words no clause read ("lighthouse", "keeper"), as the
   * catalog's text index reads them: they find films by their keywords, title, tagline and summary.
   */
  textWords?: string[];
  /**
   * Decision 0126: an older viewer will watch ("with my grandma", "grandpa (90)", "in their 80s"):
   * no cartoon or horror film unless named. A viewer named is a request for films.
   */
  elder?: boolean;
  /** Genres named as alternatives ("westerns or war films"): the reply says them so. */
  saidEither?: number[][];
  /** Words nothing understood: the reply says so. */
  unknown: string[];
  /**
   * Decision 0126: the message runs long (`LONG_MESSAGE` words), so its unread words are mostly the
   * story around the request ("my brain is still buzzing", "with my girlfriend tonight"): the reply
   * names only those ruled out.
   */
  longMessage?: boolean;
  /** Starts like a refinement ("only dramas", "and in French"): narrows the last request. */
  narrows?: boolean;
  /** "thrillers instead": the genres and moods named replace the last request's (the rest holds). */
  replaces?: boolean;
  /**
   * What the message says no longer holds ("any language", "any decade", "start over"): the
   * conversation's earlier constraints of that kind are not carried into this turn (turns/merge.ts).
   */
  drops?: Dropped[];
  /** "recommend me a movie": nothing to narrow it down; the engine offers crowd favourites. */
  vague?: boolean;
  /**
   * Nothing in the message could be read and nothing in it was off-topic either: in a conversation
   * it is taken as a try at steering the list rather than as off-topic.
   */
  unread?: boolean;
  /** Nothing read, and the message is in a language the chat does not read (decision 0149). */
  unreadLanguage?: boolean;
  /** The message names films as what it wants ("French films from the 60s"), not "ones" or nothing. */
  namesFilms?: boolean;
  /** True when nothing in the message was a request the engine could act on. */
  empty: boolean;
}

/** Languages a message is read in (Italian and Portuguese since round 5). */
export type MessageLang = 'en' | 'es' | 'fr' | 'de' | 'it' | 'pt';

export function emptyQuery(lang: Query['lang'] = 'en'): Query {
  return {
    genreGroups: [],
    genresOut: [],
    impliedOut: [],
    keywordsIn: [],
    keywordsOut: [],
    moodKeywords: [],
    moods: [],
    languages: [],
    soft: {},
    allowShorts: false,
    allowTv: false,
    lang,
    themeWords: [],
    unknown: [],
    empty: true,
  };
}

/** A kind of film was asked for: a genre, a mood or a catalog theme. */
export const asksForKind = (q: Query): boolean =>
  q.genreGroups.length > 0 || q.moods.length > 0 || q.keywordsIn.length > 0;

/**
 * Something a film can be checked against (a genre, mood, theme, language, years, length or
 * rating): more than a title or a story's words.
 */
export function asksForFilms(q: Query): boolean {
  return (
    asksForKind(q) ||
    q.languages.length > 0 ||
    q.yearFrom !== undefined ||
    q.yearTo !== undefined ||
    q.runtimeMax !== undefined ||
    q.minRating !== undefined
  );
}

/** Studios or countries asked for or ruled out ("pixar movies", "not marvel", "and british"). */
const namesMakers = (q: Query): boolean =>
  [q.studiosOut, q.studiosIn, q.countriesIn, q.countriesOut].some((list) => !!list?.length);

/** True when the query asks for anything: films to check against, a film or person, a direction. */
export function hasRequest(q: Query): boolean {
  return (
    asksForFilms(q) ||
    !!q.like ||
    !!q.followUp ||
    !!q.elder ||
    !!q.person ||
    !!q.personOut ||
    !!q.collectionsOut?.length ||
    !!q.standalone ||
    !!q.lesserKnown ||
    !!q.worstFirst ||
    namesMakers(q) ||
    q.genresOut.length > 0 ||
    q.keywordsOut.length > 0 ||
    (q.notMoods?.length ?? 0) > 0 ||
    q.runtimeMin !== undefined ||
    q.soft.dark !== undefined ||
    q.soft.funny !== undefined ||
    q.comparative !== undefined ||
    q.themeWords.length > 0 ||
    (q.textWords?.length ?? 0) > 0
  );
}

/** Only narrows a previous request: no new subject of its own ("from the 90s", "but darker"). */
export function isRefinement(q: Query): boolean {
  return (
    !q.like &&
    q.moods.length === 0 &&
    q.genreGroups.length === 0 &&
    q.keywordsIn.length === 0 &&
    q.themeWords.length === 0 &&
    !q.textWords?.length
  );
}

/** A genre group's key: its ids in order (`Query.moodGroups`). */
export const groupKey = (group: readonly number[]): string => [...group].sort((a, b) => a - b).join(',');

/** Whether a film's length is within the query's ceiling (strict for "under", "less than"; 0115). */
export const withinRuntimeMax = (runtime: number | null | undefined, q: Query): boolean =>
  q.runtimeMax === undefined ||
  (!!runtime && (q.runtimeBelow ? runtime < q.runtimeMax : runtime <= q.runtimeMax));

/** "2001 a space odysey": a number that is the named film's own title word is no year asked. */
export function yearOfTheTitleDropped(query: Query): Query {
  const year = query.yearFrom;
  const movie = query.like?.movie;
  if (!movie || year === undefined || year !== query.yearTo) return query;
  if (!new RegExp(`(^|\\D)${year}(\\D|$)`).test(movie.title)) return query;
  return { ...query, yearFrom: undefined, yearTo: undefined };
}
