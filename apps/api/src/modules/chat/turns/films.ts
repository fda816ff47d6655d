import type { CatalogMovie } from '@app/catalog';
import { excluded, lastPicks, reply, type ChatRequest, type EngineAnswer, type Pick } from '../request';
import { darkness, type Retrieval, type Scored } from '../retrieve';
import { hasRequest, type Query } from '../understand/query';
import { filmFacts, phrasesFor, type ReplyPhrases } from '../reply-language';
import * as say from '../wording';
import { TextIndex } from '../text-index';
import type { Turn, TurnContext } from './turn';

/** Words that ask for films other than the one named (decision 0120). */
const ASKS_FOR_OTHERS =
  /\b(?:more of (?:exactly |just )?(?:that|this|the same)|more like (?:that|it|this)|what else|anything else like|something similar|anything similar|similar ones|others like)\b/i;

export function toPicks(scored: Scored[], q: Query, seed: CatalogMovie | null): Pick[] {
  const reasons = say.reasonsFor(scored, q, seed);
  return scored.map((s, i) => ({ movie: s.movie, reason: reasons[i]! }));
}

/** How many films retrieval returns: more in live mode, where TMDB may not know some; more if asked. */
const retrieveCount = (ctx: TurnContext, q?: Query) => Math.max(ctx.liveCheck ? 8 : 5, q?.count ?? 0);

/** The moods that say a tone outright, by the way they lean (+1 darker, −1 lighter). */
const TONE_MOODS: Readonly<Record<string, number>> = { dark: 1, 'light-hearted': -1 };

/**
 * A comparative ("less scary", "but lighter") starts from the named film or the last picks; said
 * with its tone outright ("darker. like really bleak"), the darkest (lightest) films are asked
 * for, not a step from the last ones.
 */
function withDarkFrom(req: ChatRequest, ctx: TurnContext): Query {
  const q = req.query;
  if (!q.soft.dark || !q.relative || q.darkFrom !== undefined) return q;
  if (q.moods.some((m) => TONE_MOODS[m] === Math.sign(q.soft.dark!))) return q;
  const from = req.seed ? [req.seed] : lastPicks(req, (id) => ctx.catalog.get(id));
  const ds = from.map(darkness).sort((a, b) => a - b);
  return ds.length ? { ...q, darkFrom: ds[Math.floor(ds.length / 2)] } : q;
}

/**
 * Nothing fits the last request narrowed by this message: the message may have been a new request
 * after all ("a documentary about music" → "French films from the 60s"), so it is answered on its
 * own rather than refused.
 */
function onItsOwn(req: ChatRequest, ctx: TurnContext): { req: ChatRequest; found: Retrieval } | null {
  const alone = req.alone;
  if (!alone || !hasRequest(alone) || alone.relative || alone.like) return null;
  const own = ctx.retrieve(alone, {
    exclude: excluded(req),
    seed: null,
    neighbours: null,
    count: retrieveCount(ctx, alone),
  });
  return own.picks.length ? { req: { ...req, query: alone, seed: null }, found: own } : null;
}

/** Live mode: only films TMDB knows (errors count as known). */
async function knownLive(found: Retrieval, ctx: TurnContext): Promise<void> {
  const check = ctx.liveCheck;
  if (!check) return;
  const known = await Promise.all(found.picks.map((p) => check(p.movie.id).catch(() => true)));
  found.picks = found.picks.filter((_, i) => known[i]);
}

/**
 * Decision 0118: the film asked for by name ("jaws", "do you have the matrix?") comes first, unless
 * the message asks for others ("i adore amélie … what else?", "… more of that please"); then four more.
 */
function askedFirst(req: ChatRequest, found: Retrieval): { asked: CatalogMovie | null; others: Scored[] } {
  const { query: q, seed } = req;
  const asked = q.filmAsked && seed && !ASKS_FOR_OTHERS.test(req.message) ? seed : null;
  return {
    asked,
    others: asked ? found.picks.filter((p) => p.movie.id !== asked.id).slice(0, 4) : found.picks,
  };
}

/**
 * Decision 0134: the reply in the message's language (reply-language.ts): the film asked for by
 * name first, then each film's genres and length, and the frame in that language; `lead` before it.
 */
export function picksIn(
  req: ChatRequest,
  found: Retrieval,
  phrases: ReplyPhrases,
  lead?: string,
): EngineAnswer {
  const { query: q, seed } = req;
  const { asked, others } = askedFirst(req, found);
  const films = [...(asked ? [asked] : []), ...others.map((p) => p.movie)];
  const picks = films.map((movie) => ({ movie, reason: filmFacts(movie, phrases, say.hook(movie)) }));
  const said = asked
    ? phrases.askedFirst(picks.length - 1)
    : q.followUp === 'another'
      ? phrases.more(picks.length)
      : phrases.picks(picks.length, seed && !q.followUp ? say.movieLink(seed) : undefined);
  // What had to be said first (a title the catalog lacks) leads the list.
  const head = lead ? `${lead} ${said}` : said;
  const notes = [
    ...(found.relaxed.length ? [phrases.relaxed] : []),
    ...(picks.length < 3 ? [phrases.fewer(picks.length)] : []),
  ];
  const first = req.state.suggested.length === 0;
  const steer = first ? (q.like?.movie ? phrases.steerLike : phrases.steer) : '';
  return reply(req, say.renderPicks(head, picks, [...notes, steer].filter(Boolean).join(' ')), picks);
}

/**
 * Decision 0159: the story words the intro claims ("whose story has "banshees"") are only those
 * some film listed has in its text; none found, none claimed (the list is favourites then).
 */
function storyWordsFound(q: Query, picks: readonly Pick[]): Query {
  if (!q.textWords?.length) return q;
  const told = new Set(picks.flatMap((p) => [...TextIndex.filmWords(p.movie)]));
  const found = q.textWords.filter((w) => TextIndex.words(w).some((x) => told.has(x)));
  return found.length === q.textWords.length ? q : { ...q, textWords: found };
}

/** The reply's intro, then a reason per pick, then what could not be applied. */
function wordPicks(req: ChatRequest, found: Retrieval): EngineAnswer {
  const { query: q, seed } = req;
  const phrases = phrasesFor(q.lang);
  if (phrases) return picksIn(req, found, phrases);
  const { asked, others } = askedFirst(req, found);
  const picks = toPicks(others, q, seed);
  if (asked) picks.unshift({ movie: asked, reason: `The film you asked for. ${say.hook(asked)}` });
  const lowConfidence =
    q.like?.movie && q.like.confidence < 0.9 && !q.followUp
      ? [`I took "${say.esc(q.like.text)}" to mean ${say.movieLink(q.like.movie)}.`]
      : [];
  const verdict = seed && (asked || say.ASKS_VERDICT.test(req.message)) ? [say.verdict(seed, !!asked)] : [];
  const head = asked
    ? picks.length > 1
      ? `Here it is, with ${say.words(picks.length - 1)} more like it:`
      : 'Here it is:'
    : // Themes dropped to fill the list are not claimed of it ("some of these only match the rest").
      say.intro(
        storyWordsFound(
          found.relaxed.length
            ? { ...q, keywordsIn: q.keywordsIn.filter((k) => !found.relaxed.includes(k)) }
            : q,
          picks,
        ),
        seed,
        picks.length,
      );
  const namesake =
    seed &&
    q.like?.movie?.id === seed.id &&
    q.like.confidence >= 0.9 &&
    seed.vote_count < say.LITTLE_KNOWN_VOTES
      ? [say.laterNamesake(seed)]
      : [];
  // What was taken to be meant comes first: the intro ends with the colon before the list.
  const introLine = [...lowConfidence, ...verdict, ...namesake, head].join(' ');
  return reply(
    req,
    say.renderPicks(
      introLine,
      picks,
      say.outro(q, say.notes(q, found.relaxed, picks.length), req.state.suggested.length === 0),
    ),
    picks,
  );
}

/** Several films' neighbours as one list: each film at its best rank in any of them. */
function nearestOfAll(lists: (Map<number, number> | null)[]): Map<number, number> | null {
  const known = lists.filter((l): l is Map<number, number> => !!l);
  if (known.length <= 1) return known[0] ?? null;
  const all = new Map<number, number>();
  for (const l of known) for (const [id, rank] of l) all.set(id, Math.min(rank, all.get(id) ?? rank));
  return all;
}

/** Retrieval (from a person's films, when given) and wording: the films a request asks for. */
export async function serveFilms(
  request: ChatRequest,
  ctx: TurnContext,
  personPool: CatalogMovie[] | null = null,
): Promise<EngineAnswer> {
  let req: ChatRequest = { ...request, query: withDarkFrom(request, ctx) };
  const { query: q, seed } = req;
  const alsoSeeds = seed ? (q.alsoLike ?? []) : [];
  const neighbours = seed
    ? nearestOfAll(await Promise.all([seed, ...alsoSeeds].map((m) => ctx.neighbours(m))))
    : null;
  let found = ctx.retrieve(q, {
    exclude: excluded(req),
    seed,
    alsoSeeds,
    neighbours,
    personPool,
    anchor: q.relative && !seed ? req.state.lastPicks : undefined,
    count: retrieveCount(ctx, q),
  });
  const own = found.picks.length === 0 ? onItsOwn(req, ctx) : null;
  if (own) ({ req, found } = own);
  await knownLive(found, ctx);
  // Five at most, or as many as asked (decision 0133).
  found.picks = found.picks.slice(0, req.query.count ?? 5);
  if (found.picks.length === 0) {
    const person = req.query.person;
    // Years after the catalog's last: nothing can fit, and that is what to say.
    const last = Number(ctx.catalog.referenceDate.slice(0, 4));
    if (!person && q.yearFrom !== undefined && q.yearFrom > last)
      return reply(req, say.afterCatalog(req.message, q.yearFrom));
    return reply(
      req,
      person
        ? `I couldn't find more films with ${say.esc(person)} that fit. Want to loosen a condition?`
        : (phrasesFor(q.lang)?.nothingFits ?? say.NOTHING_FITS),
    );
  }
  return wordPicks(req, found);
}

/** A request for films: every hard constraint holds, the rest ranks (retrieve.ts), then the wording. */
export const filmsTurn: Turn = {
  kind: 'films',
  matches: () => true,
  handle: (req, ctx) => serveFilms(req, ctx),
};
