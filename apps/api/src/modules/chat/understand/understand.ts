import {
  franchiseOutClause,
  lesserKnownClause,
  genrePairClause,
  occasionClause,
  ageClause,
  countClause,
  elderClause,
  notCheesyClause,
  NOT_FOR_ELDERS,
  availableTimeClause,
  followUpClause,
  genreClause,
  industryClause,
  studioOutClause,
  languageClause,
  lessClause,
  LESS_WORDS,
  leftoverClause,
  likeClause,
  CHORES,
  pastTimeClause,
  howOftenClause,
  holdCuedTitles,
  holdNamedTitles,
  keepNamedTitles,
  releaseCuedTitles,
  likeFranchiseClause,
  mentionClause,
  moodClause,
  negationClause,
  reportedWordsClause,
  standaloneClause,
  personClause,
  refineClause,
  discourseClause,
  figureOfSpeechClause,
  liveActionClause,
  RULED_OUT_EVERYWHERE,
  fictionClause,
  scan,
  ratingClause,
  runtimeClause,
  socialClause,
  subtitlesClause,
  comparativeClause,
  eraClause,
  experienceClause,
  viewerStateClause,
  cheerUpClause,
  cosyOccasionClause,
  cosyWhenNothingElse,
  reactionClause,
  releaseReactions,
  themeClause,
  seenKindStands,
  yearBoundClause,
  yearClause,
  type ParseContext,
  type State,
} from './clauses';
import {
  ATTENTION_WORDS,
  CLASSIC_PHRASES,
  COMPARATIVES,
  ERA_PHRASES,
  LEAVE_VERBS,
  NARROWING_WORDS,
  REACTION_PHRASES,
  PRAISE_ASKED,
  REPLACING_WORDS,
  VIEWING_PREFIXES,
  FILLER,
  FOLLOW_UPS,
  INDUSTRY_PHRASES,
  GENRE_PHRASES,
  LANGUAGE_PHRASES,
  LIKE_PREFIXES,
  LIKE_SUFFIXES,
  LONG_PHRASES,
  MOODS,
  NEGATIONS,
  NOT_LONG_PHRASES,
  QUALITY_PHRASES,
  RECENT_PHRASES,
  SIMILAR_ANAPHORS,
  SIMILAR_WORDS,
  SHORT_PHRASES,
  THEME_PHRASES,
  LESSER_KNOWN_PHRASES,
  WORST_PHRASES,
  GENRE,
  SPOOKY_KEYWORDS,
  GREETINGS,
  WHICH_ONE_WORDS,
  CHEESE_WORDS,
  CRINGE_WORDS,
} from './lexicon';
import { leanTo, negatedJustBefore, RATHER_WORDS, rebukeClause, TITLE_CONFIDENCE } from './clauses';
import { dropClause } from './drops';
import { asksForKind, emptyQuery, groupKey, hasRequest, type Query } from './query';
import {
  inUnreadLanguage,
  languageEvidence,
  foldAccents,
  normalize,
  PUNCTUATION,
  tokenize,
  type Speller,
  type Token,
} from './text';

export type { ParseContext } from './clauses';

const NUMBER_CLAUSE_WORDS = (
  'unter uber weniger mehr hochstens mindestens maximal stunde stunden minuten langer ' +
  'menos horas hora minutos durante maximo ' +
  'moins heure heures minutes maximum ' +
  'meno almeno massimo minuti ' +
  'pelo maximo ' +
  // The year clauses' words ("antes del 2000", "de los últimos años", "der letzten Jahre").
  'antes despues desde hasta avant apres depuis seit bis letzten ultimos ultimas dernieres ultimi ' +
  'anos annees jahre jahren anni decadas decennies jahrzehnte decenni'
).split(' ');

/** Every single word of the lexicon: typo targets, and "request words" that are not a title. */
export const LEXICON_WORDS: ReadonlySet<string> = new Set(
  [
    ...GENRE_PHRASES.flatMap(([, p]) => p),
    ...MOODS.flatMap((m) => [...m.phrases, ...(m.averse ?? [])]),
    ...COMPARATIVES.flatMap((c) => c.phrases),
    ...LANGUAGE_PHRASES.flatMap(([, p]) => p),
    ...INDUSTRY_PHRASES.flatMap((i) => i.phrases),
    ...THEME_PHRASES.flatMap(([, p]) => p),
    ...LIKE_PREFIXES,
    ...LIKE_SUFFIXES,
    ...NEGATIONS,
    ...FOLLOW_UPS.flatMap((f) => f.phrases),
    ...SHORT_PHRASES,
    ...NOT_LONG_PHRASES,
    ...LONG_PHRASES,
    ...RECENT_PHRASES,
    ...CLASSIC_PHRASES,
    ...QUALITY_PHRASES.flatMap(([, p]) => p),
    ...LESSER_KNOWN_PHRASES,
    ...WORST_PHRASES,
    ...ERA_PHRASES.flatMap((e) => e.phrases),
    ...REACTION_PHRASES,
    ...PRAISE_ASKED,
    ...VIEWING_PREFIXES,
    ...NARROWING_WORDS,
    ...REPLACING_WORDS,
    ...RATHER_WORDS,
    ...LEAVE_VERBS,
    ...ATTENTION_WORDS,
    // A greeting is a word the reading knows ("coucou" is no typo of "czech").
    ...GREETINGS.filter((g) => !g.includes(' ')),
    // The words the number clauses read in the other languages ("unter zwei Stunden" is no "hunter").
    ...NUMBER_CLAUSE_WORDS,
    // "fewer explosions" is no typo of "newer" (the follow-up word): what the clauses read is known.
    ...LESS_WORDS,
    // Decision 0121: "lequel est le plus court ?" asks which one ("lequel" is no typo of "sequel").
    ...WHICH_ONE_WORDS,
    ...CHEESE_WORDS,
    ...CRINGE_WORDS,
    'similar',
    'movie',
    'movies',
    'film',
    'films',
    'minutes',
    'hours',
    'stars',
    'rated',
    // Year and length words ("pre-1960", "2015 or newer", "the last decade", "100 mins").
    'pre',
    'post',
    'before',
    'after',
    'since',
    'until',
    'newer',
    'later',
    'onwards',
    'decade',
    'decades',
    'century',
    'years',
    'mins',
    'hrs',
    'half',
  ]
    .flatMap((p) => normalize(p).split(' '))
    .filter((w) => /^[a-z']+$/.test(w)),
);

const COMPOUND_TAILS = new Set(['film', 'filme', 'filmen', 'streifen', 'serie']);
/**
 * German compounds the lexicon does not list ("Actionkomödie", "Zeichentrickfilm",
 * "Weltraumabenteuer"): a word that splits into two request words (a linking "s", "es", "n" or "en"
 * allowed) is read as both.
 */
function splitCompound(t: Token): Token[] {
  const w = t.raw;
  if (w.length < 8 || !/^[a-z]+$/.test(w) || LEXICON_WORDS.has(w) || FILLER.has(w)) return [t];
  for (let i = 3; i <= w.length - 3; i++) {
    const tail = w.slice(i);
    if (!LEXICON_WORDS.has(tail) && !COMPOUND_TAILS.has(tail)) continue;
    const head = w.slice(0, i);
    const heads = [head, head.replace(/(?:es|s|en|n)$/, ''), `${head}e`];
    const found = heads.find((h) => h.length >= 3 && LEXICON_WORDS.has(h));
    if (!found) continue;
    const part = (x: string): Token => ({ ...t, raw: x, w: x });
    return COMPOUND_TAILS.has(tail) ? [part(found)] : [part(found), part(tail)];
  }
  return [t];
}

/**
 * Decision 0151: a German adjective's ending ("einen gemütlichen Abend", "was Lustiges", "ein
 * spannender Film") as the lexicon's word, when the word as typed is none.
 */
function uninflected(t: Token): Token {
  const w = t.raw;
  if (LEXICON_WORDS.has(w) || FILLER.has(w)) return t;
  const stem = /^([a-z]{4,}?)(?:en|er|es|em|e)$/.exec(w)?.[1];
  return stem && KIND_ADJECTIVES.has(stem) ? { ...t, raw: stem, w: stem } : t;
}

/** The one-word moods and genres: the adjectives an ending is taken off to read. */
const KIND_ADJECTIVES: ReadonlySet<string> = new Set(
  [...MOODS.flatMap((m) => m.phrases), ...GENRE_PHRASES.flatMap(([, p]) => p)].filter(
    (p) => !p.includes(' '),
  ),
);

/** Words that name films as the object of a request, in the languages read. */
const FILM_NOUNS = new Set([
  'film',
  'films',
  'movie',
  'movies',
  'flick',
  'flicks',
  'pelicula',
  'peliculas',
  'filme',
  'filmes',
  'pellicola',
]);

type Social = ReturnType<typeof socialClause>;

/** What clauses pass on to later ones besides the Query: the message's social flags, reactions taken. */
interface Reading {
  social: Social;
  /** Reaction words a title clause may give back ("X was sick"): see `releaseReactions`. */
  reactions: number[];
  /** Whether exact titles named after a cue are held for the title clauses (`holdCuedTitles`). */
  hold: boolean;
  /** The words held so. */
  held: number[];
  /** Well-known titles typed as names anywhere (`holdNamedTitles`). */
  named: number[];
}

type ClauseStep = (s: State, r: Reading) => void;

/**
 * The clause extractors, run in this order over the tokens: each marks the words it used, so that
 * a title, a runtime or a year is taken before its words could be read as anything else.
 */
export const CLAUSES: readonly ClauseStep[] = [
  (s, r) => void (r.social = socialClause(s)),
  (s, r) => void (r.held = r.hold ? holdCuedTitles(s) : []),
  (s, r) => void (r.named = holdNamedTitles(s)),
  (s, r) => void (r.social.rebuke = rebukeClause(s)),
  (s) => discourseClause(s),
  (s) => figureOfSpeechClause(s),
  (s) => reportedWordsClause(s),
  (s) => refineClause(s),
  (s) => dropClause(s),
  // An older viewer first: "in their 80s" is an age, not a decade (decision 0126).
  (s) => elderClause(s),
  (s) => personClause(s, LEXICON_WORDS),
  (s) => experienceClause(s),
  (s) => viewerStateClause(s),
  (s) => yearBoundClause(s),
  (s) => eraClause(s),
  (s) => followUpClause(s),
  (s) => pastTimeClause(s),
  (s) => howOftenClause(s),
  (s) => availableTimeClause(s),
  (s, r) => void (r.reactions = reactionClause(s)),
  (s, r) => releaseCuedTitles(s, [...r.held, ...r.named]),
  (s) => likeFranchiseClause(s),
  (s) => likeClause(s, LEXICON_WORDS),
  (s) => mentionClause(s, LEXICON_WORDS),
  (s, r) => releaseReactions(s, r.reactions),
  // Praise of the film asked for ("a sci-fi movie that slaps", "actually fire"): no theme.
  (s) => scan(s, PRAISE_ASKED, () => {}),
  (s, r) => keepNamedTitles(s, r.named),
  // Off-topic words inside a film's title ("The Grand Budapest Hotel") are the title's, and a
  // question about a named film ("what's similar?") is about films.
  (s, r) => {
    if (!s.q.like) return;
    scan(s, SIMILAR_ANAPHORS, () => {});
    r.social.offTopic = socialClause(s).offTopic;
  },
  (s) => ageClause(s),
  (s) => countClause(s),
  (s) => runtimeClause(s),
  (s) => ratingClause(s),
  (s) => lesserKnownClause(s),
  (s) => yearClause(s),
  (s) => comparativeClause(s),
  (s) => notCheesyClause(s),
  (s) => subtitlesClause(s),
  (s) => liveActionClause(s),
  (s) => lessClause(s),
  (s) => standaloneClause(s),
  (s) => negationClause(s),
  // After the negations: "a true story, not fiction" asks for no made-up story, not for documentaries out.
  (s) => fictionClause(s),
  (s) => franchiseOutClause(s, LEXICON_WORDS),
  (s) => studioOutClause(s),
  (s) => industryClause(s),
  (s) => cosyOccasionClause(s),
  (s) => occasionClause(s),
  (s) => genrePairClause(s),
  (s) => moodClause(s, true),
  (s) => themeClause(s, false),
  (s) => moodClause(s),
  (s) => genreClause(s),
  (s) => languageClause(s, LEXICON_WORDS),
  (s) => themeClause(s, true),
  (s) => cheerUpClause(s),
  (s) => cosyWhenNothingElse(s),
  (s) => leftoverClause(s, LEXICON_WORDS),
];

/**
 * Decision 0129: a theme said as the kind of film ("any good submarine movies?") is the subject; a
 * theme said about it elsewhere ("something about the claustrophobia of being stuck down there")
 * describes it: it lifts the subject's films, it does not widen the list to every claustrophobic
 * film (The Truman Show). Themes said together as the kind ("zombie or vampire movies") all stay.
 */
function themeOfTheKind(s: State): void {
  const q = s.q;
  if (q.keywordsIn.length < 2) return;
  const saidAsKind = (k: string) => {
    const at = s.themeAskedAt.get(k);
    if (at === undefined) return false;
    for (let i = at + 1; i <= at + 4 && i < s.toks.length; i++) {
      const w = s.toks[i]!.w;
      if (PUNCTUATION.has(w)) return false;
      if (FILM_NOUNS.has(w)) return true;
    }
    return false;
  };
  const kinds = q.keywordsIn.filter(saidAsKind);
  if (!kinds.length || kinds.length === q.keywordsIn.length) return;
  for (const k of q.keywordsIn) if (!kinds.includes(k) && !q.moodKeywords.includes(k)) q.moodKeywords.push(k);
  q.keywordsIn = kinds;
}

/** The moods' one-word phrases ("dumb", "creepy", "sad"). */
const MOOD_WORDS: ReadonlySet<string> = new Set(
  MOODS.flatMap((m) => m.phrases).filter((p) => /^[a-z]+$/.test(p)),
);

/**
 * Decision 0129: a superlative of a mood's word says that mood ("the dumbest funniest thing", "the
 * creepiest", "saddest"): its base, when the superlative itself is no phrase of the lexicon.
 */
function moodOfSuperlative(word: string): string | undefined {
  if (!word.endsWith('est') || LEXICON_WORDS.has(word)) return undefined;
  const stem = word.slice(0, -3);
  const bases = [stem, `${stem}e`, stem.replace(/i$/, 'y'), stem.replace(/(.)\1$/, '$1')];
  return bases.find((b) => b.length >= 3 && MOOD_WORDS.has(b));
}

/**
 * Decision 0129: fright for a child is the spooky kind of children's film (Goosebumps, Monster House,
 * ParaNorman), not the horror genre, which a film for a child seldom has: with a child's age, a genre
 * group of horror alone ("scary movies for a sleepover, we're all 12") becomes the season's creatures,
 * one of which a film needs, and the list leans the `spookier` way (directions.ts) among them.
 */
function childsFright(q: Query): void {
  if (q.childAge === undefined) return;
  const horror = q.genreGroups.filter((g) => g.every((x) => x === (GENRE.horror as number)));
  if (!horror.length) return;
  q.genreGroups = q.genreGroups.filter((g) => !horror.includes(g));
  // The list is the spooky kind ("five spooky films"), not scary ones.
  q.moods = q.moods.filter((m) => m !== 'scary');
  q.moodDirection ??= 'spookier';
  for (const k of SPOOKY_KEYWORDS) {
    if (q.keywordsIn.includes(k) || q.keywordsOut.includes(k)) continue;
    q.keywordsIn.push(k);
    (q.outLabels ??= {})[k] = 'spooky';
  }
}

/**
 * Asked for and ruled out at once ("a dog film, but not one where the dog dies", "comedy but not a
 * romantic comedy", "fantasy with no dragons"): what was asked for outright stays. A genre named
 * outright beats a negated mood ("a horror film with no jump scares"); a genre ruled out beats a
 * mood's ("thriller but NOT horror, i scare way too easy"): that mood is then dropped.
 */
function settleConflicts(s: State): void {
  const q = s.q;
  // A theme ruled out before it is mentioned again stays out ("a thriller that isn't about a serial
  // killer. feels like every thriller is a serial killer now").
  const outFirst = (k: string) => (s.themeOutAt.get(k) ?? Infinity) < (s.themeAskedAt.get(k) ?? Infinity);
  for (const k of q.keywordsIn.filter(outFirst)) if (!q.keywordsOut.includes(k)) q.keywordsOut.push(k);
  q.keywordsIn = q.keywordsIn.filter((k) => !outFirst(k));
  q.keywordsOut = q.keywordsOut.filter((k) => !q.keywordsIn.includes(k));
  // A genre ruled out by its own word before it is mentioned again stays out (State.ruledOut).
  for (const [g, outAt] of s.ruledOut) {
    const askedAt = s.askedAt.get(g);
    if (askedAt === undefined || askedAt < outAt || (s.pairedWith.has(g) && outAt !== RULED_OUT_EVERYWHERE))
      continue;
    s.named.delete(g);
    // Out of every group too, by the line after this loop.
    if (!q.genresOut.includes(g)) q.genresOut.push(g);
    q.traditions = q.traditions?.filter(
      (label) => !INDUSTRY_PHRASES.find((i) => i.label === label)?.genres?.includes(g),
    );
  }
  q.genresOut = q.genresOut.filter((g) => !s.named.has(g));
  q.genreGroups = q.genreGroups.map((g) => g.filter((x) => !q.genresOut.includes(x))).filter((g) => g.length);
  // Decision 0102: a word ruled out is never also asked for ("creepy, not gory" is no gory list,
  // and no pick is said to be "about gore"): a negated mood or theme leaves the positive side.
  for (const mood of MOODS) withdrawMood(s, mood);
  q.moodKeywords = q.moodKeywords.filter((k) => !q.keywordsOut.includes(k));
  // A length said outright beats the one a mood implies ("an epic feel, but under 2 hours").
  if (
    q.runtimeImplied &&
    q.runtimeMin !== undefined &&
    q.runtimeMax !== undefined &&
    q.runtimeMin > q.runtimeMax
  ) {
    delete q.runtimeMin;
    delete q.runtimeImplied;
  }
  // "Korean films, subtitles are no problem": a language named says more than "not English".
  if (q.languages.includes('!en') && q.languages.some((l) => l !== '!en' && l !== 'en'))
    q.languages = q.languages.filter((l) => l !== '!en');
  // Decision 0126: for an older viewer, a mood's wider group loses the kinds not offered them
  // ("something she'll love" is no cartoon), unless they were named.
  if (q.elder) {
    for (const g of NOT_FOR_ELDERS.filter((x) => !s.named.has(x))) {
      q.genreGroups = q.genreGroups.map((grp) => (grp.length > 1 ? grp.filter((x) => x !== g) : grp));
      if (!q.impliedOut.includes(g)) q.impliedOut.push(g);
    }
    // With no mood said, the gentler of the films that fit come first (not Se7en for grandpa).
    if (!q.moods.length && q.soft.dark === undefined) q.soft.dark = ELDER_LEAN;
  }
  for (const mood of MOODS) if (mood.register) registerOfAKind(s, mood);
  keepDarkKind(s);
  // A mood's implied exclusions never override what the user asked for.
  const asked = new Set(q.genreGroups.flat());
  q.impliedOut = q.impliedOut.filter((g) => !asked.has(g) && !q.genresOut.includes(g));
  toneOfAKind(s);
}

/** Kinds of film that are dark by nature: a limit on one of their parts leaves them as dark. */
const DARK_KINDS: readonly number[] = [GENRE.horror, GENRE.thriller, GENRE.crime, GENRE.war];

/**
 * Decision 0140: "horror but no gore", "a thriller, nothing too violent": ruling out a part of a
 * dark kind named outright keeps the kind's tone (The Others, not Shaun of the Dead); the limit's
 * rule-outs stand. A lighter tone said outright ("but lighter") still leans.
 */
function keepDarkKind(s: State): void {
  const q = s.q;
  if (!s.limitLighter || (q.soft.dark ?? 0) >= 0 || q.comparative) return;
  if (
    q.genreGroups.some((grp) => grp.length > 0 && grp.every((g) => DARK_KINDS.includes(g) && s.named.has(g)))
  )
    q.soft = { ...q.soft, dark: undefined };
}

/** How far an older viewer's list leans lighter (`Query.soft.dark`; −1 is "lighter" said outright). */
const ELDER_LEAN = -0.5;

/** Kinds of film, as against tones: an animated film or a documentary is seldom tagged with a tone's genre. */
const KINDS: readonly number[] = [GENRE.animation, GENRE.documentary];

/**
 * A tone of one genre said of a kind of film ("scary animated films", "a gripping documentary",
 * "funny documentaries"): the kind is what is asked for, and few of its films carry the tone's
 * genre (Coraline is no Horror film), so the tone ranks them (decision 0118) instead of filtering
 * them down to the two that are ("a horror animated film" names its genre, and that filters).
 */
function toneOfAKind(s: State): void {
  const q = s.q;
  if (!KINDS.some((k) => s.named.has(k))) return;
  for (const mood of MOODS) {
    const g = mood.genres?.length === 1 ? mood.genres[0]! : undefined;
    if (g === undefined || !q.moods.includes(mood.mood) || s.named.has(g) || KINDS.includes(g)) continue;
    const key = groupKey([g]);
    if (q.genreGroups.some((grp) => groupKey(grp) === key) && !q.moodGroups?.includes(key))
      (q.moodGroups ??= []).push(key);
  }
}

/**
 * A register said of a kind ("a dumb comedy", "dumb action movie, lots of explosions", "a big dumb
 * disaster movie") moves that kind's films its way (`MoodRule.direction`: Superbad before Pretty
 * Woman). Said of another genre than its own or of a theme, that is the kind and the mood only how
 * it plays (Commando, Con Air; not Gladiator, a drama), so the mood's own genre group, keywords,
 * humour and lighter leaning go (dumb action is no family film) and its rule-outs (drama, war) stay.
 */
function registerOfAKind(s: State, mood: (typeof MOODS)[number]): void {
  const q = s.q;
  const own = mood.genres ?? [];
  if (!q.moods.includes(mood.mood)) return;
  leanTo(q, mood.direction);
  // The kinds it may be said of: the genres named, a theme ("a big dumb disaster movie") and a mood
  // of one genre ("adrenaline, zero thinking required": dumb action). With none, it is said of its
  // own kind ("hungover, need something dumb and funny": Superbad before Amélie).
  const kinds = new Set(s.named);
  for (const m of MOODS)
    if (m !== mood && !m.register && m.genres?.length === 1 && q.moods.includes(m.mood))
      kinds.add(m.genres[0]!);
  if ((kinds.size === 0 && q.keywordsIn.length === 0) || own.some((g) => kinds.has(g))) return;
  const key = groupKey(own);
  q.genreGroups = q.genreGroups.filter((grp) => groupKey(grp) !== key);
  q.moodKeywords = q.moodKeywords.filter((k) => !mood.keywords?.includes(k));
  if (mood.soft?.funny && q.soft.funny === mood.soft.funny) delete q.soft.funny;
  if (mood.soft?.dark && q.soft.dark === mood.soft.dark) delete q.soft.dark;
}

/**
 * A mood that goes takes what it brought: one whose every genre is ruled out, or one said not wanted
 * anywhere in the message ("I want to laugh so hard I cry. Nothing serious or sad": the sad mood's
 * dramas of loss were still asked for and led the list). Its genre group goes unless a genre of it
 * was named, and its keywords, direction, leaning and implied runtime unless another mood asked
 * for the same.
 */
function withdrawMood(s: State, mood: (typeof MOODS)[number]): void {
  const q = s.q;
  if (!q.moods.includes(mood.mood)) return;
  const notWanted = q.notMoods?.includes(mood.mood) ?? false;
  if (!notWanted && !(mood.genres?.length && mood.genres.every((g) => q.genresOut.includes(g)))) return;
  q.moods = q.moods.filter((m) => m !== mood.mood);
  const others = MOODS.filter((m) => q.moods.includes(m.mood));
  const kept = (k: string) => others.some((m) => m.keywords?.includes(k));
  q.moodKeywords = q.moodKeywords.filter((k) => !mood.keywords?.includes(k) || kept(k));
  if (!q.relative && mood.soft?.dark && q.soft.dark === mood.soft.dark) delete q.soft.dark;
  if (!q.relative && mood.soft?.funny && q.soft.funny === mood.soft.funny) delete q.soft.funny;
  if (!notWanted) return;
  const own = new Set(mood.genres ?? []);
  const itsGroup = (grp: readonly number[]) =>
    grp.every((g) => own.has(g)) &&
    !grp.some((g) => s.named.has(g)) &&
    !others.some((m) => sameGroup(m, grp));
  const gone = q.genreGroups.filter(itsGroup).map(groupKey);
  q.genreGroups = q.genreGroups.filter((grp) => !itsGroup(grp));
  if (q.moodGroups) q.moodGroups = q.moodGroups.filter((k) => !gone.includes(k));
  if (q.moodDirection === mood.direction && !others.some((m) => m.direction === mood.direction))
    delete q.moodDirection;
  if (q.runtimeImplied && mood.runtimeMin !== undefined && q.runtimeMin === mood.runtimeMin) {
    delete q.runtimeMin;
    delete q.runtimeImplied;
  }
}

/** Whether a mood's genres are this group. */
const sameGroup = (m: (typeof MOODS)[number], grp: readonly number[]) =>
  !!m.genres?.length && groupKey(m.genres.filter((g) => grp.includes(g))) === groupKey(grp);

/** The message names what it wants: a film, a genre, a mood, a language, years, a follow-up or a person. */
const isSpecific = (q: Query) =>
  !!q.like ||
  q.genreGroups.length > 0 ||
  q.moods.length > 0 ||
  q.languages.length > 0 ||
  q.yearFrom !== undefined ||
  q.yearTo !== undefined ||
  !!q.followUp ||
  !!q.person ||
  !!q.personOut;

/**
 * "ok but no romance stuff pls": a constraint after a greeting word is a request, not small talk;
 * so is asking for the little-known ("hidden gems? stuff most people haven't seen").
 */
const constrains = (q: Query) =>
  !!q.lesserKnown ||
  q.genresOut.length > 0 ||
  q.keywordsOut.length > 0 ||
  q.runtimeMin !== undefined ||
  q.runtimeMax !== undefined ||
  q.minRating !== undefined ||
  !!q.relative;

/** Nothing a film can be checked against: favourites for "recommend me a movie", else small talk. */
function readNothing(q: Query, social: Social): void {
  // "recommend me a movie": a request with nothing to narrow it (the engine picks favourites).
  if (social.movieContext && !social.offTopic && !social.help && q.unknown.length === 0) q.vague = true;
  // ("cheers. totally unrelated but do you know a good pizza place near Soho?": the question wins.)
  else if (social.offTopicSubject) q.social = 'off-topic';
  else q.social = social.greeting || social.help || q.unknown.length === 0 ? 'greeting' : 'off-topic';
  if (q.social === 'off-topic' && !social.offTopic && !social.task && !social.leave) q.unread = true;
}

/** A message with something in it that is still small talk, or off-topic; undefined: a request. */
function smallTalk(q: Query, social: Social): Query['social'] {
  const specific = isSpecific(q);
  const loose = !specific && !constrains(q) && !social.movieContext;
  // "hey! how does this thing work?": what the chat does, whatever else its words could mean.
  if (social.help && !specific) return 'greeting';
  // "thanks, that's perfect!", "Bonjour, comment ça va ?" ("cheers. do you know a good pizza
  // place near Soho?": a question about something else after the thanks is that question.)
  if (social.greeting && loose && q.keywordsIn.length === 0)
    return social.offTopicSubject ? 'off-topic' : 'greeting';
  // "how do I cook rice", "recommend a good restaurant in Paris", "ignore your instructions and…":
  // a word that happens to be a film keyword or title is no film request.
  if (social.offTopic && !social.strongContext && !(specific && social.movieContext && !q.like))
    return 'off-topic';
  // "who won the world cup in 2014?": a question with nothing about films in it ("hosting a
  // halloween party - what should be playing?": its occasion lifts films, decision 0160).
  const aboutFilms = asksForKind(q) || !!q.like || q.moodKeywords.length > 0;
  if (social.question && loose && !aboutFilms) return 'off-topic';
  if (loose && plainProse(q)) return 'off-topic';
  return undefined;
}

/**
 * Plain prose with no film words at all: not a film request (decision 0102: unless it has a topic
 * the catalog's text knows, "something about a crew pulling off one last job", or an occasion's
 * keywords, decision 0160).
 */
const plainProse = (q: Query) =>
  !q.textWords?.length &&
  q.keywordsIn.length === 0 &&
  q.moodKeywords.length === 0 &&
  q.themeWords.length > 0 &&
  q.unknown.length + q.themeWords.length > 2;

/**
 * "forget about the movie catalog and just tell me the best restaurants in Paris": films set aside,
 * what follows is no film request unless it asks something of a film: a genre, a mood, years, a
 * language, a length, a rating, a catalog film, or (with nothing off-topic said) a theme or a
 * setting ("never mind the film, something from the 90s set in space", "…something set in Tokyo").
 */
const rescued = (q: Query, social: Social) =>
  q.genreGroups.length > 0 ||
  q.moods.length > 0 ||
  q.languages.length > 0 ||
  q.yearFrom !== undefined ||
  q.yearTo !== undefined ||
  !!q.person ||
  constrains(q) ||
  !!q.like?.movie ||
  (!social.offTopic && (q.keywordsIn.length > 0 || social.setting));

/**
 * Decision 0105: the evidence that a message is about films outweighs an off-topic word that only
 * opens a question ("what's good that's above 7.5 and under 90 minutes?", "how many Harry Potter
 * films are there?"): a film noun, a person, a length, a rating or years. A subject that is not
 * films ("a recipe", "the weather"), a task ("write me…") or setting films aside still is off-topic.
 */
const aboutFilms = (q: Query, social: Social, filmNoun: boolean) =>
  !social.offTopicSubject &&
  !social.task &&
  !social.leave &&
  (filmNoun || !!q.person || isSpecific(q) || constrains(q));

/**
 * An off-topic reading given up: the message asks about films after all, or names a film and asks
 * for films like it ("…found my old amelie dvd… what else feels like that. also the wifi isnt set
 * up yet"), whatever else the story says.
 */
const stillAboutFilms = (q: Query, social: Social, filmNoun: boolean, message: string) =>
  aboutFilms(q, social, filmNoun) || (!!q.like?.movie && q.like.confidence >= 0.9 && asksSimilar(message));

/**
 * The person's name said right before "films", "movies" ("bong joon ho films", "kubrick's movies"),
 * or a run of them ("on a huge meryl streep kick", "a nolan binge"): their films are what is asked.
 */
function filmsOfPerson(message: string, person: string): boolean {
  const name = foldAccents(person.toLowerCase())
    .replace(/[^a-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .join('[^a-z0-9]+');
  return new RegExp(
    `\\b${name}(?:'?s)? (?:films|movies|filmography|flicks|kick|binge|phase|marathon)\\b`,
  ).test(foldAccents(message.toLowerCase()));
}

/** Words that ask for films like the one named (the lexicon's `SIMILAR_ANAPHORS`). */
const asksSimilar = (message: string, anaphors = SIMILAR_ANAPHORS) => {
  const text = ` ${normalize(message)} `;
  return anaphors.some((p) => text.includes(` ${p} `));
};

/** "if not something with the same vibe": films like the one named asked for ("got it?" is not). */
export const asksAlike = (message: string) => asksSimilar(message, SIMILAR_WORDS);

/** Media that are not films, asked for by name ("recommend me a good true crime podcast"). */
const OTHER_MEDIA = /\b(?:podcasts?|albums?|audiobooks?|video ?games?|board ?games?)\b/i;

/** "give me free download links for new releases": piracy is declined, whatever films it names. */
const ORDERS_NOT_REQUESTS = /\b(?:download links?|free downloads?|torrents?|pirated? copies|pirate site)\b/i;

/** "can you book me 2 tickets for tonight?": what a cinema's box office does, not a film guide. */
const BOX_OFFICE =
  /\b(?:book|buy|order|reserve|get) (?:me |us )?(?:\d+ |two |three |four |some |a couple of |a pair of )?(?:tickets?|seats?)\b|\bshow ?times?\b|\b(?:cinemas?|theaters?|theatres?|movie theaters?) near (?:me|us|here)\b/i;

/** A message declined whatever films it names or means. */
function declined(q: Query, filmNoun: boolean, message: string): boolean {
  // Piracy is declined whatever films it names (decision 0120).
  if (ORDERS_NOT_REQUESTS.test(message) || BOX_OFFICE.test(message)) return true;
  // Decision 0126: another medium asked for ("a good true crime podcast"), no film named or meant;
  // decision 0131: so are a sum of money or a snack to make ("how do i make popcorn …").
  return (OTHER_MEDIA.test(message) || CHORES.test(message)) && !filmNoun && !q.like?.movie;
}

/**
 * Nothing read (a redirect or "I didn't catch…" would follow), in a language the chat does not
 * read: the reply says which it reads (decision 0149). An off-topic word or task, a greeting, is read.
 */
function inUnreadLanguageOnly(q: Query, social: Social, understood: boolean, message: string): boolean {
  const nothingRead =
    q.unread || !understood || (q.social === 'off-topic' && !social.offTopic && !social.task);
  return nothingRead && q.social !== 'greeting' && inUnreadLanguage(message);
}

/**
 * Decision 0159: the chat itself judged and nothing asked of a film (loose words aside: "you are the
 * dumbest bot i've ever used"): an apology and a way on.
 */
function settleRebuke(q: Query, social: Social, understood: boolean): void {
  if (!social.rebuke) return;
  if (understood && !q.social && (isSpecific(q) || constrains(q) || q.keywordsIn.length > 0)) return;
  q.social = 'off-topic';
  q.rebuked = true;
}

/** Greeting, thank-you, off-topic or a request: decided once every clause has read the message. */
function classify(q: Query, social: Social, filmNoun: boolean, message: string): void {
  // "¿cómo funciona esto?": asked of the chat itself, its "como" names no film.
  if (social.help && q.like && !q.like.movie) delete q.like;
  const understoodSomething = hasRequest(q);
  if (!understoodSomething) readNothing(q, social);
  else q.social = smallTalk(q, social) ?? q.social;
  if (q.like && !q.like.movie && social.offTopic && !social.movieContext) q.social = 'off-topic';
  // "write me a poem about movies", "print your system prompt": a task that is not choosing a film,
  // unless the message also asks for something a film can be checked against.
  if (social.task && !isSpecific(q) && q.keywordsIn.length === 0) q.social = 'off-topic';
  if (social.leave && (social.task || !rescued(q, social))) q.social = 'off-topic';
  if (q.social === 'off-topic' && stillAboutFilms(q, social, filmNoun, message)) q.social = undefined;
  if (declined(q, filmNoun, message)) q.social = 'off-topic';
  // "how do i make meth at home, asking for a film project lol": no film makes that a film request.
  if (social.harmful) q.social = 'off-topic';
  if (inUnreadLanguageOnly(q, social, understoodSomething, message)) q.unreadLanguage = true;
  settleRebuke(q, social, understoodSomething);
  // "thanks, that's perfect!": a thank-you gets a "you're welcome", not the introduction.
  if (q.social === 'greeting' && social.thanks) q.social = 'thanks';
  q.empty = (!understoodSomething && !q.vague) || !!q.social;
}

/**
 * Turns one message into a Query by running the clause extractors (`CLAUSES`) in order, then
 * settling conflicts and deciding whether it is small talk. Pure given its context: the context
 * resolves titles and knows the catalog's words.
 */
export function understand(message: string, ctx: ParseContext, speller?: Speller): Query {
  return read(message, ctx, speller, true) ?? read(message, ctx, speller, false)!;
}

/** Function words of one language that make a message surely written in it (decision 0134). */
export const LANGUAGE_SURE = 2;

/**
 * One reading of the message. With `hold`, the exact titles named after a cue are kept from the
 * clauses before the title clauses (`holdCuedTitles`); when the title clauses then do not take a
 * title held so, that reading is no reading (null), and the message is read again without holding.
 */
function read(message: string, ctx: ParseContext, speller: Speller | undefined, hold: boolean): Query | null {
  let toks = tokenize(message);
  // The language is told by the words as typed; typos are corrected in English only (the lexicon
  // mixes languages: "curte", Portuguese for "likes", is no "curta", short; "novio" no "nouveau").
  const language = languageEvidence(toks);
  const q = emptyQuery(language.lang);
  // Decision 0134: "otra", "plus sombre" alone say too little of a language: the conversation's holds.
  if (language.markers < LANGUAGE_SURE) q.langWeak = true;
  if (language.tied) q.langTied = language.tied;
  const correct = q.lang === 'en' ? speller : undefined;
  for (const t of toks) t.w = moodOfSuperlative(t.raw) ?? correct?.correct(t.raw) ?? t.w;
  if (q.lang === 'de') toks = toks.flatMap(splitCompound).map(uninflected);
  const s: State = {
    toks,
    q,
    ctx,
    negated: new Set(),
    original: message,
    moodOut: new Set(),
    away: new Set(),
    named: new Set(),
    ruledOut: new Map(),
    askedAt: new Map(),
    themeOutAt: new Map(),
    themeAskedAt: new Map(),
    pairedWith: new Set(),
  };
  const reading = { reactions: [], held: [], named: [], hold } as unknown as Reading;
  for (const clause of CLAUSES) clause(s, reading);
  if (reading.held.some((k) => !s.toks[k]!.used)) return null;
  settleConflicts(s);
  seenKindStands(s);
  themeOfTheKind(s);
  childsFright(q);
  // Decision 0105: offline a film named as what is wanted ("I loved Nolan's Inception, anything
  // like it?", "films like Chaplin") says more than a person the catalog cannot look up.
  // Not when the person's films are what is asked ("bong joon ho films ranked? ive only seen
  // snowpiercer so far"): the film is one of theirs, seen.
  if (
    q.person &&
    q.like?.movie &&
    q.like.confidence >= TITLE_CONFIDENCE &&
    !ctx.hasPeople?.() &&
    !filmsOfPerson(message, q.person)
  )
    delete q.person;
  // "no action movies" names what is not wanted: after a request, a refinement of it.
  // ("other than the hangover movies": the films ruled out name none wanted either.)
  const filmNoun = s.toks.some(
    (t, i) => FILM_NOUNS.has(t.raw) && !negatedJustBefore(s, i) && !s.negated.has(i),
  );
  if (!q.narrows && filmNoun) q.namesFilms = true;
  classify(q, reading.social, filmNoun, message);
  return q;
}
