import type { CatalogMovie } from '@app/catalog';
import { GENRE } from './genre-ids';
import type { Comparative } from './understand/lexicon';

/**
 * Soft requests as data (decision 0087): "less violent", "lighter", "smarter", "scarier" … move the
 * list in a direction. Each direction is a set of feature weights (genres, families of catalog
 * keywords, the loved rating, fame, length, year) and, where the direction is clear, what it rules
 * out. The understanding side names the direction (`Query.comparative`, from `COMPARATIVES` in the
 * lexicon plus `DIRECTION_COMPARATIVES` below); retrieval adds `direction.score(film)` to the fit
 * and drops what `ruledOut` says. No phrase has its own branch.
 */

/** Keywords of a light tone: a film's tone (retrieve.ts) and the "lighter" direction read them. */
export const LIGHT_TONE: ReadonlySet<string> = new Set([
  'friendship',
  'christmas',
  'holiday',
  'musical',
  'dog',
  'wedding',
  'romantic comedy',
  'family',
  'best friend',
  'love',
  'dancing',
  'summer',
  'sport',
  'underdog',
  'buddy',
  'feel-good',
  'talking animal',
]);

/** Families of catalog keywords a direction weighs (each counts once per film). */
export const KEYWORD_FAMILIES = {
  /** Violence on screen: what "less violent" rules out. */
  violent: new Set([
    'violence',
    'gore',
    'torture',
    'massacre',
    'brutality',
    'blood',
    'decapitation',
    'slasher',
    'splatter',
    'gang violence',
    'mass murder',
    'extreme violence',
    'graphic violence',
    'cannibal',
    'dismemberment',
    'mutilation',
    'bloodbath',
    'sadism',
    'sadistic',
    'sadist',
    'bludgeoning',
    'shot to death',
    'gun violence',
    'beaten to death',
    'rape',
    'shootout',
    'gunfight',
    'execution',
  ]),
  /**
   * War on screen (decision 0127): violence too ("no violence whatsoever": not Forrest Gump's
   * Vietnam, nor Life Is Beautiful's camp), whatever the film's genres; not when war films are asked
   * for (`FAMILY_GENRE`).
   */
  war: new Set([
    'war',
    'vietnam war',
    'world war i',
    'world war ii',
    'battle',
    'battlefield',
    'combat',
    'concentration camp',
    'holocaust',
    'genocide',
    'war crimes',
  ]),
  /** Killing as the subject: weighed against, not ruled out ("less violent" crime is still crime). */
  killing: new Set([
    'murder',
    'serial killer',
    'revenge',
    'assassin',
    'assassination',
    'hitman',
    'mercenary',
    'sniper',
    'vigilante',
    'psychopath',
    'war',
    'battle',
    'combat',
    'soldier',
    'u.s. soldier',
    'navy seal',
    'terrorism',
    'martial arts',
    'kung fu',
    'fight',
    'gun',
    'shooting',
    'zombie',
    'survival horror',
    'gang',
    'gangster',
  ]),
  dark: new Set([
    'murder',
    'death',
    'violence',
    'serial killer',
    'suicide',
    'revenge',
    'rape',
    'drug',
    'dystopia',
    'torture',
    'prison',
    'grief',
    'war',
    'killer',
    'gore',
    'psychopath',
    'corruption',
    'kidnapping',
    'cancer',
    'depression',
    'abuse',
    'brutality',
    'neo-noir',
    'film noir',
    'nihilism',
    'tragedy',
    'post-apocalyptic',
  ]),
  // A light tone (the same words retrieve.ts weighs a film's tone by), and capers.
  light: new Set([...LIGHT_TONE, 'heist', 'caper', 'con artist', 'swindle']),
  scary: new Set([
    'haunted house',
    'ghost',
    'demon',
    'possession',
    'supernatural',
    'monster',
    'haunting',
    'exorcism',
    'paranormal',
    'witch',
    'creature',
    'found footage',
    'slasher',
    'zombie',
    'vampire',
    'serial killer',
    'gore',
  ]),
  /** Ideas and minds at work: what "smarter" leans towards. */
  smart: new Set([
    'philosophy',
    'intelligence',
    'genius',
    'mathematician',
    'scientist',
    'psychology',
    'existentialism',
    'chess',
    'political satire',
    'satire',
    'journalism',
    'investigation',
    'artificial intelligence',
    'moral dilemma',
    'based on novel',
    'biography',
    'puzzle',
    'dark comedy',
  ]),
  /** Sex and drugs on screen (decision 0129: with `violent`, what no film for a child has). */
  adult: new Set([
    'sex',
    'sex scene',
    'explicit sex',
    'erotic movie',
    'nudity',
    'female nudity',
    'male nudity',
    'strip club',
    'prostitute',
    'sexual abuse',
    'drug',
    'drug use',
    'cocaine',
    'heroin',
  ]),
  /** A plot that asks to be worked out: what an easy watch ("nothing confusing") leans away from. */
  twisty: new Set([
    'nonlinear timeline',
    'time loop',
    'parallel world',
    'alternate reality',
    'alternative reality',
    'alternate dimension',
    'surrealism',
    'surreal',
    'twist ending',
    'plot twist',
    'hallucination',
    'loss of sense of reality',
    'mindfuck',
    'amnesia',
  ]),
  /** Broad, silly humour: what "smarter" leans away from. */
  silly: new Set(['slapstick', 'parody', 'spoof', 'stupidity', 'toilet humor', 'sex comedy', 'teen comedy']),
} as const;

export type KeywordFamily = keyof typeof KEYWORD_FAMILIES;

/**
 * A genre's own subject in the keywords (decision 0127): a genre ruled out rules out the films whose
 * story is about it under another genre ("zero romance" for a comedy: not Life Is Beautiful, a
 * comedy-drama whose first half is a courtship, tagged "love of one's life", not Romance).
 */
export const GENRE_THEMES: Readonly<Partial<Record<number, readonly string[]>>> = {
  [GENRE.romance]: [
    'love',
    'romance',
    'falling in love',
    'love at first sight',
    "love of one's life",
    'lovers',
    'love triangle',
    'first love',
    'love affair',
    'romantic comedy',
    'unrequited love',
    'forbidden love',
  ],
};

/**
 * Keywords that are one theme when ruled out: "no gore" is no splatter, no bloodbath either (the
 * catalog tags each film with one or two of them).
 */
export const SAME_THEME: readonly ReadonlySet<string>[] = [
  new Set([
    'gore',
    'splatter',
    'blood splatter',
    'splatter film',
    'bloodbath',
    'blood bath',
    'torture porn',
    'extreme violence',
    'graphic violence',
    'blood spurting',
    'dismemberment',
    'mutilation',
    'decapitation',
  ]),
  // "sci-fi without spaceships": no film set among the stars (2001 is tagged "space travel").
  new Set([
    'spaceship',
    'spacecraft',
    'space travel',
    'space station',
    'space mission',
    'outer space',
    'astronaut',
    'space battle',
  ]),
];

export interface Direction {
  /** Weight per genre (TMDB id): + toward, − away. */
  genres?: Readonly<Record<number, number>>;
  /** Weight per keyword family the film has. */
  keywords?: Readonly<Partial<Record<KeywordFamily, number>>>;
  /**
   * Weight per meaning: closeness of the film to the word in the catalog's vectors, 0 at the median
   * film and 1 at the top 1% (violence the keywords do not name: The Descent has no "gore").
   */
  meaning?: Readonly<Record<string, number>>;
  /** Weight on the loved rating, centred (per point above the catalog's mean). */
  rating?: number;
  /** Weight on the runtime (per hour over 100 minutes). */
  runtime?: number;
  /** Weight on the year (per decade after 1990). */
  year?: number;
  /**
   * What the direction rules out where it is clear: these genres unless the request asks for them,
   * and films with a keyword of these families. Dropped again if fewer than 3 films are left.
   */
  ruleOut?: { genres?: readonly number[]; keywords?: readonly KeywordFamily[] };
  /**
   * Decision 0140: within a kind of film asked for ("war films, less violent", "horror… less gory
   * please"), only the weights away from other kinds stay (action): the list stays that kind, not
   * its comedies (Rosemary's Baby, not Shaun of the Dead), and the keywords and meaning move it.
   * With no kind asked, the kind is the film the request is like (decision 0143).
   */
  keepsKind?: boolean;
}

const LIGHTER: Direction = {
  genres: {
    [GENRE.comedy]: 1,
    [GENRE.family]: 0.8,
    [GENRE.animation]: 0.6,
    [GENRE.music]: 0.4,
    [GENRE.romance]: 0.4,
    [GENRE.adventure]: 0.2,
    [GENRE.horror]: -1,
    [GENRE.war]: -0.8,
    [GENRE.thriller]: -0.6,
    [GENRE.crime]: -0.3,
    [GENRE.drama]: -0.2,
  },
  keywords: { dark: -0.5, violent: -0.7, light: 0.4 },
  meaning: { violence: -0.8, comedy: 0.8 },
};

/** Directions by the comparative's label (`Comparative.label`). */
export const DIRECTIONS: Readonly<Record<string, Direction>> = {
  'less violent': {
    genres: {
      [GENRE.war]: -1,
      [GENRE.horror]: -1,
      [GENRE.action]: -0.6,
      [GENRE.thriller]: -0.6,
      [GENRE.crime]: -0.2,
      [GENRE.western]: -0.3,
      [GENRE.comedy]: 0.8,
      [GENRE.family]: 0.5,
      [GENRE.romance]: 0.3,
      [GENRE.mystery]: 0.3,
    },
    keywords: { violent: -1.5, killing: -1, light: 0.3 },
    meaning: { violence: -1.5, gore: -1 },
    ruleOut: { genres: [GENRE.war, GENRE.horror], keywords: ['violent', 'war'] },
    keepsKind: true,
  },
  lighter: LIGHTER,
  'less dark': LIGHTER,
  'more light-hearted': LIGHTER,
  'less sad': LIGHTER,
  darker: {
    genres: {
      [GENRE.thriller]: 0.6,
      [GENRE.crime]: 0.5,
      [GENRE.horror]: 0.5,
      [GENRE.mystery]: 0.4,
      [GENRE.drama]: 0.3,
      // Action and adventure are the fun of a dark kind (Leon, Heat), not its bleakest (Prisoners).
      [GENRE.action]: -0.5,
      [GENRE.adventure]: -0.5,
      [GENRE.comedy]: -0.8,
      [GENRE.family]: -1,
      [GENRE.animation]: -1,
    },
    keywords: { dark: 0.6, light: -0.4 },
    meaning: { violence: 0.5, death: 0.5 },
    ruleOut: { genres: [GENRE.family, GENRE.animation] },
  },
  scarier: {
    genres: {
      [GENRE.horror]: 1.2,
      [GENRE.thriller]: 0.5,
      [GENRE.mystery]: 0.3,
      [GENRE.comedy]: -0.8,
      [GENRE.family]: -1,
      [GENRE.animation]: -1,
    },
    keywords: { scary: 0.8 },
    meaning: { terrifying: 1 },
    ruleOut: { genres: [GENRE.family, GENRE.animation] },
  },
  'less scary': {
    genres: {
      [GENRE.horror]: -1,
      [GENRE.thriller]: -0.5,
      [GENRE.mystery]: 0.3,
      [GENRE.fantasy]: 0.3,
      [GENRE.comedy]: 0.5,
    },
    keywords: { scary: -0.6, violent: -0.8 },
    meaning: { terrifying: -0.8, gore: -0.8 },
  },
  smarter: {
    genres: {
      [GENRE.drama]: 0.4,
      [GENRE.mystery]: 0.4,
      [GENRE.history]: 0.3,
      [GENRE.documentary]: 0.3,
      [GENRE.scifi]: 0.2,
      [GENRE.action]: -0.4,
      [GENRE.family]: -0.4,
    },
    keywords: { smart: 0.6, silly: -1.2 },
    meaning: { philosophy: 0.6, intelligence: 0.4 },
    rating: 1.2,
  },
  funnier: {
    genres: { [GENRE.comedy]: 1.2, [GENRE.drama]: -0.3, [GENRE.horror]: -0.5 },
    keywords: { light: 0.3 },
  },
  /**
   * Decision 0126: "romcoms, but not the cheesy ones": the better-made of the same kind, not another
   * kind (no genre weights: "smarter" would pull dramas in).
   */
  'less cheesy': { keywords: { silly: -0.8 }, rating: 1.2 },
  /**
   * A register's direction (`MoodRule.direction`, `Query.moodDirection`): "dumb action", "a stupid
   * comedy" — the asked kind at its plainest and loudest before the clever and the mixed (Commando
   * and Con Air, not Inception and The Matrix; Superbad and Step Brothers, not Pretty Woman), the
   * rating weighing less.
   */
  dumber: {
    genres: {
      [GENRE.drama]: -1,
      [GENRE.history]: -1,
      [GENRE.war]: -1,
      [GENRE.romance]: -1,
      [GENRE.family]: -0.8,
      [GENRE.animation]: -0.6,
      [GENRE.music]: -0.6,
      [GENRE.mystery]: -0.5,
      [GENRE.fantasy]: -0.4,
      [GENRE.scifi]: -0.3,
    },
    keywords: { smart: -1 },
    meaning: { philosophy: -0.8, intelligence: -0.5, explosion: 0.5 },
    rating: -0.5,
  },
  /**
   * Cheese enjoyed ("80s action, the cheesier the better"): the kind asked, its crowd-pleasers
   * before its acclaimed (Commando beside Die Hard and Predator, not Aliens; a romcom stays one).
   */
  cheesier: {
    genres: { [GENRE.drama]: -0.6, [GENRE.history]: -0.6, [GENRE.war]: -0.6 },
    keywords: { smart: -1 },
    rating: -0.5,
  },
  /**
   * Decision 0137: fun (the `fun` mood): a good time, the adventure and the comedy before the heavy
   * (Raiders of the Lost Ark and Guardians of the Galaxy, not Interstellar and Gladiator).
   */
  fun: {
    genres: {
      [GENRE.adventure]: 0.5,
      [GENRE.comedy]: 0.5,
      [GENRE.action]: 0.3,
      [GENRE.drama]: -0.8,
      [GENRE.war]: -1,
      [GENRE.history]: -0.8,
      [GENRE.documentary]: -1,
    },
    keywords: { dark: -0.8, light: 0.4 },
  },
  /**
   * Decision 0137: a teenage audience ("we're all 14", "for my 15 year old"): the films teenagers
   * watch (The Conjuring before Psycho; adventure and fun before drama): newer, no graphic sex,
   * the goriest further down, not the documentary or the period piece.
   */
  teen: {
    genres: {
      [GENRE.adventure]: 0.5,
      [GENRE.action]: 0.3,
      [GENRE.comedy]: 0.3,
      [GENRE.scifi]: 0.3,
      [GENRE.fantasy]: 0.3,
      [GENRE.drama]: -0.5,
      [GENRE.documentary]: -1,
      [GENRE.history]: -0.6,
      [GENRE.war]: -0.6,
      [GENRE.western]: -0.6,
    },
    keywords: { violent: -1, adult: -1 },
    year: 0.5,
    ruleOut: { keywords: ['adult'] },
  },
  /**
   * An easy watch (the `easy-watching` mood: "something I don't have to follow", "half watch while
   * dozing"): the asked kind without the demanding — away from drama, history, war and the cerebral,
   * the rating weighing a little less (The Big Lebowski and Life of Brian among comedies to
   * half-watch, not Forrest Gump). It gives way to another mood's direction (`MoodRule.yields`).
   */
  easier: {
    genres: {
      [GENRE.drama]: -0.8,
      [GENRE.history]: -0.8,
      [GENRE.war]: -1,
      [GENRE.mystery]: -0.4,
      [GENRE.documentary]: -1,
    },
    keywords: { smart: -0.6, twisty: -1 },
    meaning: { philosophy: -0.6 },
    rating: -0.3,
  },
  /**
   * Decision 0129: a date's film (the `date-night` mood): the grown-up romantic comedy before the
   * romance of war or tragedy (Forrest Gump) and the children's (Aladdin).
   */
  date: {
    genres: {
      [GENRE.comedy]: 1,
      [GENRE.romance]: 0.5,
      [GENRE.family]: -1,
      [GENRE.animation]: -1,
      [GENRE.war]: -1,
      [GENRE.history]: -0.6,
    },
    keywords: { war: -1, violent: -0.7, light: 0.3 },
  },
  /**
   * Decision 0129: told slowly, by its atmosphere (the `atmospheric` register: "slow burn horror",
   * "bleak, moody sci-fi"): away from action, comedy and spectacle, toward the drama and mystery in
   * the kind, the well-loved first (The Witch and Rosemary's Baby, not Saw; Blade Runner and Stalker,
   * not Face/Off).
   */
  atmospheric: {
    genres: {
      [GENRE.action]: -1,
      [GENRE.comedy]: -1,
      [GENRE.family]: -1,
      [GENRE.adventure]: -0.6,
      [GENRE.animation]: -0.6,
      [GENRE.drama]: 0.5,
      [GENRE.mystery]: 0.5,
      [GENRE.thriller]: 0.2,
    },
    keywords: { violent: -0.6, silly: -1, smart: 0.3 },
    meaning: { dread: 0.6, isolation: 0.4, explosion: -0.6 },
    rating: 0.8,
  },
  /**
   * Decision 0129: fright for a child (`Query.moodDirection` when a child's age and a scary mood or
   * horror are said): among the films a child may see, the spookiest first (Goosebumps, Monster
   * House, ParaNorman), nothing ruled out.
   */
  spookier: {
    genres: { [GENRE.horror]: 1, [GENRE.fantasy]: 0.4, [GENRE.mystery]: 0.3, [GENRE.drama]: -0.5 },
    keywords: { scary: 1 },
    meaning: { terrifying: 0.8 },
  },
  /**
   * Decision 0133: pace. "less slow", "more exciting": the kinds that move (action, thrillers,
   * adventure) and the shorter films first, away from the slow-told; "slower", "more atmospheric":
   * the film told by its atmosphere (as the `atmospheric` register).
   */
  faster: {
    genres: {
      [GENRE.action]: 1,
      [GENRE.thriller]: 0.6,
      [GENRE.adventure]: 0.5,
      [GENRE.drama]: -0.5,
      [GENRE.romance]: -0.4,
      [GENRE.history]: -0.4,
      [GENRE.documentary]: -0.6,
    },
    meaning: { chase: 0.6, explosion: 0.4, dread: -0.3 },
    runtime: -0.6,
  },
  /**
   * Decision 0135: the `thrilling` mood ("something tense, gripping"): the film built on suspense,
   * a thriller first, before the famous crime and action films that are thrillers in part (Prisoners
   * and Gone Girl before Pulp Fiction and The Dark Knight).
   */
  tense: {
    genres: {
      [GENRE.thriller]: 0.6,
      [GENRE.mystery]: 0.4,
      [GENRE.comedy]: -1,
      [GENRE.family]: -1,
      [GENRE.animation]: -1,
      [GENRE.fantasy]: -0.6,
      [GENRE.adventure]: -0.4,
    },
    meaning: { suspense: 0.8, kidnapping: 0.3 },
  },
  /**
   * Decision 0135: the `cosy` mood: warm and small, away from war, crime and peril (not Life Is
   * Beautiful's camp nor The Lego Movie's battles), a gentle story of people first.
   */
  cosy: {
    genres: {
      [GENRE.war]: -1,
      [GENRE.crime]: -1,
      [GENRE.thriller]: -1,
      [GENRE.action]: -0.8,
      [GENRE.history]: -0.5,
      [GENRE.romance]: 0.3,
      [GENRE.comedy]: 0.3,
    },
    keywords: { war: -1.5, violent: -1, killing: -0.6 },
    meaning: { friendship: 0.5, explosion: -0.6 },
  },
  /**
   * Decision 0136: the `sad` mood ("a proper cry", "something heartbreaking"): a drama of loss and
   * love first, away from the crime, action and genre films a sad tag or two also falls on (The
   * Fault in Our Stars and Manchester by the Sea join Schindler's List; Her leaves).
   */
  tearjerker: {
    genres: {
      [GENRE.drama]: 0.6,
      [GENRE.romance]: 0.3,
      [GENRE.crime]: -0.8,
      [GENRE.action]: -1,
      [GENRE.horror]: -1,
      [GENRE.thriller]: -0.5,
      [GENRE.scifi]: -0.4,
      [GENRE.western]: -0.6,
    },
    keywords: { violent: -0.6, killing: -0.4 },
    meaning: { grief: 0.6, tragedy: 0.4 },
  },
  /** The follow-ups "older" and "more recent" (their years are filters already; this orders within them). */
  older: { year: -0.5 },
  newer: { year: 0.5 },
};

/** "slower": the `atmospheric` register's direction, said as a comparative. */
(DIRECTIONS as Record<string, Direction>).slower = DIRECTIONS.atmospheric!;

/**
 * Comparatives the lexicon did not have (their phrases, read by the understanding's comparative
 * clause). `soft` is empty: the direction, not the darkness scale, moves the list.
 */
export const DIRECTION_COMPARATIVES: Comparative[] = [
  {
    label: 'smarter',
    plain: 'on the smarter side',
    soft: {},
    phrases: [
      'smarter',
      'more intelligent',
      'more clever',
      'cleverer',
      'more cerebral',
      'more thoughtful',
      'more thought provoking',
      'less dumb',
      'less stupid',
      'less silly',
      'mas inteligente',
      'plus intelligent',
      'plus intelligente',
      'intelligenter',
      'klüger',
      'kluger',
      'piu intelligente',
    ],
  },
  {
    label: 'faster',
    plain: 'something with more pace',
    soft: {},
    phrases: [
      'faster',
      'faster paced',
      'more fast paced',
      'more pace',
      'pacier',
      'quicker',
      'less slow',
      'not as slow',
      'not so slow',
      'less boring',
      'more exciting',
      'more thrilling',
      'more gripping',
      'more energetic',
      'more action',
      'more action packed',
      'mas rapida',
      'mas ritmo',
      'plus rythme',
      'plus rapide',
      'schneller',
      'mehr tempo',
      'piu veloce',
      'piu ritmo',
      'mais rapido',
      'mais ritmo',
    ],
  },
  {
    label: 'slower',
    plain: 'something slower and more atmospheric',
    soft: {},
    phrases: [
      'slower',
      'slower paced',
      'more slow',
      'less fast',
      'less action',
      'less action packed',
      'calmer',
      'more atmospheric',
      'more relaxed',
      'less hectic',
      'less frantic',
      'mas lenta',
      'plus lent',
      'langsamer',
      'piu lento',
      'mais lento',
    ],
  },
  {
    label: 'less cheesy',
    plain: 'nothing too cheesy',
    soft: {},
    phrases: ['less cheesy', 'less sappy', 'less corny', 'moins niais', 'menos cursi'],
  },
];

/**
 * Whether a keyword is of the family: itself, or a compound whose last word is ("street gang" is a
 * gang, "gang war" a war: English compounds name their kind last).
 */
function ofFamily(k: string, words: ReadonlySet<string>): boolean {
  if (words.has(k)) return true;
  const space = k.lastIndexOf(' ');
  return space > 0 && words.has(k.slice(space + 1));
}

/**
 * The keyword families a film has, found once per film (a direction scores every candidate, each
 * keyword's last word cut out per family was a quarter of a soft request's time, most of it garbage).
 */
const familiesMade = new WeakMap<CatalogMovie, ReadonlySet<KeywordFamily>>();
function familiesOf(m: CatalogMovie): ReadonlySet<KeywordFamily> {
  let found = familiesMade.get(m);
  if (!found) {
    const families = new Set<KeywordFamily>();
    for (const family of Object.keys(KEYWORD_FAMILIES) as KeywordFamily[])
      if (m.keywords.some((k) => ofFamily(k, KEYWORD_FAMILIES[family]))) families.add(family);
    familiesMade.set(m, (found = families));
  }
  return found;
}

/** Keyword families a film has, counted once each. */
function familyScore(m: CatalogMovie, weights: Direction['keywords']): number {
  if (!weights) return 0;
  const families = familiesOf(m);
  let x = 0;
  for (const [family, w] of Object.entries(weights) as [KeywordFamily, number][])
    if (families.has(family)) x += w;
  return x;
}

function genreScore(m: CatalogMovie, weights: Direction['genres']): number {
  if (!weights) return 0;
  let x = 0;
  for (const g of m.genre_ids) x += weights[g] ?? 0;
  return x;
}

/**
 * How far a film goes in a direction: the sum of its weighted features, about −3..3. `rating` is
 * the film's loved rating (rank.ts), given so that this file needs no catalog statistics.
 */
export function directionScore(d: Direction, m: CatalogMovie, rating: number): number {
  let x = genreScore(m, d.genres) + familyScore(m, d.keywords);
  if (d.rating) x += d.rating * (rating - 6.2);
  if (d.runtime && m.runtime) x += (d.runtime * (m.runtime - 100)) / 60;
  const y = Number(m.release_date?.slice(0, 4));
  if (d.year && y) x += (d.year * (y - 1990)) / 10;
  return x;
}

/** True when the direction rules the film out (`asked`: genres the request asks for stay). */
export function directionRulesOut(d: Direction, m: CatalogMovie, asked: ReadonlySet<number>): boolean {
  const r = d.ruleOut;
  if (!r) return false;
  if (r.genres?.some((g) => !asked.has(g) && m.genre_ids.includes(g))) return true;
  return !!r.keywords?.some(
    (f) => !asked.has(FAMILY_GENRE[f] ?? -1) && m.keywords.some((k) => KEYWORD_FAMILIES[f].has(k)),
  );
}

/** A keyword family that is a genre's own subject: never ruled out when that genre is asked for. */
const FAMILY_GENRE: Partial<Record<KeywordFamily, number>> = { war: GENRE.war };

/**
 * A soft limit is a direction too (decision 0096): "nothing too violent", "not gory", "I can't
 * handle blood" move the list as "less violent" does, "nothing too scary" as "less scary".
 */
export const NEGATED_MOOD_DIRECTIONS: Readonly<Record<string, string>> = {
  violent: 'less violent',
  scary: 'less scary',
  // "nothing confusing", "my dad hates twisty plots": an easy watch.
  'mind-bending': 'easier',
  twisty: 'easier',
};

/**
 * The direction a query names: its comparative, else an "older" / "more recent" follow-up, else a
 * mood it rules out ("nothing too violent"), if any.
 */
export function directionOf(q: {
  comparative?: string;
  followUp?: string | { likeOrdinal: number };
  notMoods?: readonly string[];
  moodDirection?: string;
}): Direction | undefined {
  const name = q.comparative ?? (typeof q.followUp === 'string' ? q.followUp : undefined);
  // A comparative that only rules out ("nobody dies") leaves the way to a mood said not wanted.
  if (name && DIRECTIONS[name]) return DIRECTIONS[name];
  const limit = q.notMoods?.map((m) => NEGATED_MOOD_DIRECTIONS[m]).find((d) => d !== undefined);
  if (limit) return halfway(DIRECTIONS[limit]!);
  return q.moodDirection ? DIRECTIONS[q.moodDirection] : undefined;
}

/** The direction as it applies to a request for these kinds of film (`Direction.keepsKind`). */
export function withinKind(d: Direction | undefined, kinds: ReadonlySet<number>): Direction | undefined {
  if (!d?.keepsKind || kinds.size === 0 || !d.genres) return d;
  const away = Object.entries(d.genres).filter(([g, w]) => w < 0 && !kinds.has(Number(g)));
  return { ...d, genres: Object.fromEntries(away) };
}

const halved = <T extends object>(w: T | undefined): T | undefined =>
  w && (Object.fromEntries(Object.entries(w).map(([k, v]) => [k, (v as number) / 2])) as T);

/**
 * A soft limit moves half as far as the comparative ("a war film, not too graphic" is still a war
 * film, not a war comedy); the keywords the direction rules out still go.
 */
const HALFWAY = new Map<Direction, Direction>();
function halfway(d: Direction): Direction {
  let h = HALFWAY.get(d);
  if (!h) {
    // A limit keeps the kind of film asked for (a ghost story without gore is still a ghost
    // story): only the direction's keyword rule-outs hold, not its genre ones.
    const ruleOut = d.ruleOut?.keywords ? { keywords: d.ruleOut.keywords } : undefined;
    h = { ...d, genres: halved(d.genres), keywords: halved(d.keywords), meaning: halved(d.meaning), ruleOut };
    HALFWAY.set(d, h);
  }
  return h;
}
