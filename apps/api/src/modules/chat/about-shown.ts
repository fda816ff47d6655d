import { GENRE_NAMES, type CatalogMovie } from '@app/catalog';
import { darkness } from './retrieve';
import { DIRECTIONS, directionScore, KEYWORD_FAMILIES } from './directions';
import { CHILD_NOUN } from './understand/clauses';
import { GENRE, MOODS, SAD_THEMES, SHOWN_AFTER_OF } from './understand/lexicon';

/**
 * A question about the films just shown ("which of those is the shortest?", "what's the newest
 * one?", "rank them best to worst"): answered from those films, in the order asked, rather than
 * read as a new request (or, with nothing else in it, as off-topic).
 */
export interface ShownOrder {
  /** "shortest", "newest"…: the word the answer uses. */
  word: string;
  /** The value films are ordered by; undefined when a film lacks it (it goes last). */
  value: (m: CatalogMovie) => number | undefined;
  /** Larger first. */
  descending: boolean;
  /** What each film is shown with ("81 minutes", "2004", "★ 8.1 from 2,300 votes"). */
  detail: (m: CatalogMovie) => string;
  /** The answer's opening, when "Of those, the {word} is X." would not answer the question. */
  lead?: (first: string, film: CatalogMovie) => string;
  /**
   * When no film shown has any of it ("the funniest" of five grim heist films): what they are not,
   * and the order that answers instead ("None of those is a comedy; the lightest is X").
   */
  noneHave?: { kind: string; is: (m: CatalogMovie) => boolean; instead: ShownOrder };
}

const minutes = (m: CatalogMovie) => (m.runtime ? m.runtime : undefined);
const released = (m: CatalogMovie) => (m.release_date ? Date.parse(m.release_date) : undefined);
const runtimeText = (m: CatalogMovie) => (m.runtime ? `${m.runtime} minutes` : 'length unknown');
const dateText = (m: CatalogMovie) => m.release_date?.slice(0, 4) ?? 'year unknown';
const ratingText = (m: CatalogMovie) =>
  `rated ${m.vote_average.toFixed(1)} by ${m.vote_count.toLocaleString('en-US')} viewers`;

/** How frightening a film reads from its data: horror first, then thrillers, then dark ones. */
export const fear = (m: CatalogMovie): number =>
  (m.genre_ids.includes(GENRE.horror) ? 2 : 0) +
  (m.genre_ids.includes(GENRE.thriller) ? 0.7 : 0) +
  (m.genre_ids.includes(GENRE.mystery) ? 0.3 : 0) +
  darkness(m);
/** How sad a film reads: its sad themes (and the sad mood's), its darkness, a drama more than a comedy. */
const SAD = new Set([...SAD_THEMES, ...(MOODS.find((r) => r.mood === 'sad')?.keywords ?? [])]);
/** How far a film goes the way "less violent" moves a list (its rating left out). */
const lessViolent = (m: CatalogMovie): number =>
  directionScore(DIRECTIONS['less violent']!, m, m.vote_average);
/** How far a film goes the way "less cheesy" moves a list: fewer silly tags, better made. */
const lessCheesy = (m: CatalogMovie): number => directionScore(DIRECTIONS['less cheesy']!, m, m.vote_average);
/** How dark a film is, a comedy counting lighter ("the most light-hearted" of French New Wave films). */
const lightness = (m: CatalogMovie): number => darkness(m) - (m.genre_ids.includes(GENRE.comedy) ? 1 : 0);

/** The puzzles a story is built on: what makes a film hard to follow half asleep. */
const PUZZLE_KEYWORDS = new Set([
  'twist ending',
  'nonlinear timeline',
  'dream',
  'time travel',
  'time loop',
  'parallel world',
  'alternate reality',
  'surrealism',
  'memory',
  'amnesia',
  'psychological thriller',
  'unreliable narrator',
  'mind bending',
]);
const puzzles = (m: CatalogMovie): number => m.keywords.filter((k) => PUZZLE_KEYWORDS.has(k)).length;

/** How much a film turns on twists: its twist tags, then its other puzzles. */
const twists = (m: CatalogMovie): number =>
  m.keywords.filter((k) => /twist/.test(k)).length + 0.3 * puzzles(m);

/** Tags that say a film tells what happened (what "the most realistic" asks about). */
const TRUE_STORY =
  /^(?:based on true (?:story|events)|biography|autobiography|true crime|based on memoir or autobiography)$/;
/** How much a film keeps to what happened: its true-story tags, then history and documentary. */
const trueToLife = (m: CatalogMovie): number =>
  Math.min(2, m.keywords.filter((k) => TRUE_STORY.test(k)).length) +
  (m.genre_ids.includes(GENRE.documentary) || m.genre_ids.includes(GENRE.history) ? 0.5 : 0);

const sadness = (m: CatalogMovie): number =>
  0.5 * m.keywords.filter((k) => SAD.has(k)).length +
  darkness(m) +
  (m.genre_ids.includes(GENRE.drama) ? 0.3 : 0) -
  (m.genre_ids.includes(GENRE.comedy) ? 0.3 : 0);
/** Themes a film's tags give for sex on screen or in its jokes (what "raunchy" asks about). */
const RAUNCHY =
  /\b(?:sex|sexual|sexuality|nudity|naked|erotic|erotica|porn|prostitut|stripper|strip club|orgasm|affair|adultery|seduction|lust|threesome|gross out|toilet humor|bathroom humor|stag night)/;
/** How raunchy a film reads: its sexual themes, a romance or an adult comedy a little more. */
const raunch = (m: CatalogMovie): number =>
  m.keywords.filter((k) => RAUNCHY.test(k)).length + (m.genre_ids.includes(GENRE.family) ? -1 : 0);
/** How much of a comedy a film is (its place in the genre list: TMDB lists the main one first). */
export const comedy = (m: CatalogMovie): number => {
  const i = m.genre_ids.indexOf(GENRE.comedy);
  return i < 0 ? 0 : 1 / (1 + i) - 0.3 * Math.max(0, darkness(m));
};
/** Keywords of a film of songs (`music`'s lift beyond the Music genre). */
const SONG_KEYWORDS = new Set(['musical', 'singing', 'song', 'singer', 'dancing', 'based on musical']);
/**
 * Decision 0129: how much of a film of songs a film is ("which one has the best songs to sing along
 * to?"): the Music genre by its place in the list, and the keywords of a musical.
 */
const music = (m: CatalogMovie): number => {
  const i = m.genre_ids.indexOf(GENRE.music);
  return (i < 0 ? 0 : 1 / (1 + i)) + 0.5 * Math.min(2, m.keywords.filter((k) => SONG_KEYWORDS.has(k)).length);
};

/** Fights in a film's tags ("which one has the best fight scenes?"). */
const FIGHT_KEYWORDS =
  /\b(?:martial arts|kung fu|karate|fight|fighting|fighter|hand to hand combat|sword fight|swordsman|samurai|boxing|brawl|shootout|gunfight|car chase|battle)\b/;
/** How much of a film of action and fights a film is: the Action genre by its place, then its fight tags. */
const action = (m: CatalogMovie): number => {
  const i = m.genre_ids.indexOf(GENRE.action);
  return (
    (i < 0 ? 0 : 1 / (1 + i)) + 0.5 * Math.min(2, m.keywords.filter((k) => FIGHT_KEYWORDS.test(k)).length)
  );
};

/** "a horror thriller": the film's genres as its data has them. */
export const kindText = (m: CatalogMovie): string =>
  m.genre_ids
    .slice(0, 2)
    .map((g) => GENRE_NAMES.get(g)?.toLowerCase())
    .filter(Boolean)
    .join(', ') || 'genre unknown';

/**
 * How well a film suits children, from its data: a family film first (animated ones before live
 * action, comedies a little before the rest), then by how light it is; one in another language
 * a little later (a young child reads no subtitles); horror, thrillers, war and crime last
 * (decision 0121).
 */
export const childFit = (m: CatalogMovie): number =>
  (m.genre_ids.includes(GENRE.family) ? 2 : 0) +
  (m.genre_ids.includes(GENRE.animation) ? 1 : 0) +
  (m.genre_ids.includes(GENRE.comedy) ? 0.5 : 0) -
  (m.original_language === 'en' ? 0 : 0.5) -
  (m.genre_ids.some((g) => g === GENRE.horror || g === GENRE.thriller || g === GENRE.war || g === GENRE.crime)
    ? 2
    : 0) -
  Math.max(0, darkness(m));
const childText = (m: CatalogMovie) =>
  m.genre_ids.includes(GENRE.family)
    ? `a family film (${kindText(m)})`
    : childFit(m) < 0
      ? `for grown-ups (${kindText(m)})`
      : `not tagged as a family film (${kindText(m)})`;

/** How much a film is loved: its rating shrunk towards 6.2 when few voted (as the ranking does). */
export const lovedRatingOf = (m: CatalogMovie) =>
  (m.vote_count * m.vote_average + 150 * 6.2) / (m.vote_count + 150);
const lovedText = (m: CatalogMovie) => `${ratingText(m)}, ${kindText(m)}`;

const LIGHTEST: ShownOrder = { word: 'lightest', value: lightness, descending: false, detail: kindText };

/**
 * The orders a question can ask, the first that matches. Decision 0105: said in the languages read
 * ("la más divertida", "der kürzeste", "le plus court"), "the least X" as X reversed, and a friend's
 * pick ("which would you pick?", "which should I start with?") as the best loved.
 */
const ORDERS: [RegExp, ShownOrder][] = [
  [
    // "which one has the best twist?": the films whose tags carry a twist, first (not the best rated).
    /\b(?:best|biggest|craziest|wildest|most|best plot|biggest plot) twists?\b|\btwistiest\b|\bmost (?:mind[- ]?bending|twisty)\b/,
    { word: 'twistiest', value: twists, descending: true, detail: kindText },
  ],
  [
    // "which is best for my 4-year-old?", "ok for the kids?": suited to children, not the best rated.
    // ("are any of those ok for kids?" asks which fit: shown-fit.ts.)
    /\b(?:best|better|safest|most (?:suitable|appropriate)|(?:most|best) suited) (?:to watch )?(?:for|with) (?:a |an |the |my |our |your )?(?:kids?|children|child|little ones?|toddlers?|\d+[- ]?(?:year|yr)s?[- ]?olds?|(?:little |young )?(?:son|daughter|nephew|niece|grandkids?)|(?:little|baby) (?:sister|brother))\b|\bmost (?:kid|family|child)[- ]friendly\b|\b(?:kids?|children|child|little ones?|toddlers?|\d+[- ]?(?:year|yr)s?[- ]?olds?|son|daughter|nephew|niece|grandkids?) (?:would |will |might )?(?:like|enjoy|love)(?: the)? (?:most|best)\b/,
    {
      word: 'best for children',
      value: childFit,
      descending: true,
      detail: childText,
      lead: (first, film) =>
        childFit(film) < 0
          ? `None of those is made for children; the mildest is ${first}. All of them, mildest first:`
          : `Of those, the one best suited to children is ${first}. All of them, best suited first:`,
    },
  ],
  [
    // "what order should I watch them in?": the order they came out.
    /\b(?:what|which|right|best) order\b|\border (?:to|should i|do i|would you) (?:watch|see)\b|\bwatch (?:them|these|those) in\b|\b(?:en )?que orden\b|\bdans quel ordre\b|\bin welcher reihenfolge\b/,
    {
      word: 'oldest',
      value: released,
      descending: false,
      detail: kindText,
      lead: (first) => `Watch them in the order they came out, starting with ${first}:`,
    },
  ],
  [
    /\bleast (?:scary|frightening|creepy|intense|scares|frights)\b/,
    { word: 'least scary', value: fear, descending: false, detail: kindText },
  ],
  [
    // "the least raunchy, want to watch with my abuela": the fewest sexual themes, the lightest first.
    /\b(?:least (?:raunchy|sexy|sexual|explicit|rude|crude|dirty|vulgar|naughty|racy|steamy|spicy)|cleanest|most (?:family[- ]friendly|wholesome))\b/,
    { word: 'cleanest', value: raunch, descending: false, detail: kindText },
  ],
  [
    // "the least violent", "the least gory": the one furthest the way "less violent" moves a list.
    // Said with a noun too ("which of these has the least violence?").
    /\bleast (?:(?:amount of )?(?:violent|brutal|gory|bloody|graphic|violence|gore|blood|bloodshed|killing))\b/,
    { word: 'least violent', value: lessViolent, descending: true, detail: kindText },
  ],
  [
    // "the least cheesy of those", "the cheesiest": the way "less cheesy" moves a list, or against it.
    /\bleast (?:cheesy|corny|sappy|cringe|cringey|cringy)\b/,
    { word: 'least cheesy', value: lessCheesy, descending: true, detail: kindText },
  ],
  [
    /\b(?:cheesiest|corniest|sappiest|cringiest|most (?:cheesy|corny|sappy|cringe|cringey|cringy))\b/,
    { word: 'cheesiest', value: lessCheesy, descending: false, detail: kindText },
  ],
  [
    /\bleast (?:sad|depressing|heavy|upsetting|heartbreaking|tragic)\b/,
    { word: 'least sad', value: sadness, descending: false, detail: kindText },
  ],
  [
    /\b(?:least (?:dark|grim|bleak|disturbing)|gentlest|mildest)\b/,
    { word: 'lightest', value: darkness, descending: false, detail: kindText },
  ],
  [
    /\b(?:which (?:one|of (?:these|those|them))(?: is| would be)?(?: (?:best|good|better|right))? for (?:a |an |the |my |our )?\w+|(?:would|should|will|do) (?:you|u|ya|i|we) (?:pick|choose|recommend|go (?:with|for)|watch|start (?:with|on)|begin with|see first)|(?:time|room) for (?:just |only )?one|(?:your|ur) (?:pick|top pick|favou?rite|fave)|first[- ]timer|cual me recomiendas|welche[rsn]? (?:empfiehlst|wurdest)|lequel (?:me )?(?:conseilles|recommandes))\b/,
    { word: 'best loved', value: lovedRatingOf, descending: true, detail: lovedText },
  ],
  [
    /\b(?:mas (?:miedo|terror|aterradora?|terrorifica?)|(?:le|la) plus (?:effrayante?|flippante?)|gruseligste[rsn]?|unheimlichste[rsn]?|piu (?:paurosa?|spaventosa?)|mais assustadora?)\b/,
    { word: 'scariest', value: fear, descending: true, detail: kindText },
  ],
  [
    /\b(?:mas (?:divertida?|graciosa?|comica?)|(?:le|la) plus (?:drole|marrante?)|lustigste[rsn]?|witzigste[rsn]?|piu (?:divertente|comica?)|mais (?:engracada?|divertida?))\b/,
    { word: 'funniest', value: comedy, descending: true, detail: kindText },
  ],
  [
    /\b(?:mas cort[ao]|(?:le|la) plus courte?|kurzeste[rsn]?|piu cort[ao]|mais curt[ao])\b/,
    { word: 'shortest', value: minutes, descending: false, detail: runtimeText },
  ],
  [
    /\b(?:mas larg[ao]|(?:le|la) plus longu?e?|langste[rsn]?|piu lung[ao]|mais long[ao])\b/,
    { word: 'longest', value: minutes, descending: true, detail: runtimeText },
  ],
  [
    /\b(?:mas (?:reciente|nuev[ao])|(?:le|la) plus recente?|neueste[rsn]?|piu recente|mais recente)\b/,
    { word: 'newest', value: released, descending: true, detail: dateText },
  ],
  [
    /\b(?:mas antigu[ao]|(?:le|la) plus ancien(?:ne)?|alteste[rsn]?|piu vecchi[ao]|mais antig[ao])\b/,
    { word: 'oldest', value: released, descending: false, detail: dateText },
  ],
  [
    /\b(?:(?:la|el|lo) mejor|mejor (?:valorad[ao]|puntuad[ao]|puntuacion|nota|calificad[ao]|calificacion)|(?:le|la) meilleure?|meilleure note|mieux notee?s?|beste[rsn]?|am besten bewertet|(?:il|la) migliore|miglior voto|voto piu alto|(?:o|a) melhor|melhor (?:nota|avaliad[ao]))\b/,
    { word: 'best rated', value: (m) => m.vote_average, descending: true, detail: ratingText },
  ],
  [
    /\b(scariest|most (?:scary|frightening|terrifying|creepy)|creepiest)\b/,
    { word: 'scariest', value: fear, descending: true, detail: kindText },
  ],
  [
    /\b(funniest|most (?:funny|fun|hilarious))\b/,
    {
      word: 'funniest',
      value: comedy,
      descending: true,
      detail: kindText,
      noneHave: { kind: 'a comedy', is: (m) => m.genre_ids.includes(GENRE.comedy), instead: LIGHTEST },
    },
  ],
  [
    /\b((?:best|coolest|greatest|sickest|most) (?:fights?|fight scenes?|fighting|fight choreography|action(?: scenes| sequences)?|stunts|martial arts)|most action[- ]packed)\b/,
    { word: 'most action-packed', value: action, descending: true, detail: kindText },
  ],
  [
    /\b((?:best|most|catchiest|greatest) (?:songs?|music|soundtrack)|sing ?along|singalong|most musical|catchiest)\b/,
    { word: 'most musical', value: music, descending: true, detail: kindText },
  ],
  [
    // Decision 0126: "which is the easiest to follow? I'll be watching half asleep": the one with the
    // fewest puzzles in its story (twists, dreams, time loops).
    /\b(easiest to (?:follow|understand|watch)|least (?:confusing|complicated|complex|twisty)|most straightforward|simplest)\b/,
    { word: 'easiest to follow', value: puzzles, descending: false, detail: kindText },
  ],
  [
    /\b(saddest|most (?:sad|depressing|heartbreaking|tearjerking|tear-jerking)|(?:makes?|made) (?:you|me|us|people) cry(?: the)? most|mas triste|(?:le|la) plus triste|traurigste[rsn]?|piu triste|mais triste)\b/,
    { word: 'saddest', value: sadness, descending: true, detail: kindText },
  ],
  [
    // "which of those is the most realistic?": the one that tells what happened, first.
    /\b(?:most (?:realistic|accurate|historically accurate|true to life|authentic|real)|closest to (?:the truth|what happened|real life))\b/,
    { word: 'most true to life', value: trueToLife, descending: true, detail: kindText },
  ],
  [
    /\b(darkest|bleakest|grimmest)\b/,
    { word: 'darkest', value: darkness, descending: true, detail: kindText },
  ],
  [
    /\b(lightest|most (?:upbeat|cheerful|feel-good|feel good|light-hearted|lighthearted|light hearted|uplifting|wholesome))\b/,
    LIGHTEST,
  ],
  [
    /\b(shortest|quickest|least long)\b/,
    { word: 'shortest', value: minutes, descending: false, detail: runtimeText },
  ],
  [/\blongest\b/, { word: 'longest', value: minutes, descending: true, detail: runtimeText }],
  [
    /\b(newest|latest|most recent|youngest)\b/,
    { word: 'newest', value: released, descending: true, detail: dateText },
  ],
  [
    /\b(oldest|earliest|came out first|released first|first released|first to come out)\b/,
    { word: 'oldest', value: released, descending: false, detail: dateText },
  ],
  [
    /\b(worst|lowest rated|least liked)\b/,
    { word: 'lowest rated', value: (m) => m.vote_average, descending: false, detail: ratingText },
  ],
  [
    // Decision 0127: "which are the good ones", "the fun ones", "worth watching" ask for a verdict.
    /\b(best|highest rated|rated (?:the )?highest|top rated|best rated|best reviewed|best to worst|top (?:\d+|three|five|ten)|(?:only|just) (?:watch|see|pick|choose|have time for) one|(?:pick|choose) (?:just |only )?one|(?:good|great|fun) ones?|worth (?:it|watching|seeing|a watch|the time))\b/,
    { word: 'best rated', value: (m) => m.vote_average, descending: true, detail: ratingText },
  ],
  [
    /\b(most popular|best known|most famous|most watched|most seen)\b/,
    { word: 'best known', value: (m) => m.vote_count, descending: true, detail: ratingText },
  ],
];

/** Words that point back at the films shown. */
const POINTS_BACK =
  /\b(those|these|them|they|the list|this list|your (?:picks|suggestions|list|recommendations)|the ones? you (?:gave|suggested|listed|showed))\b|\bwhich (?:one|is|of|would|should|do you|came|was|were|has|have|had)\b|\b(?:rank|sort|order) (?:them|those|these)\b|\b(?:cual|cuales) (?:de )?(?:esas|estas|ellas|ellos|esos|estos|las|los)\b|\b(?:de|entre) (?:esas|estas|esos|estos)\b|\b(?:welche[rsn]?|welches) (?:davon|von denen|von diesen)\b|\bdavon\b|\b(?:lequel|laquelle|lesquels) (?:de|d'|parmi|est|sont|serait|me)\b|\bparmi (?:eux|elles|ces)\b|\b(?:quale|quali) (?:di|tra|fra) (?:questi|quelli|loro)\b|\bqual (?:deles|delas|desses|dessas)\b/;

/** Lower case, accents off, one space: "¿cuál de esas es la más divertida?" as the patterns read it. */
export const folded = (message: string) =>
  message
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, "'")
    .replace(/\s+/g, ' ');

/**
 * Words that can only mean the films shown ("of those", "de esas", "davon"): with them, the words of
 * the question ("the least violent", "la más divertida") are what is asked about, never a request.
 */
const SHOWN_ONLY = new RegExp(
  String.raw`\b(?:of|among|from) (?:${SHOWN_AFTER_OF.join('|')})\b|` +
    String.raw`\b(?:those|these) (?:ones|films|movies|five|four|three)\b|` +
    // The same in Spanish, German, French, Italian and Portuguese.
    String.raw`\b(?:de|entre) (?:esas|estas|esos|estos)\b|\b(?:davon|von denen|von diesen)\b|` +
    String.raw`\bparmi (?:eux|elles|ces)\b|\b(?:di|tra|fra) (?:questi|quelli)\b|\b(?:deles|delas|desses|dessas)\b`,
);

/** "finished all of them, what now?": the films shown are done with, others are asked for. */
const SEEN_THEM = /\b(?:seen|watched|finished|done with) (?:all|them|those|these|every)\b/;

/** Whether a message points at the films shown in words that can mean nothing else. */
export const pointsOnlyAtShown = (message: string): boolean => SHOWN_ONLY.test(folded(message));

/** The order a message asks of the films just shown, or null when it asks for something else. */
export function askedAboutShown(message: string): ShownOrder | null {
  const text = folded(message);
  if (!POINTS_BACK.test(text) || SEEN_THEM.test(text)) return null;
  return superlativeIn(text) ?? (UNMEASURED.test(text) ? UNMEASURED_ORDER : null);
}

/**
 * "which has the most quotable one liners lol": a "which … most" question about the films shown
 * that nothing the catalog knows can answer; said so, and they are shown best loved first.
 */
const UNMEASURED =
  /^\W*(?:(?:ok|okay|so|and|hmm|but|lol|haha) )*(?:(?:out of|of|from|among|between) (?:these|those|them|the \w+)\W* )?which (?:one |film |movie |of (?:these|those|them) )?(?:has|is|'s|would|will|does|got|had|was)\b.*\b(?:most|least|best|worst|more|less)\b/;
const UNMEASURED_ORDER: ShownOrder = {
  word: 'best loved',
  value: lovedRatingOf,
  descending: true,
  detail: lovedText,
  lead: (first) =>
    `I can't tell that from what the catalog knows of these films (their kind, themes and ratings). Of those, the best loved is ${first}:`,
};

/**
 * "is any of those ok for someone who can't stand gore?", "any of those not too scary?": a limit
 * asked of the films shown is answered by the order it names, the least violent (scary) first.
 * What the catalog knows of a film's violence is too thin to say that one is free of it.
 */
export function limitOrder(q: {
  notMoods?: readonly string[];
  awayMoods?: readonly string[];
}): ShownOrder | null {
  const said = [...(q.notMoods ?? []), ...(q.awayMoods ?? [])];
  const word = said.includes('violent') ? 'least violent' : said.includes('scary') ? 'least scary' : null;
  return ORDERS.find(([, o]) => o.word === word)?.[1] ?? null;
}

/** The order a superlative in the text asks for ("which Rocky film is the longest?"), or null. */
export function superlativeIn(message: string): ShownOrder | null {
  const text = folded(message);
  // "best to worst" is a ranking by rating, not the worst first.
  const ranking = /\bbest to worst\b/.test(text);
  for (const [pattern, order] of ORDERS) {
    if (ranking && order.word === 'lowest rated') continue;
    if (pattern.test(text)) return order;
  }
  return null;
}

/** The films in the order asked; those without the value last, in their shown order. */
export function orderShown(films: CatalogMovie[], order: ShownOrder): CatalogMovie[] {
  const known = films.filter((m) => order.value(m) !== undefined);
  const unknown = films.filter((m) => order.value(m) === undefined);
  known.sort((a, b) => (order.value(b)! - order.value(a)!) * (order.descending ? 1 : -1));
  return [...known, ...unknown];
}

// ——— A question about one or two of the films shown ("is the first one better?", "how long is it?") ———

/** One fact a question asks about a film, and how it is said from the film's data. */
export interface FilmFact {
  word: string;
  /** The fact of one film, as a clause after its title ("runs 117 minutes"). */
  say: (m: CatalogMovie) => string;
  /** For comparisons ("is the first one better?"): larger is more of it; absent, no comparison. */
  value?: (m: CatalogMovie) => number | undefined;
  /** What "more" is called in a comparison ("rated higher", "scarier"). */
  more?: string;
}

const sentence = (text: string) => {
  const first = text.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? text;
  return first.length > 220 ? `${first.slice(0, first.lastIndexOf(' ', 217))}…` : first;
};
const hours = (n: number) =>
  n >= 60 ? `${Math.floor(n / 60)} h ${String(n % 60).padStart(2, '0')} min` : `${n} min`;
const fearWords = (m: CatalogMovie) => {
  if (m.genre_ids.includes(GENRE.horror)) return `is a horror film (${kindText(m)}): expect to be scared`;
  if (m.genre_ids.includes(GENRE.thriller))
    return `is not horror: a thriller, tense rather than scary (${kindText(m)})`;
  return `is not a scary film (${kindText(m)})`;
};
/** Whether a film is a sad one: its sad themes and how dark it reads (`sadness`). */
const sadWords = (m: CatalogMovie) => {
  const themes = m.keywords.filter((k) => SAD.has(k)).slice(0, 3);
  const of = `${kindText(m)}${themes.length ? `; its themes include ${themes.join(', ')}` : ''}`;
  // Sad is told by sad themes; a dark film without them (a crime thriller) is grim, not sad.
  if (themes.length >= 2 || (themes.length && sadness(m) >= 0.5)) return `is on the sad, heavy side (${of})`;
  if (darkness(m) >= 0.5) return `is dark rather than sad (${of})`;
  return themes.length
    ? `has its sad moments but is no downer (${of})`
    : `is not tagged as a sad one (${of})`;
};
/** Whether a film is hard to follow: the puzzles its story is built on (as "the easiest to follow" weighs them). */
const puzzleWords = (m: CatalogMovie) => {
  const tags = m.keywords.filter((k) => PUZZLE_KEYWORDS.has(k)).slice(0, 3);
  return tags.length
    ? `is built on puzzles (${kindText(m)}; its themes include ${tags.join(', ')}): it asks for your attention`
    : // Untagged is no proof of a plain story (The Prestige has no twist tag): said as the tags' word.
      `is not tagged for twists or puzzles (${kindText(m)}), though its tags may miss them: ${sentence(m.overview || 'it has no summary.')}`;
};
/** Whether a film is a violent one: the violence its tags name, else what its genres hold. */
const violenceWords = (m: CatalogMovie) => {
  const tags = m.keywords.filter((k) => KEYWORD_FAMILIES.violent.has(k)).slice(0, 3);
  if (tags.length) return `has violence on screen (${kindText(m)}; its themes include ${tags.join(', ')})`;
  if (lessViolent(m) < 0) return `is not tagged as gory, but as a ${kindText(m)} film expect some violence`;
  return `is not a violent film (${kindText(m)})`;
};
/** The kinds the date-night mood rules out (horror, war): a hard sell for a date. */
const NOT_FOR_A_DATE = MOODS.find((r) => r.mood === 'date-night')?.exclude ?? [];
/** Whether a film suits a date: a romantic comedy does, what the date-night mood rules out hardly. */
const dateWords = (m: CatalogMovie) => {
  const is = (g: number) => m.genre_ids.includes(g);
  if (NOT_FOR_A_DATE.some(is)) return `is a ${kindText(m)} film: a hard sell for a date`;
  if (is(GENRE.romance) && is(GENRE.comedy)) return `is a romantic comedy (${kindText(m)}): a date film`;
  if (is(GENRE.romance))
    return `is a romance (${kindText(m)}): good for a date if you both like a love story`;
  if (is(GENRE.comedy)) return `is a comedy (${kindText(m)}): easy to share on a date`;
  return `is no romance (${kindText(m)}): a date film only if you both like that kind`;
};
/** Kinds of film made for grown-ups when they are what a film mainly is. */
const GROWN_UP: readonly number[] = [GENRE.horror, GENRE.thriller, GENRE.war, GENRE.crime];
/** What a US certification says about children (live catalogs carry it). */
const CERTIFIED: Record<string, string> = {
  G: 'fine for all ages',
  PG: 'fine for children, some scenes with a parent',
  'PG-13': 'for teenagers, not young children',
  R: 'for adults, not for children',
  'NC-17': 'for adults only',
};
/**
 * Whether a film suits a child: its certification when the catalog has one; else a family film
 * is, and one that is mainly (its first two genres) horror, a thriller, war or crime is not
 * (Titanic, a romantic drama TMDB also tags Thriller third, is not said to be for grown-ups).
 */
const childWords = (m: CatalogMovie) => {
  const rated = m.certification ? CERTIFIED[m.certification] : undefined;
  if (rated) return `is rated ${m.certification} (${kindText(m)}): ${rated}${headsUp(m)}`;
  if (m.genre_ids.includes(GENRE.family)) return `is a family film (${kindText(m)})${headsUp(m)}`;
  if (m.genre_ids.slice(0, 2).some((g) => GROWN_UP.includes(g)))
    return `is made for grown-ups (${kindText(m)}), not for children`;
  return `is not tagged as a family film (${kindText(m)}): better check it first${headsUp(m)}`;
};

/** A parent's death in a film's tags ("loss of parents", "death of father"). */
const PARENT_DIES =
  /\b(?:death|loss|dead|dying) (?:of )?(?:a |the )?(?:parents?|father|mother|dad|mom|mum)\b/;

/**
 * What a parent would want to know before showing a film to a child, from its tags: a parent's
 * death or another of the sad themes (not the sad mood's wider keywords, which hold "love"),
 * violence, frights (The Lion King: "loss of parents").
 */
const headsUp = (m: CatalogMovie) => {
  const tags = m.keywords.filter(
    (k) =>
      PARENT_DIES.test(k) ||
      SAD_THEMES.includes(k) ||
      KEYWORD_FAMILIES.violent.has(k) ||
      KEYWORD_FAMILIES.scary.has(k),
  );
  return tags.length ? `; a heads-up: its themes include ${tags.slice(0, 3).join(', ')}` : '';
};

const TRUE_STORY_TAGS = ['based on true story', 'based on true events', 'true crime'];
const LIFE_TAGS = ['biography', 'autobiography'];
const SOURCE_TAGS = [
  'based on novel',
  'based on book',
  'based on comic',
  'based on play',
  'based on short story',
];
/** Whether a film tells a true story, from its keywords and summary (decision 0105). */
const trueStoryWords = (m: CatalogMovie) => {
  if (m.keywords.some((k) => TRUE_STORY_TAGS.includes(k))) return 'is based on a true story';
  if (m.keywords.some((k) => LIFE_TAGS.includes(k))) return 'tells a real life (a biography)';
  if (/\b(?:true story|true-life|real-life|based on (?:the )?(?:real|true))\b/i.test(m.overview ?? ''))
    return 'is drawn from real events, as its summary says';
  const source = m.keywords.find((k) => SOURCE_TAGS.includes(k));
  return source
    ? `is ${source.replace(/^based on /, 'based on a ')}; the catalog does not tag it as a true story`
    : 'is not tagged as a true story in the catalog';
};

/** In colour or black and white, from its keywords, else its year (said as a guess before 1950). */
const colourWords = (m: CatalogMovie) => {
  const year = dateText(m);
  if (m.keywords.includes('black and white')) return `is in black and white (${year})`;
  const y = released(m);
  const at = y === undefined ? undefined : new Date(y).getUTCFullYear();
  if (at !== undefined && at < 1940)
    return `is from ${year}: almost surely black and white (the catalog does not say)`;
  if (at !== undefined && at < 1968)
    return `is from ${year}, when many films were still black and white; the catalog does not say which this is`;
  return `is in colour (${year}; the catalog does not tag it black and white)`;
};

/** Who a child is to the person asking ("my daughter", "our 8 year old", "my 11yo"). */
const CHILD = String.raw`(?:(?:little |young )?${CHILD_NOUN}|\d{1,2}[- ]?(?:years?|yrs?)[- ]?olds?|\d{1,2} ?(?:yo|y\/o))`;

/** Words asking whether a film suits someone ("ok", "too scary", "can she watch"). */
const SUITS = String.raw`(?:ok|okay|alright|all right|suitable|appropriate|safe|allowed|too (?:scary|much|violent|mature|dark|graphic|intense|young)|(?:can|could|should|may) (?:he|she|they|my \w+(?: \w+)?) (?:watch|see))`;

/** The facts a question can ask, the first that matches (comparisons of quality last). */
const FACTS: [RegExp, FilmFact][] = [
  [
    /\b(true story|true events|real story|real events|really happen(?:ed|s)?|based on (?:a )?(?:true|real)(?: (?:story|stories|events|life))?|a biopic|historia real|hechos reales|histoire vraie|faits reels|wahre[rn]? (?:geschichte|begebenheit)|storia vera|historia (?:real|verdadeira))\b/,
    { word: 'true story', say: trueStoryWords },
  ],
  [
    /\b(how long|runtime|run time|length|how many (?:minutes|hours)|too long)\b/,
    {
      word: 'length',
      say: (m) =>
        m.runtime ? `runs ${hours(m.runtime)} (${m.runtime} minutes)` : 'has no runtime in the catalog',
      value: minutes,
      more: 'longer',
    },
  ],
  [
    /\b(what year|which year|when (?:was|did|is|it)|how old|came out|released?)\b/,
    { word: 'year', say: (m) => `came out in ${dateText(m)}`, value: released, more: 'newer' },
  ],
  [
    // For a child: "ok for kids", "kid-friendly", "an 8 year old", or a child of one's own with a
    // word of whether it suits ("my daughter is 13, can she watch titanic?", "ok to watch with my
    // 11yo"; not "my nephew loved X, what should i show him next?", which asks for films).
    new RegExp(
      String.raw`\b(?:for (?:kids|children|a kid|a child)|kid-?friendly|family-?friendly|\d+ ?(?:year|yr)s? old)\b|^(?=.*\b(?:my|our) ${CHILD}(?!\w))(?=.*\b${SUITS}\b)`,
    ),
    { word: 'children', say: childWords },
  ],
  [
    /\b(confusing|hard to follow|easy to follow|complicated|complex|too clever|mind-?bending|follow it)\b/,
    { word: 'puzzles', say: puzzleWords, value: puzzles, more: 'harder to follow' },
  ],
  [/\b(date (?:movie|film|night)|for a date|on a date|first date)\b/, { word: 'date', say: dateWords }],
  [
    // "scary or just gross?": gore is what is asked first, the fear after.
    /\b(gory|gorey|gore|gross|grossed out|bloody|violent|violence|brutal|graphic)\b/,
    { word: 'violence', say: violenceWords, value: (m) => -lessViolent(m), more: 'more violent' },
  ],
  [
    /\b(scary|scarier|frightening|creepy|terrifying|too intense)\b/,
    { word: 'fear', say: fearWords, value: fear, more: 'scarier' },
  ],
  [
    /\b(funny|funnier|a comedy|make me laugh)\b/,
    {
      word: 'comedy',
      say: (m) => (comedy(m) > 0 ? `is a comedy (${kindText(m)})` : `is not a comedy (${kindText(m)})`),
      value: comedy,
      more: 'funnier',
    },
  ],
  [
    /\b(in colou?r|colou?red|black and white|black-and-white|b&w|b\/w)\b/,
    { word: 'colour', say: colourWords },
  ],
  [
    /\b(what (?:kind|genre|type|sort)|which genre)\b/,
    {
      word: 'kind',
      say: (m) =>
        `is ${GENRE_NAMES.get(m.genre_ids[0] ?? -1) ? `a ${kindText(m)} film` : 'of no genre the catalog knows'}`,
    },
  ],
  [
    /\b(slow|slow-?paced|slow burn|pace|pacing|drags?|boring)\b/,
    {
      word: 'pace',
      say: (m) =>
        `is a ${kindText(m)} film${m.runtime ? ` of ${hours(m.runtime)}` : ''} (the catalog says nothing of its pace): ${sentence(m.overview || 'it has no summary.')}`,
    },
  ],
  [
    /\bwhat(?:'s| is| was) (?:it|that|this|the \w+(?: one)?|[\w' ]+) about\b|\b(plot|premise|synopsis)\b|\btell me (?:more |a bit )?about\b|\bmore about\b/,
    { word: 'story', say: (m) => `: ${sentence(m.overview || 'the catalog has no summary of it.')}` },
  ],
  // (After the story: "what's the first one about? does it end sad?" gets what it is about.)
  [
    /\b(sad|sadder|depressing|a downer|downer|tear-?jerker|make (?:me|you|us) cry|heavy|heavier|bleak|upsetting|heartbreaking)\b/,
    { word: 'sadness', say: sadWords, value: sadness, more: 'sadder' },
  ],
  [
    /\b(better|best|worse|good|great|worth|rated|rating|reviews?|recommend)\b/,
    {
      word: 'rating',
      say: (m) => `is ${ratingText(m)}`,
      value: (m) => lovedRatingOf(m),
      more: 'rated higher',
    },
  ],
];

const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
  last: -1,
};
/** "the first one", "the 2nd", "number 3", "#4", "the last film". */
const ORDINAL_REF =
  /\b(?:the (first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last)(?: one| film| movie| pick)?|(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last) (?:one|film|movie|pick)|(?:number|no\.?) ?([1-5]))\b|#([1-5])\b/g;
/** A pronoun for the film in question ("is it any good?", "how long is that one?"). */
const PRONOUN = /\b(it|that one|this one|that film|this film|that movie|this movie)\b/;
/** A question that compares ("is the first one better?", "is it longer than the second?"). */
const COMPARES = /\b(better|worse|than|best|worst|scarier|funnier|longer|shorter|newer|older)\b/;
/** Words that ask for more films, not about the ones shown ("more like the first one"). */
const ASKS_FOR_MORE =
  /\b(more like|like the|similar|another|others like|something|anything|any (?:other|more)|recommend (?:me|some)|what (?:should|could|can|do) (?:i|we|u|you) (?:watch|see)|watch next|what else)\b/;

const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/^(the|a|an) /, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The shown films a message points at: by place, by title, in the order named. */
function referred(text: string, shown: CatalogMovie[]): CatalogMovie[] {
  const found: { at: number; m: CatalogMovie }[] = [];
  for (const m of text.matchAll(ORDINAL_REF)) {
    const w = m[1] ?? m[2];
    const n = w ? ORDINAL_WORDS[w]! : Number(m[3] ?? m[4]);
    const film = n === -1 ? shown[shown.length - 1] : shown[n - 1];
    if (film) found.push({ at: m.index, m: film });
  }
  const plain = ` ${norm(text)} `;
  for (const m of shown) {
    const t = norm(m.title);
    const at = t.length >= 3 ? plain.indexOf(` ${t} `) : -1;
    if (at >= 0) found.push({ at, m });
  }
  found.sort((a, b) => a.at - b.at);
  return [...new Set(found.map((f) => f.m))];
}

/** A question about one or two of the films shown: which films, and the fact asked. */
export interface ShownQuestion {
  /** The question, lower case. */
  text: string;
  films: CatalogMovie[];
  fact: FilmFact;
}

/**
 * "is the first one better?", "how long is it?", "is the original italian job better than the
 * remake?": the films asked about (by place, by title, or "it": the first shown) and the fact, or
 * null when the message asks for films rather than about them.
 */
export function askedAboutOne(
  message: string,
  shown: CatalogMovie[],
  namesakes: (m: CatalogMovie) => CatalogMovie[] = () => [],
): ShownQuestion | null {
  const text = folded(message);
  if (!shown.length || ASKS_FOR_MORE.test(text)) return null;
  const fact = FACTS.find(([re]) => re.test(text))?.[1];
  if (!fact) return null;
  const films = referred(text, shown);
  // "is the original better than the remake?": the shown film and its namesakes, oldest first.
  if (films.length === 1 && /\b(original|remake|remade|new one|old one|newer one|older one)\b/.test(text)) {
    const all = [films[0]!, ...namesakes(films[0]!)];
    if (all.length > 1)
      return { text, films: all.sort((a, b) => (released(a) ?? 0) - (released(b) ?? 0)), fact };
  }
  if (films.length) return { text, films, fact };
  return PRONOUN.test(text) && /\?|^(is|was|does|how|what|when)\b/.test(text)
    ? { text, films: [shown[0]!], fact }
    : null;
}

/**
 * The fact a question asks of a film named in it ("how long is X", "whats the rating on X"), or
 * null. Whether a film is any good ("is Heat any good?") asks for films like it, not its rating;
 * its rating asked in those words ("what's amelie rated?", "the rating on X") is the fact.
 */
export function factAskedOfNamed(message: string): FilmFact | null {
  const text = folded(message);
  if (ASKS_FOR_MORE.test(text)) return null;
  const fact = FACTS.find(([re]) => re.test(text))?.[1] ?? null;
  if (
    fact?.word === 'rating' &&
    (!/\b(rated|rating|score|imdb)\b/.test(text) || /\b(good|worth|better)\b/.test(text))
  )
    return null;
  return fact;
}

/** How a question about a film opens ("how long is", "when did", "is") and closes ("come out"). */
const QUESTION_OPENS =
  /^(?:so |and |ok |okay |hey )?(?:how long (?:is|was|does)|how many (?:minutes|hours) (?:is|was|does)|what year (?:is|was|did)|when (?:is|was|did)|what(?:'s| is) the (?:runtime|length) of|is|was|does|did)\s+/;
const QUESTION_CLOSES =
  /\s+(?:come out|came out|released|run|last|take|ok|okay|suitable|alright|good|appropriate|safe|too)?\s*(?:for (?:kids|children|a kid|a child|my (?:kids?|son|daughter))|kid-?friendly|family-?friendly)?\s*$/;

/**
 * Decision 0105: the film a fact question is about when the rest of the message is its title ("how
 * long is The Godfather?", "is Empire of the Sun based on a true story?"): the text left once the
 * question's frame and the fact asked are taken away, or null when no fact is asked.
 */
export function questionSubject(message: string): string | null {
  const text = folded(message)
    .replace(/[?!.]+\s*$/, '')
    .trim();
  const fact = FACTS.find(([re]) => re.test(text));
  if (!fact || ASKS_FOR_MORE.test(text)) return null;
  const rest = text
    .replace(fact[0], ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(QUESTION_OPENS, '')
    // "whats the rating on amelie", "what is amelie rated": the frame around the fact's word.
    .replace(/^(?:what is|what was|what(?:'s|s)?)\s+(?:the\s+)?(?:(?:imdb|tmdb)\s+)?(?:on|of|for)?\s*/, '')
    .replace(/^(?:on|of|for)\s+/, '')
    .replace(/\s+(?:a|an|the)$/, '')
    .replace(QUESTION_CLOSES, '')
    .trim();
  return rest && rest.split(' ').length <= 9 ? rest : null;
}

/** The answer to a question about shown films, from their data (a comparison when it compares). */
export function answerAboutOne(
  q: ShownQuestion,
  shown: CatalogMovie[],
  link: (m: CatalogMovie) => string,
): string {
  const { films, fact } = q;
  const said = (m: CatalogMovie) => `${link(m)} ${fact.say(m)}`.replace(/ :/, ':');
  const facts = `${films.map(said).join('; ')}.`.replace(/([.!?…])\.$/, '$1');
  if (!fact.value || !fact.more || !COMPARES.test(q.text)) return facts;
  const others = films.length >= 2 ? films.slice(1) : shown.filter((m) => m.id !== films[0]!.id);
  const valued = (m: CatalogMovie) => fact.value!(m) ?? -Infinity;
  const top = [films[0]!, ...others].reduce((a, b) => (valued(b) > valued(a) ? b : a));
  if (films.length >= 2) return `${facts} So ${link(top)} is ${fact.more}.`;
  if (!others.length) return facts;
  const verdict =
    top.id === films[0]!.id
      ? `Of the films I showed, it is the ${superlative(fact.more)}.`
      : `${link(top)} is ${fact.more}, though.`;
  return `${facts} ${verdict}`;
}

const superlative = (more: string) =>
  ({
    'rated higher': 'best rated',
    scarier: 'scariest',
    funnier: 'funniest',
    longer: 'longest',
    newer: 'newest',
  })[more] ?? more;
