import { GENRE_NAMES, type CatalogMovie } from '@app/catalog';
import { lovedRating } from './rank';
import { phrasesFor, REPLY_PHRASES, SAID_SO_IN_LANGUAGES } from './reply-language';
import { darkness, type Scored } from './retrieve';
import { askedTheme, isPlace, themeText } from './themes';
import {
  COMPARATIVES,
  GENRE,
  INDUSTRY_PHRASES,
  JUDGED_AS,
  LANGUAGE_PHRASES,
  MOODS,
  THEME_PHRASES,
} from './understand/lexicon';
import { saysNothingAlone } from './understand/grammar-words';
import { hasRequest, type Query } from './understand/query';

/**
 * The replies' words. One family of wordings per situation, so that the evaluation can check them
 * with fixed markers: a title not in the catalog → "isn't in our catalog"; a part of the request
 * not applied → "I couldn't" / "I didn't catch"; off-topic → "I can only help with movies".
 */
export const NOT_IN_CATALOG = "isn't in our catalog";
/** The same said in each reply language (decision 0144): English first. */
export const NOT_IN_CATALOG_MARKERS: readonly string[] = [
  NOT_IN_CATALOG,
  ...Object.values(REPLY_PHRASES).map((p) => p.missing),
];
export const SAID_SO_MARKERS = [
  NOT_IN_CATALOG,
  "I couldn't",
  "I didn't catch",
  'I can only help with movies',
  "I can't",
  ...SAID_SO_IN_LANGUAGES,
];

export const GREETING =
  'Hi! I\'m the Cinelog movie guide. What do you feel like watching? A mood ("something funny"), a film you liked ("like Heat"), a genre, a decade or a length all work.';
export const THANKS =
  "You're welcome! Enjoy the film, and come back whenever you want more ideas: a mood, a film you liked or a decade is all I need.";
/** A question about who made or plays in a film: about movies, but not in the catalog. */
export const PEOPLE_QUESTION =
  "I can't look up people: this catalog has no cast or crew, so I can't tell who made or plays in a film. I can suggest films, though: name one you liked and I'll find others like it, or tell me a genre or a mood.";

export const OFF_TOPIC =
  "I can only help with movies, so I'll leave that one. What are you in the mood for? A genre, a film you liked or a decade is enough for me to suggest something.";
/** A question about the films shown when none were (decision 0159). */
export const NOTHING_SHOWN =
  "There are no films in my last answer to choose from yet. Tell me a genre, a mood or a film you liked, and I'll suggest some.";
/** The chat itself judged, nothing asked ("you are the dumbest bot"; decision 0159). */
export const REBUKED =
  "Sorry that missed the mark. Tell me what you'd like instead (a genre, a mood, a film you liked or a decade) and I'll try again.";
/** A message in a language the chat does not read (decision 0149). */
export const LANGUAGES_READ =
  'Sorry, I can only read English, Spanish, French, German, Italian and Portuguese so far. Could you ask me in one of those? For example: "a funny film for tonight" or "un thriller des années 90".';
export const STEER =
  'I\'m not sure how to change the list from that. You can steer it with things like "shorter", "from the 90s", "less scary", "no horror", "for a 10 year old", or name a film you liked.';
export const CLARIFY =
  'I\'d love to help you find something! What are you in the mood for: something funny, scary, romantic, thrilling or mind-bending? You can also name a movie you liked ("like Interstellar"), a genre, a decade ("80s") or a length ("under 2 hours").';

export const esc = (s: string) => s.replace(/([\\[\]*_`])/g, '\\$1');
const yearOf = (m: CatalogMovie) => (m.release_date ? Number(m.release_date.slice(0, 4)) : NaN);
export const movieLink = (m: CatalogMovie) =>
  `**[${esc(m.title)}](/movie/${m.id})**${m.release_date ? ` (${m.release_date.slice(0, 4)})` : ''}`;

const LANGUAGE_NAMES: Record<string, string> = Object.fromEntries(
  LANGUAGE_PHRASES.map(([code, phrases]) => [code, phrases[0]!.replace(/^\w/, (c) => c.toUpperCase())]),
);
LANGUAGE_NAMES.cn = 'Cantonese';
LANGUAGE_NAMES.hi = 'Hindi';
LANGUAGE_NAMES.en = 'English';
/** A language's name from its TMDB code ("ja" → "Japanese"). */
export const languageName = (code: string): string => LANGUAGE_NAMES[code] ?? code;

const NOUN: [number, string][] = [
  [GENRE.documentary, 'documentary'],
  [GENRE.western, 'western'],
  [GENRE.music, 'musical'],
  [GENRE.comedy, 'comedy'],
  [GENRE.drama, 'drama'],
  [GENRE.thriller, 'thriller'],
  [GENRE.horror, 'horror film'],
  [GENRE.romance, 'romance'],
  [GENRE.mystery, 'mystery'],
  [GENRE.adventure, 'adventure'],
  [GENRE.action, 'action film'],
  [GENRE.war, 'war film'],
  [GENRE.fantasy, 'fantasy'],
  [GENRE.scifi, 'sci-fi film'],
  [GENRE.animation, 'animated film'],
  [GENRE.crime, 'crime film'],
  [GENRE.history, 'historical film'],
  [GENRE.family, 'family film'],
];
const ADJECTIVE: Record<number, string> = {
  [GENRE.crime]: 'crime',
  [GENRE.scifi]: 'sci-fi',
  [GENRE.romance]: 'romantic',
  [GENRE.animation]: 'animated',
  [GENRE.family]: 'family',
  [GENRE.history]: 'historical',
  [GENRE.war]: 'war',
  [GENRE.fantasy]: 'fantasy',
  [GENRE.mystery]: 'mystery',
  [GENRE.horror]: 'horror',
  [GENRE.action]: 'action',
  [GENRE.music]: 'musical',
  [GENRE.comedy]: 'comic',
  [GENRE.thriller]: 'suspense',
  [GENRE.adventure]: 'adventure',
  [GENRE.western]: 'western',
};

/** A film's main genres: TMDB lists the main one first, the second is its other half. */
const MAIN_GENRES = 2;

/**
 * "crime drama", "animated comedy", "sci-fi action film": a film's genres as a person says them,
 * from its main genres (the first two TMDB lists): Joyeux Noël (Romance, Drama, …, Music) is a
 * romantic drama, not a musical; a film that is as much a drama as a comedy is a comedy-drama
 * (Forrest Gump, La Dolce Vita), not a "romantic comedy" for a romance listed third. A single genre
 * ("comedies") is said as itself.
 */
export function genrePhrase(genres: readonly number[]): string {
  const main = genres.slice(0, MAIN_GENRES);
  const noun = NOUN.find(([g]) => main.includes(g)) ?? NOUN.find(([g]) => genres.includes(g));
  if (!noun) return 'film';
  if (noun[0] === GENRE.comedy && main.includes(GENRE.drama)) return 'comedy-drama';
  const adj = main.map((g) => (g !== noun[0] ? ADJECTIVE[g] : undefined)).find(Boolean);
  const phrase = adj && !noun[1].startsWith(adj) ? `${adj} ${noun[1]}` : noun[1];
  return phrase.replace('comic comedy', 'comedy');
}

const article = (s: string) => (/^([aeiou]|8|18\d\d|11\b)/i.test(s) ? `an ${s}` : `a ${s}`);
const list = (xs: string[], joiner = 'and') =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} ${joiner} ${xs[xs.length - 1]}`;
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).replace(/\s+\S*$/, '')}…` : s);

function era(m: CatalogMovie): string {
  const y = yearOf(m);
  if (!Number.isFinite(y)) return '';
  if (y >= 2010) return `${y}`;
  if (y >= 2000) return '2000s';
  return `${Math.floor((y % 100) / 10)}0s`;
}

/** The first sentence of the overview, short: what the film is about ("Christmas Eve." alone says too little). */
export function hook(m: CatalogMovie): string {
  const first = firstSentence(m.overview);
  if (first.length >= 30 || first.endsWith('…')) return first;
  const rest = firstSentence(m.overview.slice(m.overview.indexOf(first) + first.length).trim());
  return rest ? `${first} ${rest}` : first;
}

/**
 * "When Dr. Jones…", "soldier-turned-U.S. Marshal": a full stop after an abbreviation or an initial
 * does not end the sentence.
 */
const ABBREVIATION =
  /(?:^|[\s(-])(?:Dr|Mr|Mrs|Ms|St|Jr|Sr|Prof|Capt|Lt|Sgt|Gen|Col|Mt|vs|No|U\.S|[A-Z](?:\.[A-Z])*)\.$/;
export function firstSentence(text: string): string {
  const re = /[.!?](?=\s+["“']?[A-Z0-9])/g;
  let end = -1;
  for (const m of text.matchAll(re)) {
    if (m[0] === '.' && ABBREVIATION.test(text.slice(0, m.index + 1))) continue;
    end = m.index;
    break;
  }
  const first = (end >= 0 ? text.slice(0, end + 1) : text).trim();
  if (first.length <= 140) return first;
  // A long sentence is cut where a clause ends ("…, who", "… – "), not in the middle of a name.
  const head = first.slice(0, 130);
  const at = Math.max(
    head.lastIndexOf(', '),
    head.lastIndexOf(' – '),
    head.lastIndexOf(' - '),
    head.lastIndexOf('; '),
  );
  return at >= 60 ? `${head.slice(0, at)}…` : clip(first, 130);
}

const cap = (s: string) => s.replace(/^./, (c) => c.toUpperCase());
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** 5 → "five": numbers as a person writes them in a sentence. */
export const words = (n: number) => NUMBER_WORDS[n] ?? String(n);

/** What a mood is for, as a friend says it: "for the laughs". */
const MOOD_PURPOSE: Record<string, string> = {
  funny: 'for the laughs',
  silly: 'for some switched-off laughs',
  scary: 'for a proper scare',
  sad: 'for a good cry',
  'feel-good': 'to lift the mood',
  'light-hearted': 'to keep things light',
  cosy: 'for a cosy evening in',
  thrilling: 'for the tension',
  dark: 'for when you want it bleak',
  'darkly funny': 'for laughs on the dark side',
  'easy-watching': 'for an easy watch',
  fun: 'for a good time',
  blockbuster: 'for the spectacle',
  whimsical: 'for a bit of whimsy',
  'mind-bending': 'to bend your mind',
  psychological: 'to get inside your head',
  twisty: 'for the twist',
  romantic: 'for date night',
  'date-night': 'for date night',
  atmospheric: 'for a slow burn',
  epic: 'on the grand scale',
  inspiring: 'to send you off inspired',
  'action-packed': 'for the action',
  violent: 'with no punches pulled',
};

/**
 * Moods a film's main genre bears out ("for the laughs": a comedy first of all). The others (a
 * good cry, a cosy evening, an epic) are said of a film only when its keywords carry the mood.
 */
const MOOD_BY_GENRE: Record<string, number> = {
  funny: GENRE.comedy,
  silly: GENRE.comedy,
  scary: GENRE.horror,
  romantic: GENRE.romance,
  'date-night': GENRE.romance,
  thrilling: GENRE.thriller,
  'action-packed': GENRE.action,
  'mind-bending': GENRE.scifi,
  psychological: GENRE.thriller,
  twisty: GENRE.mystery,
};

/**
 * Decision 0102: a mood is said of a pick only when the film's own data bears it (its main genres,
 * or its keywords of that mood), never because the request asked for it: "to bend your mind" is
 * not said of Die Hard, nor "for a good cry" of American Gangster.
 */
function bearsMood(p: Scored, mood: string): boolean {
  const g = MOOD_BY_GENRE[mood];
  if (g !== undefined && p.movie.genre_ids.slice(0, 2).includes(g)) return true;
  const rule = MOODS.find((r) => r.mood === mood);
  return !!rule?.keywords?.some((k) => p.movie.keywords.includes(k));
}

/** The facts one reason can draw on. */
interface Facts {
  index: number;
  /** "a 90s crime drama in French" */
  a: string;
  /** "90s crime drama in French" (no article) */
  bare: string;
  kind: string;
  year: string;
  /** Themes in words: shared with the named film, or the ones asked for. */
  themes: string[];
  /** Asked-for themes the table cannot say: used as a modifier ("a pirate adventure"). */
  modifiers: string[];
  /** The film's own themes the table can say ("sharks", "a haunted house"). */
  own: string[];
  /** "set in Los Angeles" */
  place: string | null;
  seed: string | null;
  /** Lighter or darker than the named film, when a comparative asked for it. */
  tone: 'lighter' | 'darker' | null;
  purpose: string | null;
  extras: string;
  top: boolean;
  acclaimed: boolean;
  /** "rated 8.3 by 12,000 viewers" (when a rating was not asked for: then it is in the extras). */
  rating: string | null;
}

type Shape = (f: Facts) => string | null;

/** Shapes that say only the film's kind and era: used when nothing more specific is true of it. */
const GENERAL = new Set<Shape>();
const general = (shapes: Shape[]) => {
  for (const sh of shapes) GENERAL.add(sh);
  return shapes;
};

/** One or two themes; one when a theme has an "and" of its own ("a father and his son"). */
const two = (xs: string[]) => list(xs.slice(0, xs.slice(0, 2).some((x) => x.includes(' and ')) ? 1 : 2));
const themeList = (f: Facts) => two(f.themes);
const ownList = (f: Facts) => two(f.own);
const an = (s: string) => (/^[aeiou8]/i.test(s) ? `an ${s}` : `a ${s}`);

/** Reasons for films like a named one: what they share with it, in several sentence shapes. */
const SEEDED: Shape[] = [
  (f) => (f.top && f.themes.length ? `The closest to ${f.seed} here: ${f.a} with ${themeList(f)}.` : null),
  (f) =>
    f.tone
      ? `A ${f.tone} turn on ${f.seed}'s ground: ${f.a}${f.themes.length ? ` with ${themeList(f)}` : ''}.`
      : null,
  (f) => (f.themes.length ? `${cap(f.a)} with ${themeList(f)}, much as in ${f.seed}.` : null),
  (f) => (f.themes.length ? `Like ${f.seed}, it has ${themeList(f)}: ${f.a}.` : null),
  (f) => (f.place ? `${cap(f.place)} like ${f.seed}: ${f.a}.` : null),
  (f) => (f.themes.length && f.index > 0 ? `Shares ${themeList(f)} with ${f.seed}: ${f.a}.` : null),
  ...general([
    (f) => `${cap(f.a)} in the same vein as ${f.seed}.`,
    (f) => `Close kin to ${f.seed}: ${f.a}.`,
    (f) => `Worth a look after ${f.seed}: ${f.a}.`,
    (f) => `If ${f.seed} worked for you, try this ${f.bare}.`,
  ]),
];

/**
 * The first tag before the film's kind, not repeating it (decision 0151): "teen comedy" before
 * "comedy" is "a teen comedy", "disaster movie" before "action drama" "a disaster action drama".
 */
function taggedKind(f: { modifiers: string[]; kind: string }): string {
  const tag = f.modifiers[0]!;
  const at = tag.lastIndexOf(' ');
  const last = tag.slice(at + 1);
  const bare = at > 0 && (/^(?:movie|film)$/.test(last) || f.kind.split(' ').includes(last));
  return `${bare ? tag.slice(0, at) : tag} ${f.kind}`;
}

/** Reasons for a theme asked for. */
const THEMED: Shape[] = [
  (f) => (f.themes.length ? `${cap(f.a)} about ${themeList(f)}.` : null),
  (f) => (f.themes.length ? `${cap(themeList(f))} at the heart of this ${f.bare}.` : null),
  (f) => (f.themes.length ? `Built around ${themeList(f)}: ${f.a}.` : null),
  (f) => (f.themes.length ? `This ${f.bare} turns on ${themeList(f)}.` : null),
  (f) => (f.themes.length && f.index > 0 ? `${cap(themeList(f))} once more, in ${f.a}.` : null),
  (f) => (f.themes.length ? `From ${f.year}: ${an(f.kind)} about ${themeList(f)}.` : null),
  (f) => (f.modifiers.length ? `${cap(an(`${f.year} ${taggedKind(f)}`))}.` : null),
  (f) => (f.modifiers.length ? `${cap(taggedKind(f))} from ${f.year}.` : null),
  (f) => (f.modifiers.length ? `Another ${f.modifiers[0]} story: ${f.a}.` : null),
  (f) => (f.modifiers.length && f.rating ? `${cap(taggedKind(f))}, ${f.rating}.` : null),
  (f) => (f.modifiers.length ? `Try this ${taggedKind(f)} from ${f.year}.` : null),
];

/** Reasons for a mood, a genre, a decade: the film's kind and era, what it is about, why it fits. */
const PLAIN: Shape[] = [
  (f) => (f.acclaimed ? `One of the best-loved films here: ${f.a}.` : null),
  (f) => (f.purpose ? `${cap(f.a)} ${f.purpose}.` : null),
  (f) => (f.own.length ? `${cap(f.a)} with ${ownList(f)}.` : null),
  (f) => (f.rating ? `${cap(f.a)}, ${f.rating}.` : null),
  (f) => (f.purpose ? `Pick this ${f.bare} ${f.purpose}.` : null),
  (f) => (f.own.length ? `${cap(ownList(f))} in ${an(`${f.year} ${f.kind}`)}.` : null),
  ...general([
    (f) => `From ${f.year}: ${an(f.kind)}.`,
    (f) => `${cap(f.kind)} from ${f.year}.`,
    (f) => `${cap(f.a)}.`,
    (f) => `Made in ${f.year}, ${an(f.kind)}.`,
    (f) => `Also worth your time: ${f.a}.`,
  ]),
];

const opening = (s: string) => s.split(/\s+/).slice(0, 2).join(' ').toLowerCase();

/** Common themes say little about one film: they come after the telling ones. */
const BROAD = new Set([
  'love',
  'friendship',
  'murder',
  'revenge',
  'money',
  'music',
  'police',
  'drugs',
  'sport',
  'death',
]);
/** Settings and props that say little about what a film is (Psycho is not "about a hotel and money"). */
const PROPS = new Set([
  'money',
  'a hotel',
  'a bank',
  'a plane',
  'a ship',
  'travel',
  'a holiday',
  'food',
  'computers',
  'the internet',
  'a boat',
  'snow',
  'winter',
]);

/** The film a pick shares the most keywords with, then genres (the first on a tie). */
function nearestOf(m: CatalogMovie, seeds: readonly CatalogMovie[]): CatalogMovie {
  const shared = (x: CatalogMovie) =>
    2 * x.keywords.filter((k) => m.keywords.includes(k)).length +
    x.genre_ids.filter((g) => m.genre_ids.includes(g)).length;
  return seeds.reduce((best, x) => (shared(x) > shared(best) ? x : best));
}

/**
 * One reason per pick, from the film's data and what the user asked for: what it shares with the
 * film they named, the theme they asked for, its kind, era, language, rating or length when asked,
 * then what it is about. Sentence shapes vary across a reply: no two picks open alike, no raw tags.
 */
export function reasonsFor(scored: readonly Scored[], q: Query, first: CatalogMovie | null): string[] {
  const usedShapes = new Set<Shape>();
  const usedOpenings = new Set<string>();
  const seeds = first ? [first, ...(q.alsoLike ?? [])] : [];
  const said = new Map<string, number>();
  return scored.map((p, i) => {
    // Of several films liked, each pick is said of the one it shares most with.
    const seed = seeds.length > 1 ? nearestOf(p.movie, seeds) : first;
    const f = facts(p, q, seed, i, seed ? darkness(seed) : 0);
    // A shared theme said twice is enough: the next picks say something else about themselves.
    if (seed) f.themes = f.themes.filter((t) => (said.get(t) ?? 0) < 2);
    f.themes.sort((a, b) => (said.get(a) ?? 0) - (said.get(b) ?? 0));
    for (const t of f.themes.slice(0, 2)) said.set(t, (said.get(t) ?? 0) + 1);
    const shapes = seed ? SEEDED : f.themes.length || f.modifiers.length ? THEMED : PLAIN;
    let why = '';
    // The shapes that say something specific about this film come first, the general ones after;
    // within each, replies start from different shapes (by their first film), so no two read alike.
    const specific = shapes.filter((sh) => !GENERAL.has(sh));
    const general = shapes.filter((sh) => GENERAL.has(sh));
    for (const group of [specific, general]) {
      const start = (scored[0]!.movie.id + i) % (group.length || 1);
      for (let k = 0; k < group.length && !why; k++) {
        const shape = group[(start + k) % group.length]!;
        if (usedShapes.has(shape)) continue;
        const text = shape(f);
        if (!text || usedOpenings.has(opening(text))) continue;
        usedShapes.add(shape);
        why = text;
      }
      if (why) break;
    }
    // More picks than shapes: any shape that is true of it and opens differently, else the plainest.
    for (const shape of shapes) {
      if (why) break;
      const text = shape(f);
      if (text && !usedOpenings.has(opening(text))) why = text;
    }
    why ||= `${cap(f.a)}.`;
    usedOpenings.add(opening(why));
    if (f.extras) why = why.replace(/\.$/, ` (${f.extras}).`);
    const h = hook(p.movie);
    return `${why}${h ? ` ${esc(h)}` : ''}`;
  });
}

/** "90s crime drama in French": era and kind, and the language when it is not English and was not asked for. */
function barePhrase(m: CatalogMovie, q: Query, kind: string): string {
  const e = era(m);
  const bare = `${e ? `${e} ` : ''}${kind}`;
  // The language when it is not English and was not asked for (then every pick has it).
  if (m.original_language === 'en' || q.languages.includes(m.original_language)) return bare;
  const lang = LANGUAGE_NAMES[m.original_language];
  return lang && languageAttested(m) ? `${bare} in ${lang}` : bare;
}

/** A language's words (its name, its countries) of four letters or more, to find in a film's own text. */
const LANGUAGE_WORDS = new Map(
  LANGUAGE_PHRASES.map(([code, phrases]) => [
    code,
    new RegExp(`\\b(?:${phrases.filter((p) => p.length >= 4 && /^[a-z ]+$/.test(p)).join('|')})\\b`, 'i'),
  ]),
);

/**
 * Decision 0096: a film's recorded original language is its production's, not always what is
 * spoken (a French-made film shot in English). A reason names the language only when the film's
 * own summary or keywords bear it out (the language or a country of it), else says nothing of it.
 */
function languageAttested(m: CatalogMovie): boolean {
  const words = LANGUAGE_WORDS.get(m.original_language);
  if (!words) return false;
  return words.test(m.overview) || m.keywords.some((k) => words.test(k));
}

const byBreadth = (a: string, b: string) => Number(BROAD.has(a)) - Number(BROAD.has(b));

/** The themes a reason may name: shared with the named film, or those asked for (and the mood's). */
function themeFacts(
  p: Scored,
  seed: CatalogMovie | null,
): { themes: string[]; modifiers: string[]; place: string | null } {
  const m = p.movie;
  if (!seed) {
    // The themes asked for; a mood's keywords only when they read as words ("grief").
    const said = (ks: readonly string[]) => ks.map(themeText).filter((t): t is string => !!t);
    const themes = [...new Set([...said(p.matched), ...said(p.moodMatched ?? [])])].sort(byBreadth);
    return { themes, modifiers: p.matched.filter((k) => !themeText(k)), place: null };
  }
  const themes: string[] = [];
  let place: string | null = null;
  for (const k of m.keywords.filter((k) => seed.keywords.includes(k))) {
    const t = themeText(k);
    if (!t) continue;
    if (isPlace(k)) place ??= `set in ${t}`;
    else if (!themes.includes(t)) themes.push(t);
  }
  return { themes: themes.sort(byBreadth), modifiers: [], place };
}

/** The film's own themes the table can say ("sharks", "a haunted house"), not its props. */
const ownThemes = (m: CatalogMovie) =>
  [
    ...new Set(
      m.keywords
        .filter((k) => !isPlace(k))
        .map(themeText)
        .filter((t): t is string => !!t && !PROPS.has(t)),
    ),
  ].sort(byBreadth);

const ratedText = (m: CatalogMovie) =>
  `rated ${m.vote_average.toFixed(1)} by ${m.vote_count.toLocaleString('en-US')} viewers`;

/** The rating or runtime, said when the request asked for one. */
function extrasFor(m: CatalogMovie, q: Query): string {
  const extras: string[] = [];
  if (q.minRating !== undefined) extras.push(ratedText(m));
  if ((q.runtimeMax !== undefined || (q.runtimeMin !== undefined && !q.runtimeImplied)) && m.runtime)
    extras.push(`${m.runtime} minutes`);
  return extras.join(', ');
}

/** Lighter or darker than the named film, when a comparative asked for it. */
function toneFor(m: CatalogMovie, q: Query, seed: CatalogMovie | null, seedDark: number): Facts['tone'] {
  if (!seed || !q.relative || !q.soft.dark) return null;
  const d = darkness(m);
  if (q.soft.dark < 0 && d < seedDark - 0.15) return 'lighter';
  if (q.soft.dark > 0 && d > seedDark + 0.15) return 'darker';
  return null;
}

function facts(p: Scored, q: Query, seed: CatalogMovie | null, index: number, seedDark: number): Facts {
  const m = p.movie;
  const kind = genrePhrase(m.genre_ids);
  const bare = barePhrase(m, q, kind);
  const mood = q.moods.find((x) => MOOD_PURPOSE[x] && bearsMood(p, x));
  return {
    index,
    a: article(bare),
    bare,
    kind,
    year: m.release_date?.slice(0, 4) ?? 'long ago',
    ...themeFacts(p, seed),
    own: ownThemes(m),
    seed: seed ? esc(seed.title) : null,
    tone: toneFor(m, q, seed, seedDark),
    purpose: mood ? MOOD_PURPOSE[mood]! : null,
    extras: extrasFor(m, q),
    top: index === 0,
    acclaimed: m.vote_average >= 8 && m.vote_count >= 2000,
    // A rating is a reason only when it is a good one.
    rating: q.minRating === undefined && m.vote_count >= 200 && m.vote_average >= 7 ? ratedText(m) : null,
  };
}

/** One pick's reason (a reply's reasons come from `reasonsFor`, which varies them across picks). */
export function reasonFor(p: Scored, q: Query, seed: CatalogMovie | null): string {
  return reasonsFor([p], q, seed)[0]!;
}

const PLURALS: Record<string, string> = {
  comedy: 'comedies',
  documentary: 'documentaries',
  mystery: 'mysteries',
  fantasy: 'fantasy films',
  'sci-fi film': 'sci-fi films',
};
function plural(phrase: string, n: number): string {
  if (n === 1) return phrase;
  const last = phrase.split(' ').pop()!;
  const p = PLURALS[last] ?? (last.endsWith('s') ? last : `${last}s`);
  return `${phrase.slice(0, phrase.length - last.length)}${p}`;
}

/** 120 → "2 hours", 90 → "an hour and a half", 110 → "110 minutes": a length as people say it. */
export function duration(minutes: number): string {
  if (minutes === 60) return 'an hour';
  if (minutes === 90) return 'an hour and a half';
  if (minutes % 60 === 0) return `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

type Comparative = (typeof COMPARATIVES)[number];

/** Moods whose direction gives way to another's (`MoodRule.yields`): unsaid beside another mood. */
const YIELDING_MOODS = new Set(MOODS.filter((m) => m.yields).map((m) => m.mood));

/** "five scary zombie films", "five Nordic noir films": moods, themes, traditions, then the noun. */
function subjectPhrase(q: Query, cmp: Comparative | undefined, n: number): string {
  // "five funny romances", not "five fun funny romances": a mood that gives way is said alone only.
  const moods = q.moods.filter((m) => m !== cmp?.toward && !(q.moods.length > 1 && YIELDING_MOODS.has(m)));
  // "romantic films", not "romantic romances": a mood's own genre is not named twice.
  const moodGenre = new Set(
    MOODS.filter((m) => moods.includes(m.mood) && m.genres?.length === 1).map((m) => m.genres![0]!),
  );
  // "five Nordic noir films": a tradition is said by its name, not as its languages and genres.
  const tradGenres = new Set(traditionsOf(q).flatMap((i) => i.genres ?? []));
  // "five heist films", not "heist crime films": a genre a theme implies is not said, where marked.
  const themeGenres = new Set(
    THEME_PHRASES.filter(
      ([keywords, , , , unsaid]) => unsaid && keywords.some((k) => q.keywordsIn.includes(k)),
    ).map(([, , , g]) => g!),
  );
  const single = q.genreGroups
    .filter(
      (g) => g.length === 1 && !moodGenre.has(g[0]!) && !tradGenres.has(g[0]!) && !themeGenres.has(g[0]!),
    )
    .map((g) => g[0]!);
  // "westerns or war films": genres any of which will do, said so when no mood stands behind them.
  const either = q.moods.length
    ? undefined
    : q.genreGroups.find(
        (g) =>
          g.length > 1 && q.saidEither?.some((e) => e.length === g.length && e.every((x) => g.includes(x))),
      );
  const noun = single.length
    ? plural(genrePhrase(single), n)
    : either
      ? list(
          either.map((g) => plural(genrePhrase([g]), n)),
          'or',
        )
      : 'films';
  // "five scary zombie films", "five time travel sci-fi films": a theme named as people do.
  // A word that stood for several keywords ("DDR": east germany, the Berlin wall, the Stasi) is
  // said once, as its first (decision 0102).
  // (An occasion's keywords, required when no theme is asked, as its label: "five spooky films".)
  const asked = q.keywordsIn.length ? q.keywordsIn : q.occasion ? [q.occasion] : [];
  const said = [...new Set(asked.map((k) => q.outLabels?.[k] ?? k))];
  // "five musicals", not "five musical musicals": a theme the noun already says is not said twice.
  // "five true crime films", not "true crime crime films": a theme ending in the noun's word says it once.
  const head = noun.split(' ')[0]!;
  const themes = said
    .map((k) => (/^[A-Z]/.test(askedTheme(k)) ? askedTheme(k) : k))
    .filter((k) => !noun.startsWith(k))
    .map((k) => (k.endsWith(` ${head}`) ? k.slice(0, -head.length - 1) : k));
  return [
    ...moods,
    ...(themes.length ? [list(themes, 'or')] : []),
    // "five Ghibli films": a studio asked for says more than its tradition ("anime").
    ...(q.studiosIn?.length
      ? q.studiosIn.map(studioName).filter((n) => !themes.some((t) => t.toLowerCase() === n.toLowerCase()))
      : traditionsOf(q).map((i) => i.label)),
    ...(q.countriesIn ?? []).map((c) => NATIONALITY_NAMES[c] ?? c),
    noun,
  ].join(' ');
}

/** A country asked for as its films are said ("British comedies"). */
const NATIONALITY_NAMES: Record<string, string> = {
  GB: 'British',
  IE: 'Irish',
  AU: 'Australian',
  CA: 'Canadian',
  NZ: 'New Zealand',
  BR: 'Brazilian',
  MX: 'Mexican',
  AR: 'Argentine',
};

/** "pixar" → "Pixar", "a24" → "A24", "dreamworks" → "DreamWorks": a studio as it is written. */
const studioName = (key: string) =>
  ({ a24: 'A24', dreamworks: 'DreamWorks', dc: 'DC' })[key] ?? key[0]!.toUpperCase() + key.slice(1);

const traditionsOf = (q: Query) => INDUSTRY_PHRASES.filter((i) => q.traditions?.includes(i.label));

function languagesBit(q: Query): string | null {
  const tradLangs = new Set(traditionsOf(q).flatMap((i) => i.languages));
  const languages = q.languages.filter((l) => !tradLangs.has(l));
  if (!languages.length) return null;
  const said = (l: string) =>
    l === '!en'
      ? 'not in English'
      : l.startsWith('!')
        ? `not in ${LANGUAGE_NAMES[l.slice(1)] ?? l.slice(1)}`
        : `in ${LANGUAGE_NAMES[l] ?? l}`;
  return languages.map(said).join(' or ');
}

/** "from the 80s", "from 1994", "from 2015 on", "from before 1960". */
export function yearsBit(q: Pick<Query, 'yearFrom' | 'yearTo' | 'moods'>): string | null {
  const { yearFrom: from, yearTo: to } = q;
  // "classic" is said as a mood; the year it implies (up to 1985) is not restated as a range.
  const classicOnly = q.moods.includes('classic') && to === 1985 && from === undefined;
  if (from !== undefined && to !== undefined && to - from === 9 && from % 10 === 0)
    return `from the ${from}s`;
  if (from !== undefined && from === to) return `from ${from}`;
  if (from !== undefined && to !== undefined) return `from ${from} to ${to}`;
  if (from !== undefined) return `from ${from} on`;
  if (to !== undefined && !classicOnly) return `from before ${to + 1}`;
  return null;
}

function lengthBit(q: Query): string | null {
  // A length a mood implies ("epic": over 130 minutes) is not restated as the user's.
  const runtimeMin = q.runtimeImplied ? undefined : q.runtimeMin;
  if (q.runtimeMax !== undefined && runtimeMin !== undefined)
    return `between ${duration(runtimeMin)} and ${duration(q.runtimeMax)}`;
  if (q.runtimeMax !== undefined) return `under ${duration(q.runtimeMax)}`;
  if (runtimeMin !== undefined) return `over ${duration(runtimeMin)}`;
  return null;
}

/** Kinds of film said as countable films after "without" ("without thrillers", not "without thriller"). */
const WITHOUT_GENRE: Record<number, string> = {
  [GENRE.music]: 'musicals',
  [GENRE.thriller]: 'thrillers',
  [GENRE.western]: 'westerns',
  [GENRE.documentary]: 'documentaries',
};

/** Themes said as a thing after "without" ("without crude humour", not "without raunchy"; "whodunits"). */
const WITHOUT_LABEL: Record<string, string> = {
  raunchy: 'crude humour',
  spooky: 'anything spooky',
  paranoid: 'paranoia',
  'female-led': 'a female lead',
  whodunit: 'whodunits',
};

/** What was ruled out, in the user's terms (a comparative's implied exclusions are not). */
function withoutBit(q: Query, cmp: Comparative | undefined): string | null {
  // "nothing sad" is restated as such, not as the themes it rules out.
  const impliedOut = new Set(
    MOODS.filter((m) => q.notMoods?.includes(m.mood)).flatMap((m) => m.negated?.outKeywords ?? []),
  );
  const themes = q.keywordsOut.filter(
    (k) =>
      !cmp?.outKeywords?.includes(k) &&
      !impliedOut.has(k) &&
      !(k === 'musical' && q.genresOut.includes(GENRE.music)),
  );
  const without = [
    ...q.genresOut
      .filter((g) => !cmp?.out?.includes(g) && g !== GENRE.family)
      .map((g) => WITHOUT_GENRE[g] ?? GENRE_NAMES.get(g)!.toLowerCase()),
    ...[...new Set(themes.map((k) => q.outLabels?.[k] ?? k))].map((k) => WITHOUT_LABEL[k] ?? askedTheme(k)),
  ];
  return without.length ? `without ${list(without, 'or')}` : null;
}

/**
 * What ends the restatement: "not for little kids" rules out the films tagged as family films, and
 * the answer says just that ("none of them for kids" would vouch for each film, which a genre tag
 * cannot do); a comparative the user gave, in their terms; a mood's own leaning ("scary" is dark)
 * goes without saying, and so does a negated mood ("nothing gory" is restated as what it rules out).
 */
function tail(q: Query, seed: CatalogMovie | null, cmp: Comparative | undefined): string {
  let end = q.genresOut.includes(GENRE.family) ? ', none of them family films' : '';
  const notToo = (q.notMoods ?? []).filter((m) =>
    ['sad', 'dark', 'scary', 'violent', 'mind-bending', 'twisty'].includes(m),
  );
  if (!cmp && notToo.length) end += `, nothing too ${list(notToo, 'or')}`;
  if (cmp) end += seed ? `, but ${cmp.label}` : q.refined ? `, ${cmp.label} this time` : `, ${cmp.plain}`;
  return end;
}

/** What was understood, in the user's terms: "funny sci-fi films from the 90s without aliens". */
/**
 * Decision 0102: the topic words found by the films' own text, said as what they were matched on
 * ("whose story has "lighthouse" or "keeper""): what was understood, and no more.
 */
function topicBit(q: Query): string | null {
  const words = q.textWords?.filter((w) => !q.keywordsIn.includes(w)) ?? [];
  if (!words.length) return null;
  return `whose story has ${list(
    words.slice(0, 4).map((w) => `"${esc(w)}"`),
    'or',
  )}`;
}

export function restate(q: Query, seed: CatalogMovie | null, n: number): string {
  // A comparative is restated in the user's terms ("but less scary"), not as what it implies
  // (no horror, a light-hearted mood).
  const cmp = q.comparative ? COMPARATIVES.find((c) => c.label === q.comparative) : undefined;
  const bits = [
    subjectPhrase(q, cmp, n),
    topicBit(q),
    languagesBit(q),
    seed ? `like ${list([seed, ...(q.alsoLike ?? [])].map(movieLink))}` : null,
    yearsBit(q),
    lengthBit(q),
    q.minRating !== undefined ? `rated ${q.minRating.toFixed(1)} or more` : null,
    withoutBit(q, cmp),
  ].filter((b): b is string => b !== null);
  bits[bits.length - 1] += tail(q, seed, cmp);
  return bits.join(' ');
}

export function intro(q: Query, seed: CatalogMovie | null, n: number): string {
  const count = words(n);
  if (q.followUp === 'another') return `Here ${n === 1 ? 'is one more' : `are ${count} more`}:`;
  const some = (noun: string, nouns: string) => (n === 1 ? `is one ${noun}` : `are ${count} ${nouns}`);
  if (q.followUp === 'newer') return `Here ${some('more recent one', 'more recent ones')}:`;
  if (q.followUp === 'older') return `Here ${some('older one', 'older ones')}:`;
  if (q.person && !seed) return `Here ${some('film', 'films')} with ${esc(q.person)}:`;
  if (seed && typeof q.followUp === 'object') return `More like ${esc(seed.title)}:`;
  if (q.vague && !hasRequest(q))
    return `Here ${n === 1 ? 'is one' : `are ${count}`} crowd favourites to start with (tell me a mood, a genre or a film you liked to narrow it down):`;
  const lesser = q.lesserKnown ? 'lesser-known ' : '';
  return `Here ${n === 1 ? 'is one' : `are ${count}`} ${lesser}${restate(q, seed, n)}:`;
}

/** Fewer viewers than this: a film few know, whose name a better-known later film may share. */
export const LITTLE_KNOWN_VOTES = 150;

/**
 * Decision 0121: the catalog's only film of a name is little known ("Parasite" (1982), 8 viewers):
 * the film meant may be a later one of that name, which is not here; said, not guessed.
 */
export function laterNamesake(m: CatalogMovie): string {
  const year = m.release_date ? ` from ${m.release_date.slice(0, 4)}` : '';
  return `The "${esc(m.title)}" here is a little-known film${year}; if you meant a later one, that one ${NOT_IN_CATALOG} (it holds films released up to mid-2017).`;
}

/** "is Heat any good?", "is it worth the hype": a verdict on a film asked for. */
export const ASKS_VERDICT = new RegExp(
  String.raw`\b(?:any good|worth (?:it|watching|a watch|seeing|the hype|my time)|is it good|hold up|holds up|${JUDGED_AS}|\bis [^?.!]{1,60}? (?:actually |really |even )?good\?)`,
  'i',
);

/**
 * Decision 0118: what a friend says first when asked whether a film is any good: its rating, and
 * how that stands against the catalog (the rating shrunk by its votes, rank.ts lovedRating).
 */
export function verdict(m: CatalogMovie, here = false): string {
  const loved = lovedRating(m);
  const standing =
    loved >= 7.5
      ? 'one of the best-loved films here'
      : loved >= 6.8
        ? 'well liked'
        : loved >= 6
          ? 'about as liked as most films here'
          : 'liked less than most films here';
  return `${movieLink(m)} ${here ? 'is in the catalog, rated' : 'is rated'} ${m.vote_average.toFixed(1)} by ${m.vote_count.toLocaleString('en')} viewers: ${standing}.`;
}

/** "which Alien films are worth my time?", "any I should skip?": a franchise's films asked to be judged. */
export const ASKS_WHICH_WORTH =
  /\b(?:worth|skip|skippable|rough|hold up|holds up|overrated|(?:bad|good|weak|best|worst) ones?|any good|which (?:ones?|films?|movies?) (?:to|should))\b/i;

/**
 * Decision 0129: a franchise judged as a friend would, by its ratings: the best loved, and those
 * rated a point or more below the best, the ones to skip.
 */
export function franchiseVerdict(members: readonly CatalogMovie[]): string {
  const rated = members.filter((m) => m.vote_count >= 50);
  if (rated.length < 2) return '';
  const best = Math.max(...rated.map((m) => m.vote_average));
  const named = (ms: CatalogMovie[]) =>
    list(ms.map((m) => `${movieLink(m)} at ★ ${m.vote_average.toFixed(1)}`));
  const top = rated.filter((m) => m.vote_average >= best - 0.5);
  const low = rated.filter((m) => m.vote_average <= best - 1);
  return low.length
    ? `Worth your time: ${named(top)}. Rated well below ${top.length > 1 ? 'them' : 'it'}: ${named(low)}, the ${low.length > 1 ? 'ones' : 'one'} to skip.`
    : 'All of them are rated within a point of each other: none stands out as one to skip.';
}

/** Notes on what could not be applied, in plain words. */
export function notes(q: Query, relaxed: string[], found: number): string[] {
  const out: string[] = [];
  // Words of grammar left unread ("where", "she's") took nothing from the request: not named. In a
  // long message none is (decision 0142): its words outside the request are the story around it
  // (0126), and what it rules out in its own words ("burnt out on capes", "nothing too dry") a
  // friend reads past too; blind judges found every such note awkward and none helpful.
  const unread = q.longMessage ? [] : q.unknown.filter((w) => !saysNothingAlone(w));
  if (unread.length)
    out.push(
      `I didn't catch "${unread.slice(0, 3).join('", "')}", so I left ${unread.length === 1 ? 'it' : 'them'} out.`,
    );
  if (relaxed.length)
    out.push(
      `I couldn't find enough films about ${list(relaxed, 'or')} that fit the rest, so some of these only match the rest of your request.`,
    );
  if (found > 0 && found < 3)
    out.push(`I couldn't find more than ${found === 1 ? 'this one' : 'these two'} that fit everything.`);
  return out;
}

export function renderPicks(
  introLine: string,
  picks: { movie: CatalogMovie; reason: string }[],
  outro: string,
): string {
  const lines = picks.map(
    (p, i) => `${i + 1}. ${movieLink(p.movie)} · ★ ${p.movie.vote_average.toFixed(1)} — ${p.reason}`,
  );
  return `${introLine}\n\n${lines.join('\n')}\n\n${outro}`.trim();
}

/** Notes, then (on a conversation's first picks only: a friend does not repeat the manual) how to steer. */
export function outro(q: Query, extra: string[], first = true): string {
  const next = !first
    ? ''
    : q.like?.movie
      ? 'Say "another" for more, or "more like the second one" to follow one of these.'
      : 'Want more? Say "another", or steer me: "darker", "lighter", "from the 90s", "more like the first one".';
  return [...extra, next].filter(Boolean).join(' ');
}

/** A named title that is not in the catalog: said plainly, with the nearest title as a question. */
export function notInCatalog(text: string, closest: CatalogMovie | null, lang: Query['lang'] = 'en'): string {
  const phrases = phrasesFor(lang);
  if (phrases)
    return `${phrases.notInCatalog(esc(text))}${closest ? phrases.closestTitle(movieLink(closest), esc(closest.title)) : ''}`;
  const head = `"${esc(text)}" ${NOT_IN_CATALOG} (it holds films released up to mid-2017).`;
  const near = closest
    ? ` The closest title I have is ${movieLink(closest)}; if that's the one you meant, say "like ${esc(closest.title)}".`
    : '';
  return `${head}${near}`;
}

/**
 * Years after the catalog's last (decision 0096): said plainly, with the film named in capitals
 * before the year if there is one ("is The Batman from 2022 on here?").
 */
export function afterCatalog(message: string, year: number): string {
  const named = new RegExp(
    String.raw`((?:\p{Lu}[\p{L}\p{N}'’:.-]*|\d+)(?:\s+(?:(?:of|the|a|an|and|in|on|to)\s+)*(?:\p{Lu}[\p{L}\p{N}'’:.-]*|\d+))*)\s*(?:\(|,|\bfrom\b|\bof\b|\bin\b)?\s*\(?${year}\b`,
    'u',
  ).exec(message)?.[1];
  const name =
    named && !/^(?:I|Is|Do|Does|Have|Any|Anything|Something|Films?|Movies?)$/.test(named) ? named : null;
  const until = 'it holds films released up to mid-2017';
  const ask = "Tell me what you're in the mood for and I'll find something from before then.";
  return name
    ? `"${esc(name)}" (${year}) ${NOT_IN_CATALOG} (${until}). ${ask}`
    : `I can't offer anything from ${year}: our catalog ${until.replace(/^it /, '')}. ${ask}`;
}

export const NOTHING_FITS =
  "I couldn't find anything new that fits all of that. Could you loosen one of the conditions (a wider range of years, another genre), or try a different mood?";
