import type { CatalogMovie } from '@app/catalog';
import { excluded, lastPicks, type ChatRequest, type EngineAnswer } from '../request';
import type { FollowUp, Query } from '../understand/query';
import { serve } from './serve';
import { lastSeed, type Turn, type TurnContext } from './turn';

/**
 * "more like the second one": the film followed is the seed. The last request still holds
 * ("animated films" → "more like the second one": more animation), as far as the film fits it:
 * its genres and the themes the film carries ("time travel movies" → "more like the second one":
 * time-travel films like it; decision 0144); its other themes and moods give way to the film.
 */
function likeOrdinal(req: ChatRequest, ctx: TurnContext, n: number): ChatRequest {
  const { query: q, last } = req;
  const id = n === -1 ? req.state.lastPicks.at(-1) : req.state.lastPicks[n - 1];
  const film = id ? (ctx.catalog.get(id) ?? null) : null;
  const base: Query = {
    ...last!,
    genreGroups: last!.genreGroups.filter((g) => !film || g.some((x) => film.genre_ids.includes(x))),
    keywordsIn: last!.keywordsIn.filter((k) => !!film?.keywords.includes(k)),
    moodKeywords: [],
    moods: [],
    themeWords: [],
    unknown: [],
  };
  const query = {
    ...ctx.merge(base, { ...q, followUp: undefined }),
    followUp: q.followUp,
    refined: false,
    empty: false,
  };
  return { ...req, query, seed: film };
}

/**
 * "something more recent" / "older": clearly newer (older) than every last pick when they are of
 * one time, else than their median (one 1950 classic among films of the 1990s–2010s is no bound,
 * decision 0139). "Older" is a step back of at most OLDER_STEP years, as a friend would take it (80s
 * comedies after 90s ones, not 1930s ones), when enough films are there. Each bound is kept only
 * when enough films are found without dropping any of the request (its theme, the vote floor).
 */
function shiftYears(req: ChatRequest, ctx: TurnContext, years: number[], newer: boolean): ChatRequest {
  const { query: q, last } = req;
  const seed = lastSeed(req, ctx);
  // Decision 0102: after "like Die Hard", "something older" is older than Die Hard too.
  const from = seed ? yearOf(seed) : NaN;
  const beyond = (y: number) =>
    !Number.isFinite(from) ? y : newer ? Math.max(y, from + 1) : Math.min(y, from - 1);
  const median = years[Math.floor(years.length / 2)]!;
  const edge = newer ? years[years.length - 1]! : years[0]!;
  const together = Math.abs(edge - median) <= ONE_TIME_YEARS;
  const loose = beyond(newer ? median + 1 : median - 1);
  const bound = together ? beyond(newer ? edge + 1 : edge - 1) : loose;
  const shift = (y: number, step?: number): Query =>
    newer
      ? { ...last!, yearFrom: y, yearTo: undefined, followUp: 'newer', unknown: q.unknown, empty: false }
      : { ...last!, yearTo: y, yearFrom: step, followUp: 'older', unknown: q.unknown, empty: false };
  const tries = newer ? [shift(bound)] : [shift(bound, bound - OLDER_STEP), shift(bound)];
  const query = tries.find((t) => {
    const probe = ctx.retrieve(t, { exclude: excluded(req), seed, neighbours: null });
    return probe.picks.length >= 3 && probe.relaxed.length === 0;
  });
  return { ...req, query: query ?? shift(loose), seed };
}

/** Picks whose years lie within this of their median are of one time (their edge bounds "older"). */
const ONE_TIME_YEARS = 15;
/** How far back "older" looks first. */
const OLDER_STEP = 25;

const yearOf = (m: CatalogMovie) => Number(m.release_date?.slice(0, 4));

/** The follow-up joined with the last request, and the film it goes on from. */
function followed(req: ChatRequest, ctx: TurnContext): ChatRequest {
  const q = req.query;
  const followUp: FollowUp = q.followUp!;
  if (typeof followUp === 'object') return likeOrdinal(req, ctx, followUp.likeOrdinal);
  const inTime = followUp === 'newer' || followUp === 'older';
  // "another, but older, from the 70s": the years given win over "older".
  if (inTime && (q.yearFrom !== undefined || q.yearTo !== undefined))
    return { ...req, query: { ...ctx.merge(req.last!, q), followUp }, seed: lastSeed(req, ctx) };
  const years = lastPicks(req, (id) => ctx.catalog.get(id))
    .map(yearOf)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (inTime && years.length) return shiftYears(req, ctx, years, followUp === 'newer');
  // "give me 3 more": that many.
  const merged = ctx.merge(req.last!, q);
  const query = { ...merged, count: q.count ?? merged.count, followUp: 'another' as const };
  return { ...req, query, seed: lastSeed(req, ctx) };
}

/** "another", "something more recent", "more like the second one": on from the last request. */
export const followUpTurn: Turn = {
  kind: 'follow-up',
  matches: (req) => !!req.query.followUp && !!req.last,
  handle: (req, ctx): EngineAnswer | Promise<EngineAnswer> => serve(followed(req, ctx), ctx),
};
