import { excluded, reply } from '../request';
import { asksForFilms, isRefinement, type Query } from '../understand/query';
import { phrasesFor } from '../reply-language';
import * as say from '../wording';
import { picksIn, toPicks } from './films';
import type { Turn } from './turn';

/**
 * A named title the catalog lacks: never swapped for another film. Said so (with the nearest
 * well-known title, if any), and the rest of the request, if any, served "not based on it".
 */
export const notInCatalogTurn: Turn = {
  kind: 'not-in-catalog',
  matches: (req) => !!req.query.like && !req.query.like.movie,
  handle(req, ctx) {
    const q = req.query;
    const phrases = phrasesFor(q.lang);
    const head = say.notInCatalog(q.like!.text, q.like!.closest, q.lang);
    const rest: Query = { ...q, like: undefined };
    if (
      (isRefinement(rest) || !asksForFilms(rest)) &&
      rest.languages.length === 0 &&
      rest.yearFrom === undefined &&
      rest.yearTo === undefined
    )
      return {
        ...reply(
          req,
          `${head} ${phrases?.describeIt ?? "Tell me what it's like (the genre, the mood, the era) and I'll find something close."}`,
        ),
        offered: q.like!.closest ?? undefined,
      };
    const found = ctx.retrieve(rest, { exclude: excluded(req), seed: null, neighbours: null });
    if (found.picks.length === 0)
      return {
        ...reply(
          req,
          `${head} ${phrases?.describeIt ?? "Tell me what it's like and I'll find something close."}`,
        ),
        offered: q.like!.closest ?? undefined,
      };
    if (phrases) return picksIn(req, found, phrases, head);
    const picks = toPicks(found.picks, rest, null);
    return reply(
      req,
      say.renderPicks(
        `${head} Meanwhile, here are some ${say.restate(rest, null, picks.length)} (not based on it):`,
        picks,
        say.outro(rest, say.notes(rest, found.relaxed, picks.length), req.state.suggested.length === 0),
      ),
      picks,
    );
  },
};
