import { askedAboutShown, orderShown } from '../about-shown';
import { lastPicks, reply, type ChatRequest } from '../request';
import * as say from '../wording';
import { lastSeed, type Turn, type TurnContext } from './turn';

/**
 * A message that asks for films of its own ("the best horror films, which one would you pick?")
 * is a new request, not a question about the ones shown.
 */
const asksForFilms = (req: ChatRequest) => {
  const q = req.query;
  return !!q.like || q.genreGroups.length > 0 || q.moods.length > 0 || q.keywordsIn.length > 0;
};

const order = (req: ChatRequest) =>
  req.state.lastPicks.length && !asksForFilms(req) ? askedAboutShown(req.message) : null;

/**
 * "which of those is the shortest?": a question about the films just shown is answered from them,
 * in the order asked; the conversation's request and film stay what they were.
 */
export const aboutShownTurn: Turn = {
  kind: 'about-shown',
  matches: (req, ctx) => !!order(req) && lastPicks(req, (id) => ctx.catalog.get(id)).length > 0,
  handle(req: ChatRequest, ctx: TurnContext) {
    const asked = order(req)!;
    const ordered = orderShown(
      lastPicks(req, (id) => ctx.catalog.get(id)),
      asked,
    );
    const kept: ChatRequest = { ...req, query: req.last ?? req.query, seed: lastSeed(req, ctx) };
    const picks = ordered.map((m) => ({ movie: m, reason: say.esc(asked.detail(m)) }));
    return reply(
      kept,
      say.renderPicks(
        `Of those, the ${asked.word} is ${say.movieLink(ordered[0]!)}. All of them, ${asked.word} first:`,
        picks,
        '',
      ),
      picks,
    );
  },
};
