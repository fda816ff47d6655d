import type { CatalogMovie } from '@app/catalog';
import { orderShown, superlativeIn } from '../about-shown';
import { franchiseKey } from '../franchise';
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
  const own = new Set(franchiseKey(name).split(' '));
  const out = new Set<number>();
  for (const m of members) {
    const words = franchiseKey(m.title)
      .split(' ')
      .filter((w) => w.length >= 4 && !own.has(w));
    if (words.length && words.every((w) => after.includes(` ${w} `))) out.add(m.id);
  }
  return out;
}

/** The franchise asked for (and another named with it), its films in the order asked, less those seen or ruled out. */
function asked(req: ChatRequest, ctx: TurnContext) {
  const found = ctx.franchises().asked(req.message) ?? narrowed(req, ctx);
  if (!found) return null;
  const also = ctx.franchises().alsoNamed(req.message, found);
  const franchise = also
    ? {
        name: `${found.name.replace(/^The /, '')} and ${also.name.replace(/^The /, '')}`,
        members: [...found.members, ...also.members].sort((a, b) =>
          (a.release_date ?? '').localeCompare(b.release_date ?? ''),
        ),
      }
    : found;
  const out = leftOut(req.message, franchise.name, franchise.members);
  // "which Rocky film is the best?": the franchise in the order asked.
  const order = superlativeIn(req.message);
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
