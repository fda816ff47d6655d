import type { CatalogIndex, CatalogMovie } from '@app/catalog';
import { askedAboutShown, orderShown, superlativeIn } from './about-shown';
import { Franchises } from './franchise';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RecommenderClient } from '../../integrations/recommender/recommender-client';
import { darkness, Retriever, type Scored } from './retrieve';
import { deserializeSemantic, SemanticIndex, serializeSemantic, trainSemantic } from '@app/catalog';
import { TITLE_CONFIDENCE, type ParseContext } from './understand/clauses';
import { emptyQuery, hasRequest, isRefinement, type Query } from './understand/query';
import { Speller, editDistance, foldAccents } from './understand/text';
import { FILLER, MOODS } from './understand/lexicon';
import { LOCAL_TITLES } from './understand/titles';
import { LEXICON_WORDS, understand } from './understand/understand';
import * as say from './wording';

/**
 * A message that asks for "something …" (or "anything …") with no noun of its own: it goes on
 * from the conversation's last request rather than starting afresh.
 */
const SOMETHING_ELSE =
  /^\s*(?:(?:and|ok|okay|now|then|maybe|how about|what about)[\s,]+)*(?:something|anything)\b/i;

export { bayesianRating } from './retrieve';
export { CLARIFY, renderPicks } from './wording';

export interface ChatMovie {
  id: number;
  title: string;
  release_date: string;
  vote_average: number;
  poster_path: string | null;
}

/** How many of a franchise's films one reply lists. */
const FRANCHISE_SHOWN = 10;

export interface Pick {
  movie: CatalogMovie;
  reason: string;
}

/** What a conversation remembers between messages (kept small: it may live in Redis). */
export interface ConversationState {
  suggested: number[];
  lastPicks: number[];
  /** The last request that produced picks, without its named title (see lastSeed). */
  lastIntent: Query | null;
  /** The film that request was "like", by id. */
  lastSeed?: number | null;
}

export interface EngineAnswer {
  message: string;
  picks: Pick[];
  intent: Query;
  seed: CatalogMovie | null;
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
}

const KEYWORD_STOPLIST = new Set(
  `love family friendship friends death sex woman director independent film duringcreditsstinger aftercreditsstinger
  based on novel biography sequel remake musical film movie night day time life money music police murder revenge
  new york suspense comedy drama romance horror thriller war action mystery history animation fantasy crime kids
  children show classic short dark light happy sad funny good great best old new young man woman boy girl`.split(
    /\s+/,
  ),
);

const sharedVectors = new WeakMap<CatalogIndex, SemanticIndex>();

/** The films the chat may pick from, and trains its vectors on: known enough to judge. */
const VECTOR_MIN_VOTES = 10;

const vectorMovies = (catalog: CatalogIndex) =>
  catalog.popular.filter((m) => m.vote_count >= VECTOR_MIN_VOTES);
const vectorsTag = (catalog: CatalogIndex, movies: readonly CatalogMovie[]) =>
  `${catalog.file.built_at}:${movies.length}:v1`;

/** Whether `file` holds the vectors of this catalog (its header's tag), so none need training. */
export function chatVectorsCached(catalog: CatalogIndex, file: string): boolean {
  try {
    const buf = readFileSync(file);
    const header = JSON.parse(buf.subarray(0, buf.indexOf(10)).toString('utf8')) as { tag?: unknown };
    return header.tag === vectorsTag(catalog, vectorMovies(catalog));
  } catch {
    return false;
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

/** Roman numerals of sequels, said either way ("part II", "part 2"). */
const ROMAN: Record<string, string> = { ii: '2', iii: '3', iv: '4', vi: '6', vii: '7', viii: '8', ix: '9' };
const titleWords = (s: string) =>
  foldAccents(s.toLowerCase())
    // "Keeper's" is one word: a possessive "s" is no word of its own to match.
    .replace(/['’]s\b/g, 's')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((w) => ROMAN[w] ?? w);

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
      const score = x === w ? 1 : w.length >= 5 && near(w, x) ? 0.8 : 0;
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

function near(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > (a.length >= 9 ? 2 : 1)) return false;
  // Two letters swapped ("hotle") is one typo.
  if (a.length === b.length && a[0] === b[0] && editDistance(a, b, 1) <= 1) return true;
  // Cheap: same start and a small edit distance.
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  return Math.max(a.length, b.length) - i - j <= (a.length >= 9 ? 2 : 1);
}

const leaning = (mood: string) => MOODS.find((m) => m.mood === mood)?.soft?.dark ?? 0;

/**
 * A refinement that turns away from a mood of the last request ("something dark" → "more
 * light-hearted", "like The Shining" → "less scary") drops that mood: its genre group, its implied
 * exclusions and its keywords; a mood leaning the other way from the new direction goes too.
 */
export function dropMoods(last: Query, next: Query): Query {
  const away = new Set(next.awayMoods ?? []);
  const dir = next.soft.dark;
  const dropped = last.moods.filter(
    (m) => away.has(m) || (dir !== undefined && leaning(m) !== 0 && Math.sign(leaning(m)) !== Math.sign(dir)),
  );
  if (dropped.length === 0) return last;
  const rules = MOODS.filter((m) => dropped.includes(m.mood));
  const kept = MOODS.filter((m) => last.moods.includes(m.mood) && !dropped.includes(m.mood));
  const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));
  return {
    ...last,
    moods: last.moods.filter((m) => !dropped.includes(m)),
    genreGroups: last.genreGroups.filter((g) => !rules.some((r) => r.genres && sameSet(r.genres, g))),
    impliedOut: last.impliedOut.filter((g) => kept.some((r) => r.exclude?.includes(g))),
    moodKeywords: last.moodKeywords.filter((k) => kept.some((r) => r.keywords?.includes(k))),
    soft: { ...last.soft, dark: undefined },
  };
}

/**
 * The offline chat engine: understanding (`understand/`), retrieval (`retrieve.ts`) and wording
 * (`wording.ts`), joined with the conversation: follow-ups, refinements, no repeats.
 */
export class ChatEngine {
  readonly keywordVocabulary: Set<string>;
  readonly referenceYear: number;
  private readonly byKeyword = new Map<string, Set<number>>();
  private readonly speller: Speller;
  private readonly retriever: Retriever;
  private semanticIndex: SemanticIndex | null = null;
  private exactTitles: Map<string, CatalogMovie[]> | undefined;
  private readonly titleCache = new Map<string, { movie: CatalogMovie; confidence: number } | null>();
  private readonly corpusWords = new Set<string>();

  private franchiseIndex: Franchises | null = null;

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
    const df = new Map<string, number>();
    for (const m of catalog.popular) {
      if (m.vote_count < 20) continue;
      for (const k of m.keywords) {
        df.set(k, (df.get(k) ?? 0) + 1);
        let set = this.byKeyword.get(k);
        if (!set) this.byKeyword.set(k, (set = new Set()));
        set.add(m.id);
      }
    }
    this.keywordVocabulary = new Set(
      [...df].filter(([k, n]) => n >= 8 && !KEYWORD_STOPLIST.has(k)).map(([k]) => k),
    );
    // Typo targets: the lexicon's words and the keywords'; known words are never "corrected".
    const targets = [...LEXICON_WORDS, ...[...this.keywordVocabulary].flatMap((k) => k.split(' '))];
    for (const k of this.keywordVocabulary) for (const w of k.split(/[^a-z]+/)) this.corpusWords.add(w);
    this.speller = new Speller(
      targets,
      // Function words are known too: German "einen" is not a typo of "weinen".
      (w) => LEXICON_WORDS.has(w) || FILLER.has(w) || this.corpusWords.has(w) || this.knownWord(w),
      LEXICON_WORDS,
    );
    this.retriever = new Retriever(catalog, this.byKeyword, () => this.semantic(), options.semantic ?? true);
  }

  /** The vectors: read from the cache file, or trained from the catalog on first use (and cached). */
  semantic(): SemanticIndex | null {
    if (this.semanticIndex || this.options.semantic === false) return this.semanticIndex;
    // Engines over the same catalog (tests, several apps in one process) share one set of vectors.
    const shared = sharedVectors.get(this.catalog);
    if (shared) return (this.semanticIndex = shared);
    const movies = vectorMovies(this.catalog);
    const tag = vectorsTag(this.catalog, movies);
    const file = this.options.vectorsFile;
    let parts = file && existsSync(file) ? deserializeSemantic(readFileSync(file), tag) : null;
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

  private knownWord(w: string): boolean {
    return this.options.semantic === false ? this.corpusWords.has(w) : (this.semantic()?.knows(w) ?? false);
  }

  private readonly parseContext: ParseContext = {
    referenceYear: 0,
    keywordVocabulary: new Set(),
    resolveTitle: (text) => this.resolveTitle(text),
    closestTitle: (text) => this.closestTitle(text),
    knownWord: (w) => this.knownWord(w),
  };

  parse(message: string): Query {
    return understand(
      message,
      { ...this.parseContext, referenceYear: this.referenceYear, keywordVocabulary: this.keywordVocabulary },
      this.speller,
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
    const cached = this.titleCache.get(`${key}|${yearMatch?.[1] ?? ''}`);
    if (cached !== undefined) return cached;
    const result = this.searchTitle(words, key, yearMatch?.[1]);
    if (this.titleCache.size > 5000) this.titleCache.clear();
    this.titleCache.set(`${key}|${yearMatch?.[1] ?? ''}`, result);
    return result;
  }

  private searchTitle(
    words: string,
    key: string,
    year: string | undefined,
  ): { movie: CatalogMovie; confidence: number } | null {
    this.buildExactTitles();
    // A well-known film of exactly that name needs no fuzzy search.
    const exact = (this.exactTitles!.get(key) ?? []).filter((m) => !year || m.release_date?.startsWith(year));
    const known = exact.sort((a, b) => b.vote_count - a.vote_count)[0];
    if (known && known.vote_count >= 100) return { movie: known, confidence: 1 };
    return this.searchTitleFuzzy(words, key, year);
  }

  /** The exact names of the catalog's films (and the best-known ones' names in other languages), once. */
  private buildExactTitles(): void {
    if (!this.exactTitles) {
      this.exactTitles = new Map();
      for (const m of this.catalog.popular) {
        const main = m.vote_count >= 300 ? m.title.split(/: | - /)[0]! : m.title;
        for (const t of new Set([m.title, m.original_title, main])) {
          const k = titleWords(t).join(' ');
          const list = this.exactTitles.get(k);
          if (list) list.push(m);
          else this.exactTitles.set(k, [m]);
        }
      }
      // The best-known films' names in other languages ("Il padrino", "Le Parrain").
      for (const [id, names] of LOCAL_TITLES) {
        const m = this.catalog.get(id);
        if (!m) continue;
        for (const t of names) {
          const k = titleWords(t).join(' ');
          const list = this.exactTitles.get(k) ?? [];
          if (!list.includes(m)) this.exactTitles.set(k, [...list, m]);
          const bare = titleWords(t).filter(
            (w, i) => i > 0 || !/^(el|la|le|les|il|lo|o|a|der|die|das|los)$/.test(w),
          );
          const b = bare.join(' ');
          if (b && b !== k && !this.exactTitles.has(b)) this.exactTitles.set(b, [m]);
        }
      }
    }
  }

  private searchTitleFuzzy(
    words: string,
    key: string,
    year: string | undefined,
  ): { movie: CatalogMovie; confidence: number } | null {
    const hits = this.catalog.searchTitlesTop(words, 25).movies;
    // "Eternal Sunshine" for Eternal Sunshine of the Spotless Mind: the typed words start a famous title.
    const typed = key.split(' ');
    for (const m of hits) {
      const t = titleWords(m.title);
      if (m.vote_count >= 1000 && typed.length >= 2 && typed.every((w, i) => t[i] === w))
        return { movie: m, confidence: 0.8 };
    }
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
    this.resolveTitle('warm up');
  }

  /** What `warm` builds that does not need the catalog's title search: the vectors and the exact titles. */
  prepareIndexes(): void {
    this.semantic();
    this.buildExactTitles();
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

  /** Answers a message; `seen` (the user's seen films) are left out of the picks, as those already suggested are. */
  async answer(
    message: string,
    state: ConversationState,
    seen: ReadonlySet<number> = new Set(),
  ): Promise<EngineAnswer> {
    const excluded = () => new Set([...state.suggested, ...seen]);
    let q = this.parse(message);
    let seed: CatalogMovie | null = q.like?.movie ?? null;
    const last = state.lastIntent;
    const done = (text: string, picks: Pick[] = []): EngineAnswer => ({
      message: text,
      picks,
      intent: q,
      seed,
    });

    // "which of those is the shortest?": a question about the films just shown is answered from them,
    // in the order asked; the conversation's request and film stay what they were.
    // A message that asks for films of its own ("the best horror films, which one would you
    // pick?") is a new request, not a question about the ones shown.
    const asksForFilms =
      !!q.like || q.genreGroups.length > 0 || q.moods.length > 0 || q.keywordsIn.length > 0;
    const order = state.lastPicks.length && !asksForFilms ? askedAboutShown(message) : null;
    if (order) {
      const shown = state.lastPicks.map((id) => this.catalog.get(id)).filter((m): m is CatalogMovie => !!m);
      if (shown.length) {
        const ordered = orderShown(shown, order);
        if (last) q = last;
        seed = state.lastSeed ? (this.catalog.get(state.lastSeed) ?? null) : null;
        const picks = ordered.map((m) => ({ movie: m, reason: say.esc(order.detail(m)) }));
        return done(
          say.renderPicks(
            `Of those, the ${order.word} is ${say.movieLink(ordered[0]!)}. All of them, ${order.word} first:`,
            picks,
            '',
          ),
          picks,
        );
      }
    }

    // "Star Wars movies": the franchise's own films, in release order (a "like" request leaves
    // them out, and its words are no genres or themes).
    const franchise = this.franchises().asked(message);
    if (franchise) {
      // "which Rocky film is the best?": the franchise in the order asked.
      const order = superlativeIn(message);
      const members = (order ? orderShown(franchise.members, order) : franchise.members).filter(
        (m) => !seen.has(m.id),
      );
      if (members.length) {
        const shown = members.slice(0, FRANCHISE_SHOWN);
        const picks = shown.map((m) => ({
          movie: m,
          reason: say.esc(order ? order.detail(m) : say.hook(m)),
        }));
        q = { ...emptyQuery(q.lang), empty: false };
        seed = shown[0]!;
        const name = say.esc(franchise.name.replace(/^The /, ''));
        const some = members.length > shown.length;
        const intro = order
          ? `Of the ${members.length} ${name} films in the catalog, the ${order.word} is ${say.movieLink(shown[0]!)}. ${some ? `The first ${shown.length}` : 'All of them'}, ${order.word} first:`
          : `Here are ${some ? `the first ${shown.length} of ${members.length}` : `all ${members.length}`} ${name} films in the catalog, in order of release:`;
        return done(
          say.renderPicks(
            intro,
            picks,
            'Say "more like the first one" to follow one of these outside the franchise.',
          ),
          picks,
        );
      }
    }

    // Who made or plays in a film is about movies, but not something the catalog knows.
    if (q.peopleQuestion && !q.person) return done(say.PEOPLE_QUESTION);
    // In a conversation, a message nothing could be read in is taken as a try at steering the
    // list, not as off-topic ("they're around 13, so nothing too extreme").
    if (q.social === 'off-topic' && q.unread && last) return done(say.STEER);
    if (q.social === 'off-topic') return done(say.OFF_TOPIC);
    if (q.social === 'greeting' && !q.followUp) return done(say.GREETING);
    if (q.social === 'thanks' && !q.followUp) return done(say.THANKS);

    // A bare title ("Amélie?") is a "like" request when it is nothing else.
    if (
      !hasRequest(q) ||
      (q.unknown.length && !q.like && q.genreGroups.length === 0 && q.moods.length === 0)
    ) {
      const bare = this.resolveTitle(message.replace(/[?!.]+$/, ''));
      if (bare && bare.confidence >= 0.95 && bare.movie.vote_count >= 50) {
        q = {
          ...q,
          like: { text: bare.movie.title, movie: bare.movie, confidence: bare.confidence, closest: null },
          unknown: [],
          themeWords: [],
          empty: false,
          social: undefined,
        };
        seed = bare.movie;
      }
    }

    // The message as it was, when it was taken as narrowing the last request (see below).
    let alone: Query | null = null;
    // Follow-ups and refinements work on the conversation's last request.
    if (q.followUp && last) {
      const lastYears = state.lastPicks
        .map((id) => Number(this.catalog.get(id)?.release_date?.slice(0, 4)))
        .filter(Number.isFinite)
        .sort((a, b) => a - b);
      const median = lastYears[Math.floor(lastYears.length / 2)];
      const lastSeed = state.lastSeed ? (this.catalog.get(state.lastSeed) ?? null) : null;
      const years = lastYears.length ? lastYears : [];
      if (typeof q.followUp === 'object') {
        const n = q.followUp.likeOrdinal;
        const id = n === -1 ? state.lastPicks.at(-1) : state.lastPicks[n - 1];
        seed = id ? (this.catalog.get(id) ?? null) : null;
        // The last request still holds ("animated films" → "more like the second one": more
        // animation), as far as the film followed fits it; its themes and moods give way to the film.
        const film = seed;
        const base: Query = {
          ...last,
          genreGroups: last.genreGroups.filter((g) => !film || g.some((x) => film.genre_ids.includes(x))),
          keywordsIn: [],
          moodKeywords: [],
          moods: [],
          themeWords: [],
          unknown: [],
        };
        const followUp = q.followUp;
        q = { ...this.merge(base, { ...q, followUp: undefined }), followUp, refined: false, empty: false };
      } else if (
        (q.followUp === 'newer' || q.followUp === 'older') &&
        (q.yearFrom !== undefined || q.yearTo !== undefined)
      ) {
        // "another, but older, from the 70s": the years given win over "older".
        q = { ...this.merge(last, q), followUp: q.followUp };
        seed = lastSeed;
      } else if ((q.followUp === 'newer' || q.followUp === 'older') && median !== undefined) {
        // Clearly newer (older) than every last pick when enough films are; else than their median.
        const newer = q.followUp === 'newer';
        const strict = newer ? years[years.length - 1]! + 1 : years[0]! - 1;
        const loose = newer ? median + 1 : median - 1;
        const shift = (y: number): Query =>
          newer
            ? { ...last, yearFrom: y, yearTo: undefined, followUp: 'newer', unknown: q.unknown, empty: false }
            : {
                ...last,
                yearTo: y,
                yearFrom: undefined,
                followUp: 'older',
                unknown: q.unknown,
                empty: false,
              };
        seed = lastSeed;
        const probe = this.retriever.retrieve(shift(strict), {
          exclude: excluded(),
          seed,
          neighbours: null,
        });
        q = shift(probe.picks.length >= 3 ? strict : loose);
      } else {
        q = { ...this.merge(last, q), followUp: 'another' };
        seed = lastSeed;
      }
    } else if ((q.followUp === 'newer' || q.followUp === 'older') && seed) {
      // "like Heat, but newer": relative to the film named.
      const y = Number(seed.release_date?.slice(0, 4));
      q = {
        ...q,
        followUp: undefined,
        ...(q.followUp === 'newer' ? { yearFrom: y + 1 } : { yearTo: y - 1 }),
      };
    } else if (q.followUp && hasRequest({ ...q, followUp: undefined })) {
      // "too old" inside a first request ("she thinks she's too old for baby movies") is no follow-up.
      q = { ...q, followUp: undefined };
    } else if (q.followUp) {
      return done(say.CLARIFY);
    } else if (
      hasRequest(q) &&
      last &&
      ((isRefinement(q) && !q.namesFilms && !q.person) || ((q.narrows || q.relative) && !q.like))
    ) {
      // "from the 90s", "but no horror", "darker", "under 2 hours": narrow the last request. A
      // message that names films as what it wants ("French films from the 60s", "movies with Tom
      // Hanks") is a new request unless it starts like a refinement.
      alone = q;
      q = this.merge(last, q);
      seed = q.like?.movie ?? (state.lastSeed ? (this.catalog.get(state.lastSeed) ?? null) : null);
    } else if (
      hasRequest(q) &&
      last &&
      last.languages.length > 0 &&
      q.languages.length === 0 &&
      !q.like &&
      !q.person &&
      !q.namesFilms &&
      SOMETHING_ELSE.test(message)
    ) {
      // "something funny" after "a Spanish-language film": a new request (its own genres and
      // moods), in the language the conversation asked for (a person-judged conversation, session
      // 41). Only the language holds: what the films are about is the new message's.
      q = { ...q, languages: last.languages };
    }

    if (q.like && !q.like.movie) {
      // Never swap an unknown title for another film: say so, offer the rest of the request.
      const head = say.notInCatalog(q.like.text, q.like.closest, q.lang);
      const rest: Query = { ...q, like: undefined };
      if (
        isRefinement(rest) &&
        rest.languages.length === 0 &&
        rest.yearFrom === undefined &&
        rest.yearTo === undefined
      ) {
        return done(
          `${head} Tell me what it's like (the genre, the mood, the era) and I'll find something close.`,
        );
      }
      const found = this.retriever.retrieve(rest, {
        exclude: excluded(),
        seed: null,
        neighbours: null,
      });
      if (found.picks.length === 0)
        return done(`${head} Tell me what it's like and I'll find something close.`);
      const picks = this.toPicks(found.picks, rest, null);
      return done(
        say.renderPicks(
          `${head} Meanwhile, here are some ${say.restate(rest, null, picks.length)} (not based on it):`,
          picks,
          say.outro(rest, say.notes(rest, found.relaxed, picks.length), state.suggested.length === 0),
        ),
        picks,
      );
    }
    if ((!hasRequest(q) || (q.empty && !q.like && !q.followUp)) && !q.vague) {
      if (q.unknown.length)
        return done(
          `I didn't catch what you're looking for ("${q.unknown.slice(0, 3).join('", "')}"). ${say.CLARIFY}`,
        );
      return done(say.CLARIFY);
    }

    let personPool: CatalogMovie[] | null = null;
    if (q.person) {
      const ids = this.moviesWithPerson ? await this.moviesWithPerson(q.person).catch(() => null) : undefined;
      if (ids === undefined) {
        return done(
          `I can't look up people: this catalog has no cast or crew, so I can't find films with ${say.esc(q.person)}. Tell me a genre, a mood or a movie you liked instead, and I'll suggest something.`,
        );
      }
      if (!ids || ids.length === 0)
        return done(`I couldn't find anyone called ${say.esc(q.person)}. Could you check the name?`);
      personPool = ids
        .map((id) => this.catalog.get(id))
        .filter((m): m is CatalogMovie => !!m)
        .sort((a, b) => b.vote_count - a.vote_count);
    }
    // A comparative ("less scary", "but lighter") starts from the named film or the last picks.
    if (q.soft.dark && q.relative && q.darkFrom === undefined) {
      const from = seed
        ? [seed]
        : state.lastPicks.map((id) => this.catalog.get(id)).filter((m): m is CatalogMovie => !!m);
      const ds = from.map(darkness).sort((a, b) => a - b);
      if (ds.length) q = { ...q, darkFrom: ds[Math.floor(ds.length / 2)] };
    }
    const neighbours = seed ? await this.neighbours(seed) : null;
    let found = this.retriever.retrieve(q, {
      exclude: excluded(),
      seed,
      neighbours,
      personPool,
      anchor: q.relative && !seed ? state.lastPicks : undefined,
      count: this.options.liveCheck ? 8 : 5,
    });
    // Nothing fits the last request narrowed by this message: the message may have been a new
    // request after all ("a documentary about music" → "French films from the 60s"), so it is
    // answered on its own rather than refused.
    if (found.picks.length === 0 && alone && hasRequest(alone) && !alone.relative && !alone.like) {
      const own = this.retriever.retrieve(alone, {
        exclude: excluded(),
        seed: null,
        neighbours: null,
        count: this.options.liveCheck ? 8 : 5,
      });
      if (own.picks.length) [found, q, seed] = [own, alone, null];
    }
    if (this.options.liveCheck) {
      const check = this.options.liveCheck;
      const known = await Promise.all(found.picks.map((p) => check(p.movie.id).catch(() => true)));
      found.picks = found.picks.filter((_, i) => known[i]).slice(0, 5);
    }
    if (found.picks.length === 0) {
      return done(
        q.person
          ? `I couldn't find more films with ${say.esc(q.person)} that fit. Want to loosen a condition?`
          : say.NOTHING_FITS,
      );
    }
    const picks = this.toPicks(found.picks, q, seed);
    const lowConfidence =
      q.like?.movie && q.like.confidence < 0.9 && !q.followUp
        ? [`I took "${say.esc(q.like.text)}" to mean ${say.movieLink(q.like.movie)}.`]
        : [];
    const introLine = [say.intro(q, seed, picks.length), ...lowConfidence].join(' ');
    return done(
      say.renderPicks(
        introLine,
        picks,
        say.outro(q, say.notes(q, found.relaxed, picks.length), state.suggested.length === 0),
      ),
      picks,
    );
  }

  /** Retrieval for a structured query (LLM mode's tool): up to 10 films that meet every filter. */
  async search(q: Query, exclude: ReadonlySet<number>, seed: CatalogMovie | null): Promise<CatalogMovie[]> {
    const neighbours = seed ? await this.neighbours(seed) : null;
    return this.retriever.retrieve(q, { exclude, seed, neighbours, count: 10 }).picks.map((p) => p.movie);
  }

  private toPicks(scored: Scored[], q: Query, seed: CatalogMovie | null): Pick[] {
    const reasons = say.reasonsFor(scored, q, seed);
    return scored.map((s, i) => ({ movie: s.movie, reason: reasons[i]! }));
  }

  private merge(prev: Query, next: Query): Query {
    const last = dropMoods(prev, next);
    const genresOut = [...new Set([...last.genresOut, ...next.genresOut])];
    const pick = <K extends keyof Query>(k: K) => (next[k] !== undefined ? next[k] : last[k]);
    // "thrillers instead": the genres named take the place of the last request's.
    const replaced = next.replaces && (next.genreGroups.length > 0 || next.moods.length > 0);
    let genreGroups = [
      ...(replaced ? [] : last.genreGroups),
      ...next.genreGroups.filter((g) => replaced || !last.genreGroups.some((x) => x.join() === g.join())),
    ]
      .map((g) => g.filter((x) => !genresOut.includes(x)))
      .filter((g) => g.length);
    // "a horror film" → "less scary": the request lost its genre; the comparative says what takes its place.
    const emptied = last.genreGroups.some((g) => g.every((x) => genresOut.includes(x)));
    if (emptied && next.instead && genreGroups.length === 0) {
      const instead = next.instead.filter((x) => !genresOut.includes(x));
      if (instead.length) genreGroups = [instead];
    }
    // A new bound replaces an old one it contradicts ("epic" films over 130 minutes → "under 100 minutes").
    let yearFrom = pick('yearFrom');
    let yearTo = pick('yearTo');
    if (
      next.yearTo !== undefined &&
      next.yearFrom === undefined &&
      yearFrom !== undefined &&
      yearFrom > next.yearTo
    )
      yearFrom = undefined;
    if (
      next.yearFrom !== undefined &&
      next.yearTo === undefined &&
      yearTo !== undefined &&
      yearTo < next.yearFrom
    )
      yearTo = undefined;
    let runtimeMin = pick('runtimeMin');
    let runtimeMax = pick('runtimeMax');
    if (
      next.runtimeMax !== undefined &&
      next.runtimeMin === undefined &&
      runtimeMin !== undefined &&
      runtimeMin >= next.runtimeMax
    )
      runtimeMin = undefined;
    if (
      next.runtimeMin !== undefined &&
      next.runtimeMax === undefined &&
      runtimeMax !== undefined &&
      runtimeMax <= next.runtimeMin
    )
      runtimeMax = undefined;
    return {
      ...last,
      yearFrom,
      yearTo,
      runtimeMax,
      runtimeMin,
      runtimeImplied:
        runtimeMin === undefined
          ? undefined
          : next.runtimeMin !== undefined
            ? next.runtimeImplied
            : last.runtimeImplied,
      minRating: pick('minRating'),
      // A child's age, once given, holds for the rest of the conversation (the youngest counts).
      childAge:
        last.childAge === undefined || next.childAge === undefined
          ? (next.childAge ?? last.childAge)
          : Math.min(last.childAge, next.childAge),
      languages: next.languages.length ? next.languages : last.languages,
      genresOut,
      keywordsOut: [...new Set([...last.keywordsOut, ...next.keywordsOut])],
      outLabels: last.outLabels || next.outLabels ? { ...last.outLabels, ...next.outLabels } : undefined,
      // "only dramas" after "French films": the new genres narrow the old ones.
      genreGroups,
      moods: replaced ? next.moods : [...new Set([...last.moods, ...next.moods])],
      impliedOut: [...new Set([...last.impliedOut, ...next.impliedOut])].filter(
        (g) => !genreGroups.some((grp) => grp.includes(g)),
      ),
      moodKeywords: replaced ? next.moodKeywords : [...new Set([...last.moodKeywords, ...next.moodKeywords])],
      keywordsIn: [...new Set([...last.keywordsIn, ...next.keywordsIn])],
      themeWords: [...new Set([...last.themeWords, ...next.themeWords])],
      soft: { ...last.soft, ...next.soft },
      refined: true,
      // "another" after "less scary": the same direction, from the same starting point.
      relative: next.relative ?? last.relative,
      comparative: next.comparative ?? last.comparative,
      awayMoods: next.awayMoods,
      instead: undefined,
      darkFrom: next.relative ? undefined : last.darkFrom,
      unknown: next.unknown,
      followUp: undefined,
      social: undefined,
      empty: false,
    };
  }

  /** Neighbours from the recommendation service, when it answers (ranks 0..49). */
  private async neighbours(seed: CatalogMovie): Promise<Map<number, number> | null> {
    if (!this.recommender) return null;
    try {
      const recs = await this.recommender.recommend(seed.id, 50);
      return new Map(recs.map((r, i) => [r.tmdbId, i]));
    } catch {
      return null;
    }
  }
}

export { TITLE_CONFIDENCE };
