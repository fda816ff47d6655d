import { MOODS } from '../understand/lexicon';
import type { Query } from '../understand/query';

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
  const dir = next.soft.dark;
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

/** "thrillers instead": the genres named take the place of the last request's. */
const replaces = (next: Query) => !!next.replaces && (next.genreGroups.length > 0 || next.moods.length > 0);

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

/** What the films are (genres, moods, themes) once the refinement is joined with the last request. */
function subject(last: Query, next: Query): Partial<Query> {
  const genresOut = union(last.genresOut, next.genresOut);
  const genreGroups = mergedGenres(last, next, genresOut);
  const replaced = replaces(next);
  return {
    genresOut,
    keywordsOut: union(last.keywordsOut, next.keywordsOut),
    outLabels: last.outLabels || next.outLabels ? { ...last.outLabels, ...next.outLabels } : undefined,
    // "only dramas" after "French films": the new genres narrow the old ones.
    genreGroups,
    moods: replaced ? next.moods : union(last.moods, next.moods),
    impliedOut: union(last.impliedOut, next.impliedOut).filter(
      (g) => !genreGroups.some((grp) => grp.includes(g)),
    ),
    moodKeywords: replaced ? next.moodKeywords : union(last.moodKeywords, next.moodKeywords),
    keywordsIn: union(last.keywordsIn, next.keywordsIn),
    themeWords: union(last.themeWords, next.themeWords),
  };
}

/** A refinement or follow-up (`next`) joined with the last request (`prev`): it narrows it. */
export function mergeQuery(prev: Query, next: Query): Query {
  const last = dropMoods(prev, next);
  return {
    ...last,
    ...ranges(last, next),
    childAge: childAge(last, next),
    languages: next.languages.length ? next.languages : last.languages,
    ...subject(last, next),
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
