import type { CatalogMovie } from '@app/catalog';
import { answerAboutOne, askedAboutOne, askedAboutShown, orderShown } from '../about-shown';
import { lastPicks, reply, type ChatRequest } from '../request';
import * as say from '../wording';
import { lastSeed, type Turn, type TurnContext } from './turn';

/**
 * A message that asks for films of its own ("the best horror films, which one would you pick?")
 * is a new request, not a question about the ones shown.
 */
const asksForFilms = (req: ChatRequest) => {
  const q = req.query;
  // A mood read from the superlative itself ("the creepiest") is what is asked about, not a request.
  // So is a genre read from it ("the creepiest": horror, scarier).
  return !!q.like || (q.genreGroups.length > 0 && !q.comparative) || q.keywordsIn.length > 0;
};

const order = (req: ChatRequest) =>
  req.state.lastPicks.length && !asksForFilms(req) ? askedAboutShown(req.message) : null;

/** Films of the same title as a shown one (an original and its remake), known enough to judge. */
const namesakes = (ctx: TurnContext) => (m: CatalogMovie) => {
  const t = m.title.toLowerCase();
  return ctx.catalog.popular.filter(
    (o) => o.id !== m.id && o.vote_count >= 50 && o.title.toLowerCase() === t,
  );
};

/** "is the first one better?", "how long is it?": a question about one or two of the films shown. */
const one = (req: ChatRequest, ctx: TurnContext) => {
  if (!req.state.lastPicks.length || !QUESTION.test(req.message.trim())) return null;
  const shown = lastPicks(req, (id) => ctx.catalog.get(id));
  // A film named that was not shown is a new request ("is Heat any good? something like it").
  const named = req.query.like?.movie;
  if (named && !shown.some((m) => m.id === named.id || m.title === named.title)) return null;
  return askedAboutOne(req.message, shown, namesakes(ctx));
};

/**
 * A question (its words, not the mood or genre words in it, say what it asks): "is the second one
 * scarier?" asks about a film shown, "something scarier" asks for films.
 */
const QUESTION =
  /\?$|^(?:is|was|are|were|does|did|do|how|what|what's|whats|which|when|would|should|can|could)\b/i;

/**
 * "which of those is the shortest?": a question about the films just shown is answered from them,
 * in the order asked; the conversation's request and film stay what they were.
 */
export const aboutShownTurn: Turn = {
  kind: 'about-shown',
  matches: (req, ctx) =>
    (!!order(req) && lastPicks(req, (id) => ctx.catalog.get(id)).length > 0) || !!one(req, ctx),
  handle(req: ChatRequest, ctx: TurnContext) {
    const asked = order(req);
    // The answer names the films asked about and shows no new list: the films shown stay the
    // conversation's (no picks, so "the second one" still means what it meant).
    if (!asked)
      return reply(
        req,
        answerAboutOne(
          one(req, ctx)!,
          lastPicks(req, (id) => ctx.catalog.get(id)),
          say.movieLink,
        ),
      );
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
