import { MOODS } from '../understand/lexicon';
import type { Dropped, Query } from '../understand/query';

const leaning = (mood: string) => MOODS.find((m) => m.mood === mood)?.soft?.dark ?? 0;
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));
const union = <T>(a: readonly T[], b: readonly T[]) => [...new Set([...a, ...b])];

/**
 * A refinement that turns away from a mood of the last request ("something dark" → "more
 * light-hearted", "like The Shining" → "less scary") drops that mood: its genre group, its implied
 * exclusions and its keywords; a mood leaning the other way from the new direction goes too.
 */
export function dropMoods(last: Query, next: Query): Query {
  const away = new Set(next.awayMoods ?? []);
  // Only a comparative turns the whole request the other way ("lighter" after "something dark"); a
  // mood ruled out ("not too bloody" after "a scary film") keeps the request's own mood.
  const dir = next.relative ? next.soft.dark : undefined;
  const dropped = last.moods.filter(
    (m) => away.has(m) || (dir !== undefined && leaning(m) !== 0 && Math.sign(leaning(m)) !== Math.sign(dir)),
  );
  if (dropped.length === 0) return last;
  const rules = MOODS.filter((m) => dropped.includes(m.mood));
  const kept = MOODS.filter((m) => last.moods.includes(m.mood) && !dropped.includes(m.mood));
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
 * "thrillers instead": the genres named take the place of the last request's (and, in a refinement,
 * the film it was like: decision 0160).
 */
export const replaces = (next: Query) =>
  !!next.replaces && (next.genreGroups.length > 0 || next.moods.length > 0);

function mergedGenres(last: Query, next: Query, genresOut: number[]): number[][] {
  const replaced = replaces(next);
  let groups = [
    ...(replaced ? [] : last.genreGroups),
    ...next.genreGroups.filter((g) => replaced || !last.genreGroups.some((x) => x.join() === g.join())),
  ]
    .map((g) => g.filter((x) => !genresOut.includes(x)))
    .filter((g) => g.length);
  // "a horror film" → "less scary": the request lost its genre; the comparative says what takes its place.
  const emptied = last.genreGroups.some((g) => g.every((x) => genresOut.includes(x)));
  if (emptied && next.instead && groups.length === 0) {
    const instead = next.instead.filter((x) => !genresOut.includes(x));
    if (instead.length) groups = [instead];
  }
  return groups;
}

/**
 * A bound of the last request, unless the new one contradicts it ("epic" films over 130 minutes →
 * "under 100 minutes"; "from the 80s" → "before 1970").
 */
function bounds(
  last: { min?: number; max?: number },
  next: { min?: number; max?: number },
  clash: (min: number, max: number) => boolean,
): { min?: number; max?: number } {
  let min = next.min !== undefined ? next.min : last.min;
  let max = next.max !== undefined ? next.max : last.max;
  if (next.max !== undefined && next.min === undefined && min !== undefined && clash(min, next.max))
    min = undefined;
  if (next.min !== undefined && next.max === undefined && max !== undefined && clash(next.min, max))
    max = undefined;
  return { min, max };
}

/** A child's age, once given, holds for the rest of the conversation (the youngest counts). */
const childAge = (last: Query, next: Query) =>
  last.childAge === undefined || next.childAge === undefined
    ? (next.childAge ?? last.childAge)
    : Math.min(last.childAge, next.childAge);

/** The years and lengths of a refinement joined with the last request's. */
function ranges(last: Query, next: Query): Partial<Query> {
  const years = bounds(
    { min: last.yearFrom, max: last.yearTo },
    { min: next.yearFrom, max: next.yearTo },
    (from, to) => from > to,
  );
  const runtime = bounds(
    { min: last.runtimeMin, max: last.runtimeMax },
    { min: next.runtimeMin, max: next.runtimeMax },
    (min, max) => min >= max,
  );
  return {
    yearFrom: years.min,
    yearTo: years.max,
    runtimeMax: runtime.max,
    runtimeBelow:
      runtime.max === undefined
        ? undefined
        : next.runtimeMax !== undefined
          ? next.runtimeBelow
          : last.runtimeBelow,
    runtimeMin: runtime.min,
    runtimeImplied:
      runtime.min === undefined
        ? undefined
        : next.runtimeMin !== undefined
          ? next.runtimeImplied
          : last.runtimeImplied,
    minRating: next.minRating !== undefined ? next.minRating : last.minRating,
  };
}

/**
 * A comparative that left the last request without a subject ("a horror movie" → "less scary": no
 * genre, mood, theme or film left), with none of its own: the themes that keep it (decision 0121).
 */
const insteadThemes = (prev: Query, last: Query, next: Query, genresOut: number[]): string[] =>
  next.insteadKeywords &&
  (prev.genreGroups.some((g) => g.some((x) => genresOut.includes(x))) ||
    prev.moods.some((m) => next.awayMoods?.includes(m))) &&
  !last.keywordsIn.length &&
  !next.keywordsIn.length &&
  // ("too scary… maybe a horror comedy": a kind of its own.)
  !next.genreGroups.length &&
  !last.like &&
  !last.moods.length &&
  last.genreGroups.every((g) => g.every((x) => genresOut.includes(x)))
    ? next.insteadKeywords
    : [];

/** What the films are (genres, moods, themes) once the refinement is joined with the last request. */
function subject(last: Query, next: Query, prev: Query): Partial<Query> {
  const genresOut = union(last.genresOut, next.genresOut);
  const genreGroups = mergedGenres(last, next, genresOut);
  const replaced = replaces(next);
  return {
    genresOut,
    keywordsOut: union(last.keywordsOut, next.keywordsOut),
    collectionsOut: collectionsOut(last, next),
    standalone: last.standalone || next.standalone || undefined,
    ...makersOut(last, next),
    outLabels: last.outLabels || next.outLabels ? { ...last.outLabels, ...next.outLabels } : undefined,
    // "only dramas" after "French films": the new genres narrow the old ones.
    genreGroups,
    moods: replaced ? next.moods : union(last.moods, next.moods),
    impliedOut: union(last.impliedOut, next.impliedOut).filter(
      (g) => !genreGroups.some((grp) => grp.includes(g)),
    ),
    moodKeywords: replaced ? next.moodKeywords : union(last.moodKeywords, next.moodKeywords),
    keywordsIn: union(union(last.keywordsIn, next.keywordsIn), insteadThemes(prev, last, next, genresOut)),
    // "nothing sad though": what is ruled out is said as the user said it ("nothing too sad").
    notMoods: union(last.notMoods ?? [], next.notMoods ?? []).filter((m) => !next.moods.includes(m)),
    themeWords: union(last.themeWords, next.themeWords),
    textWords: union(last.textWords ?? [], next.textWords ?? []),
  };
}

/** The franchises ruled out so far ("skip the star wars stuff" holds for the conversation). */
function collectionsOut(last: Query, next: Query): Query['collectionsOut'] {
  const all = [...(last.collectionsOut ?? []), ...(next.collectionsOut ?? [])];
  const kept = all.filter((c, i) => all.findIndex((d) => d.id === c.id) === i);
  return kept.length ? kept : undefined;
}

/** A refinement or follow-up (`next`) joined with the last request (`prev`): it narrows it. */
export function mergeQuery(prev: Query, next: Query): Query {
  const last = dropMoods(prev, next);
  return {
    ...last,
    ...ranges(last, next),
    childAge: childAge(last, next),
    languages: next.languages.length ? next.languages : last.languages,
    ...subject(last, next, prev),
    soft: { ...last.soft, ...next.soft },
    lesserKnown: next.lesserKnown || last.lesserKnown,
    elder: next.elder || last.elder,
    // "pixar movies" then "but not pixar": the studio asked for before is now ruled out.
    studiosIn: (next.studiosIn?.length ? next.studiosIn : last.studiosIn)?.filter(
      (k) => !next.studiosOut?.includes(k),
    ),
    countriesIn: (next.countriesIn?.length ? next.countriesIn : last.countriesIn)?.filter(
      (c) => !next.countriesOut?.includes(c),
    ),
    refined: true,
    // "another" after "less scary": the same direction, from the same starting point.
    relative: next.relative ?? last.relative,
    comparative: next.comparative ?? last.comparative,
    awayMoods: next.awayMoods,
    // A person ruled out is this message's alone (never carried: it is answered where it is said).
    personOut: next.personOut,
    instead: undefined,
    darkFrom: next.relative ? undefined : last.darkFrom,
    unknown: next.unknown,
    longMessage: next.longMessage,
    followUp: undefined,
    social: undefined,
    empty: false,
  };
}

/** Studios and countries ruled out stay out (decision 0120). */
const makersOut = (last: Query, next: Query): Partial<Query> => ({
  studiosOut: union(last.studiosOut ?? [], next.studiosOut ?? []),
  countriesOut: union(last.countriesOut ?? [], next.countriesOut ?? []),
});

/** Whether a message names what the films are: genres, moods or a film to be like. */
const namesKind = (q: Query) => q.genreGroups.length > 0 || q.moods.length > 0 || !!q.like;
const lifts = (q: Query, kind: Dropped) => !!q.drops?.includes(kind);

/**
 * The conversation's limits (years, length, rating, language, a child's age, what was ruled out)
 * that a new request carries unless it sets or lifts them itself.
 */
function carriedLimits(last: Query, next: Query): Partial<Query> {
  const years = next.yearFrom !== undefined || next.yearTo !== undefined || lifts(next, 'years');
  const runtime = next.runtimeMin !== undefined || next.runtimeMax !== undefined || lifts(next, 'runtime');
  const language = next.languages.length > 0 || lifts(next, 'languages');
  const asked = new Set(next.genreGroups.flat());
  return {
    yearFrom: years ? next.yearFrom : last.yearFrom,
    yearTo: years ? next.yearTo : last.yearTo,
    runtimeMin: runtime ? next.runtimeMin : last.runtimeMin,
    runtimeMax: runtime ? next.runtimeMax : last.runtimeMax,
    runtimeBelow: runtime ? next.runtimeBelow : last.runtimeBelow,
    runtimeImplied: runtime ? next.runtimeImplied : last.runtimeImplied,
    minRating: next.minRating !== undefined || lifts(next, 'rating') ? next.minRating : last.minRating,
    languages: language ? next.languages : last.languages,
    traditions: language ? next.traditions : last.traditions,
    childAge: childAge(last, next),
    // "no horror" earlier, "ok, a horror film then": what is asked for now is no longer ruled out.
    genresOut: union(last.genresOut, next.genresOut).filter((g) => !asked.has(g)),
    keywordsOut: union(last.keywordsOut, next.keywordsOut).filter((k) => !next.keywordsIn.includes(k)),
    collectionsOut: collectionsOut(last, next),
    standalone: last.standalone || next.standalone || undefined,
    ...makersOut(last, next),
    outLabels: last.outLabels || next.outLabels ? { ...last.outLabels, ...next.outLabels } : undefined,
    notMoods: union(last.notMoods ?? [], next.notMoods ?? []).filter((m) => !next.moods.includes(m)),
    allowShorts: next.allowShorts || last.allowShorts,
    allowTv: next.allowTv || last.allowTv,
  };
}

/**
 * What the films are (genres and moods) and what they are about (themes) in a new request: its
 * own when it names them, else the conversation's ("horror films" → "something with zombies":
 * zombie horror; "war films over 150 minutes" → "she's not up for 3 hours. under 2 hours?": still war
 * films). Genres, moods, a film to be like, or films named with their own descriptors ("French
 * films from the 60s") replace the earlier subject and its themes.
 */
function carriedSubject(last: Query, next: Query): Partial<Query> {
  // "French films from the 60s" names films of its own: nothing of the earlier subject is carried.
  const own = namesKind(next) || !!next.namesFilms;
  const kind = own ? next : { ...last, like: undefined };
  // Words that are only near a theme (`themeWords`) add to the earlier themes; keywords replace them.
  const themes =
    own || next.keywordsIn.length > 0
      ? next
      : {
          keywordsIn: last.keywordsIn,
          themeWords: union(last.themeWords, next.themeWords),
          textWords: union(last.textWords ?? [], next.textWords ?? []),
        };
  return {
    genreGroups: kind.genreGroups
      .map((g) => g.filter((x) => !next.genresOut.includes(x)))
      .filter((g) => g.length),
    moods: kind.moods,
    moodKeywords: kind.moodKeywords,
    impliedOut: kind.impliedOut,
    soft: own ? next.soft : { ...last.soft, ...next.soft },
    keywordsIn: themes.keywordsIn,
    themeWords: themes.themeWords,
    textWords: themes.textWords,
  };
}

/**
 * A new request in a conversation (not a refinement: it names its own films) joined with the last
 * request: every earlier constraint holds unless this message replaces it (a new genre, years, a
 * language) or lifts it ("any language", "start over"). The one place a conversation's constraints
 * are carried into a new request (decision 0098).
 */
export function carryQuery(prev: Query, next: Query): Query {
  if (lifts(next, 'all')) return next;
  const last = dropMoods(prev, next);
  return {
    ...next,
    ...carriedLimits(last, next),
    ...carriedSubject(last, next),
    refined: undefined,
  };
}

/** How a turn is joined with the last request: narrowing it, or a new request that carries its limits. */
export type JoinMode = 'narrow' | 'new';

/** The merge of request states: the last request and this turn's, as the turn asks for them. */
export function joinRequests(prev: Query, next: Query, mode: JoinMode = 'narrow'): Query {
  // The conversation's language holds unless the message clearly says another (decision 0134),
  // and when its words fit the conversation's language as well as another's.
  const lang = next.langWeak || next.langTied?.includes(prev.lang) ? prev.lang : next.lang;
  if (mode === 'new') return { ...carryQuery(prev, next), lang };
  if (lifts(next, 'all')) return { ...next, refined: undefined, lang };
  const merged = mergeQuery(prev, next);
  return {
    ...merged,
    lang,
    ...(lifts(next, 'years') && next.yearFrom === undefined && next.yearTo === undefined
      ? { yearFrom: undefined, yearTo: undefined }
      : {}),
    ...(lifts(next, 'runtime') && next.runtimeMin === undefined && next.runtimeMax === undefined
      ? { runtimeMin: undefined, runtimeMax: undefined, runtimeBelow: undefined }
      : {}),
    ...(lifts(next, 'languages') && next.languages.length === 0
      ? { languages: [], traditions: undefined }
      : {}),
    ...(lifts(next, 'rating') && next.minRating === undefined ? { minRating: undefined } : {}),
  };
}
