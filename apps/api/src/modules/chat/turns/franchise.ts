import { orderShown, superlativeIn } from '../about-shown';
import { reply, type ChatRequest } from '../request';
import { emptyQuery, isRefinement } from '../understand/query';
import * as say from '../wording';
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
  return id !== undefined && isRefinement(req.query) && !req.query.followUp
    ? ctx.franchises().byCollection(id)
    : null;
}

/** The franchise asked for, its films in the order asked, less those the user has seen. */
function asked(req: ChatRequest, ctx: TurnContext) {
  const franchise = ctx.franchises().asked(req.message) ?? narrowed(req, ctx);
  if (!franchise) return null;
  // "which Rocky film is the best?": the franchise in the order asked.
  const order = superlativeIn(req.message);
  const unseen = (order ? orderShown(franchise.members, order) : franchise.members).filter(
    (m) => !req.seen.has(m.id),
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
  return members.length ? { name: franchise.name, order, members, first, years, noneInYears } : null;
}

/**
 * "Star Wars movies": the franchise's own films, in release order (a "like" request leaves them
 * out, and its words are no genres or themes).
 */
export const franchiseTurn: Turn = {
  kind: 'franchise',
  matches: (req, ctx) => asked(req, ctx) !== null,
  handle(req, ctx) {
    const { name: fullName, order, members, first, years, noneInYears } = asked(req, ctx)!;
    const shown = members.slice(0, first);
    const picks = shown.map((m) => ({
      movie: m,
      reason: say.esc(order ? order.detail(m) : say.hook(m)),
    }));
    const name = say.esc(fullName.replace(/^The /, ''));
    const some = members.length > shown.length;
    const where = years && !noneInYears ? ` ${years}` : '';
    const none = noneInYears ? `None of the ${name} films in the catalog are ${years}. ` : '';
    const intro = order
      ? `${none}Of the ${members.length} ${name} films${where} in the catalog, the ${order.word} is ${say.movieLink(shown[0]!)}. ${some ? `The first ${shown.length}` : 'All of them'}, ${order.word} first:`
      : `${none}Here are ${some ? `the first ${shown.length} of ${members.length}` : members.length === 2 ? 'both' : `all ${members.length}`} ${name} films${where} in the catalog, in order of release:`;
    const listed: ChatRequest = {
      ...req,
      query: { ...emptyQuery(req.query.lang), empty: false, franchise: shown[0]!.collection?.id },
      seed: shown[0]!,
    };
    return reply(
      listed,
      say.renderPicks(
        intro,
        picks,
        'Say "more like the first one" to follow one of these outside the franchise.',
      ),
      picks,
    );
  },
};
