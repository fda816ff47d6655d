import type { CatalogMovie } from '@app/catalog';
import { orderShown, superlativeIn } from '../about-shown';
import { asksWhereToStart, franchiseKey } from '../franchise';
import { reply, type ChatRequest } from '../request';
import { emptyQuery, isRefinement } from '../understand/query';
import * as say from '../wording';
import { serveFilms } from './films';
import type { Turn, TurnContext } from './turn';

/** The first three of a franchise asked for ("the original star wars trilogy", "the original three"). */
const ORIGINAL_TRILOGY = /\boriginal\b[\w\s'-]{0,30}\btrilogy\b|\boriginal (?:three|3)\b/i;

/** How many of a franchise's films one reply lists. */
const FRANCHISE_SHOWN = 10;

/**
 * Decision 0119: after a franchise's list, a message that only narrows ("and the 60s ones?", "only
 * the ones from the 2000s") is about that franchise, not about films like its first one. Its years
 * narrow the list (`asked`); nothing else of it does.
 */
function narrowed(req: ChatRequest, ctx: TurnContext) {
  const id = req.last?.franchise;
  // "and after that? give me the full order": the franchise's order asked again.
  const again = ORDER_AGAIN.test(req.message);
  return id !== undefined && ((isRefinement(req.query) && !req.query.followUp) || again)
    ? ctx.franchises().byCollection(id)
    : null;
}

/** The franchise's order asked after its list ("the full order", "and after that?", "what comes next?"). */
const ORDER_AGAIN =
  /\b(?:full order|whole order|(?:in|the) order|after that|what comes next|which (?:one )?comes next)\b/i;

/** Words after which a film of the franchise is left out ("except tokyo drift", "no prometheus"). */
const LEFT_OUT = /\b(?:except|excluding|without|minus|skip|skipping|not|no|but not|apart from|other than)\b/;

/**
 * The franchise's films the message rules out by their own words ("all the fast and furious
 * movies except tokyo drift"): a film whose title words beyond the franchise's name (4 letters or
 * more) all come after an exclusion word.
 */
function leftOut(message: string, name: string, members: readonly CatalogMovie[]): Set<number> {
  const text = franchiseKey(message);
  const cue = LEFT_OUT.exec(text);
  if (!cue) return new Set();
  const after = ` ${text.slice(cue.index)} `;
  const out = new Set<number>();
  for (const [m, words] of ownWords(name, members))
    if (words.length && words.every((w) => after.includes(` ${w} `))) out.add(m.id);
  return out;
}

/** Each film's own title words beyond the franchise's name (4 letters or more): "tokyo", "drift". */
function ownWords(name: string, members: readonly CatalogMovie[]): [CatalogMovie, string[]][] {
  const own = new Set(franchiseKey(name).split(' '));
  return members.map((m) => [
    m,
    franchiseKey(m.title)
      .split(' ')
      .filter((w) => w.length >= 4 && !own.has(w)),
  ]);
}

/**
 * "what comes after the fellowship of the ring", "just finished the first matrix, what's next in the
 * series?", "which harry potter comes after the prisoner of azkaban": the next film of a franchise.
 */
const NEXT_CUE =
  /\b(?:what(?:'s|s| is| comes)? next|(?:what|which) (?:do|should|shall|can) (?:i|we) watch next|watch next|(?:comes?|goes|watch) after|the next (?:one|film|movie|part|chapter|instal+ment)|next (?:in|of) (?:the|this|that) (?:series|franchise|saga|trilogy)|(?:the )?sequel (?:to|of))\b/i;

/** The film named after "after", "finished", "sequel to"… (up to the question that follows it). */
const AFTER_NAME =
  /\b(?:after|finished|finishing|watched|seen|saw|sequel to|sequel of)\s+(.{3,60}?)(?=\s*(?:[?.!,;]|$|\s(?:what|which|and|so|now|then|is|are|do|should)\b))/i;

/** The film the message says was watched, whose franchise's next film is asked for, or null. */
function watchedMember(req: ChatRequest, ctx: TurnContext): CatalogMovie | null {
  const like = req.query.like;
  if (like?.movie && like.confidence >= 0.75 && like.movie.collection) return like.movie;
  // "the first matrix", "the original alien": the film of that name.
  const named = AFTER_NAME.exec(req.message)?.[1]?.replace(/\b(?:first|original|1st)\s+/i, '');
  const hit = named ? ctx.resolveTitle(named) : null;
  if (hit && hit.confidence >= 0.75 && hit.movie.vote_count >= 100 && hit.movie.collection) return hit.movie;
  // "which harry potter comes after the prisoner of azkaban": the franchise named, and its film
  // whose own words (beyond the franchise's name) the message has.
  const franchise = ctx.franchises().mentioned(req.message);
  if (!franchise) return null;
  const text = ` ${franchiseKey(req.message)} `;
  let best: { m: CatalogMovie; n: number } | null = null;
  for (const [m, words] of ownWords(franchise.name, franchise.members)) {
    const n = words.filter((w) => text.includes(` ${w} `)).length;
    if (n > 0 && n === words.length && (!best || n > best.n)) best = { m, n };
  }
  return best?.m ?? null;
}

/** A list names at least this many films, and a list made up to it this many. */
const ENOUGH = 3;
const LIST = 5;

/**
 * Not the franchise's next film: more of a quality of it ("what should I watch after The Silence
 * of the Lambs? that same dread"), or the whole franchise seen ("finished the original trilogy").
 */
const NOT_NEXT =
  /\b(?:same|similar|like (?:it|that|this|those)|more of|kind of|vibes?|feel|trilogy|saga|series (?:is|was)|all of them|them all|whole (?:series|franchise))\b/i;

/** The films of the watched film's franchise that came after it, or null. */
function nextAfter(req: ChatRequest, ctx: TurnContext) {
  if (!NEXT_CUE.test(req.message) || NOT_NEXT.test(req.message.replace(NEXT_CUE, ' '))) return null;
  const after = watchedMember(req, ctx);
  const franchise = after?.collection ? ctx.franchises().byCollection(after.collection.id) : null;
  if (!after || !franchise) return null;
  // "just finished the lord of the rings, what next?": the whole franchise seen has no next film.
  if (req.query.collectionsOut?.some((c) => c.id === after.collection!.id)) return null;
  const members = franchise.members.filter(
    (m) => (m.release_date ?? '') > (after.release_date ?? '') && !req.seen.has(m.id),
  );
  return members.length ? { name: franchise.name, after, members } : null;
}

/**
 * Decision 0129: the message without the words of the person it names, unless the franchise is
 * that name ("James Bond movies"): "ryan gosling, which of his movies" names no Jack Ryan film.
 */
function withoutPerson(req: ChatRequest, ctx: TurnContext): string {
  const words = req.query.person?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  if (!words.length) return req.message;
  const named = ctx.franchises().asked(req.message);
  if (named && words.every((w) => franchiseKey(named.name).split(' ').includes(w))) return req.message;
  return words.reduce(
    (text, w) =>
      text.replace(
        new RegExp(`(^|[^\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[^\\p{L}])`, 'giu'),
        '$1 ',
      ),
    req.message,
  );
}

/** The franchise asked for (and another named with it), its films in the order asked, less those seen or ruled out. */
function asked(req: ChatRequest, ctx: TurnContext) {
  const next = nextAfter(req, ctx);
  if (next) return { ...next, order: null, first: FRANCHISE_SHOWN, years: null, noneInYears: false };
  const message = withoutPerson(req, ctx);
  const found = ctx.franchises().asked(message) ?? narrowed(req, ctx);
  if (!found) return null;
  const also = ctx.franchises().alsoNamed(message, found);
  const franchise = also
    ? {
        name: `${found.name.replace(/^The /, '')} and ${also.name.replace(/^The /, '')}`,
        members: [...found.members, ...also.members].sort((a, b) =>
          (a.release_date ?? '').localeCompare(b.release_date ?? ''),
        ),
      }
    : found;
  const out = leftOut(req.message, franchise.name, franchise.members);
  // "which Rocky film is the best?": the franchise in the order asked ("where do I start with it?":
  // in order of release, from its first film).
  const order = asksWhereToStart(req.message) ? null : superlativeIn(req.message);
  const unseen = (order ? orderShown(franchise.members, order) : franchise.members).filter(
    (m) => !req.seen.has(m.id) && !out.has(m.id),
  );
  // "bond films from the 90s": the years asked narrow the franchise (decision 0119).
  const { yearFrom = -Infinity, yearTo = Infinity } = req.query;
  const inYears = unseen.filter((m) => {
    const y = Number(m.release_date?.slice(0, 4));
    return y >= yearFrom && y <= yearTo;
  });
  const years = inYears.length < unseen.length ? say.yearsBit(req.query) : null;
  const members = inYears.length ? inYears : unseen;
  // "only the ORIGINAL star wars trilogy": its first three films (of all of them).
  // (Not when it is seen already: "just finished the original trilogy, what next?")
  const trilogy =
    ORIGINAL_TRILOGY.test(req.message) && !/\b(?:finished|seen|watched|saw)\b/i.test(req.message);
  const first = trilogy ? 3 : FRANCHISE_SHOWN;
  const noneInYears = years !== null && inYears.length === 0;
  return members.length
    ? { name: franchise.name, after: null, order, members, first, years, noneInYears }
    : null;
}

/**
 * "Star Wars movies": the franchise's own films, in release order (a "like" request leaves them
 * out, and its words are no genres or themes).
 */
export const franchiseTurn: Turn = {
  kind: 'franchise',
  matches: (req, ctx) => asked(req, ctx) !== null,
  async handle(req, ctx) {
    const { name: fullName, after, order, members, first, years, noneInYears } = asked(req, ctx)!;
    const shown = members.slice(0, first);
    const picks = shown.map((m) => ({
      movie: m,
      reason: say.esc(order ? order.detail(m) : say.hook(m)),
    }));
    const name = say.esc(fullName.replace(/^The /, ''));
    const some = members.length > shown.length;
    const where = years && !noneInYears ? ` ${years}` : '';
    const none = noneInYears ? `None of the ${name} films in the catalog are ${years}. ` : '';
    const intro = after
      ? `After ${say.movieLink(after)} comes ${say.movieLink(shown[0]!)}${shown.length > 1 ? `; the ${name} films after it, in order of release:` : '.'}`
      : order
        ? `${none}Of the ${members.length} ${name} films${where} in the catalog, the ${order.word} is ${say.movieLink(shown[0]!)}. ${some ? `The first ${shown.length}` : 'All of them'}, ${order.word} first:`
        : `${none}Here are ${some ? `the first ${shown.length} of ${members.length}` : members.length === 2 ? 'both' : `all ${members.length}`} ${name} films${where} in the catalog, in order of release:`;
    const listed: ChatRequest = {
      ...req,
      query: { ...emptyQuery(req.query.lang), empty: false, franchise: shown[0]!.collection?.id },
      seed: shown[0]!,
    };
    // "just watched The Dark Knight, what next?": its one film after it, then films like it outside
    // the franchise, to make a list (as a friend goes on after naming the sequel).
    if (after && shown.length < ENOUGH) {
      const collection = after.collection!;
      const more = await serveFilms(
        {
          ...req,
          seed: after,
          query: { ...req.query, collectionsOut: [...(req.query.collectionsOut ?? []), collection] },
        },
        ctx,
      );
      const all = [...picks, ...more.picks].slice(0, LIST);
      if (all.length > picks.length) {
        const lead = `After ${say.movieLink(after)} comes ${say.movieLink(shown[0]!)}; then, outside the ${name} films, more like ${say.movieLink(after)}:`;
        return { ...more, message: say.renderPicks(lead, all, ''), picks: all };
      }
    }
    // "which Alien films are actually worth my time?": the verdict, then the list.
    const judged = !after && say.ASKS_WHICH_WORTH.test(req.message) ? say.franchiseVerdict(members) : '';
    return reply(
      listed,
      say.renderPicks(
        judged ? `${judged} ${intro}` : intro,
        picks,
        'Say "more like the first one" to follow one of these outside the franchise.',
      ),
      picks,
    );
  },
};
