import { excluded, reply } from '../request';
import { asksForFilms, isRefinement, type Query } from '../understand/query';
import { phrasesFor } from '../reply-language';
import * as say from '../wording';
import { asksAlike } from '../understand/understand';
import { picksIn, serveFilms, toPicks } from './films';
import type { Turn } from './turn';

/**
 * A named title the catalog lacks: never swapped for another film. Said so (with the nearest
 * well-known title, if any), and the rest of the request, if any, served "not based on it".
 */
export const notInCatalogTurn: Turn = {
  kind: 'not-in-catalog',
  matches: (req) => !!req.query.like && !req.query.like.movie,
  async handle(req, ctx) {
    const q = req.query;
    const phrases = phrasesFor(q.lang);
    const closest = q.like!.closest;
    const rest: Query = { ...q, like: undefined };
    // "have u got dune part two? if not something with the same vibe": films like the nearest
    // title, the film it follows, asked for outright.
    if (closest && asksAlike(req.message)) {
      const like = { text: closest.title, movie: closest, confidence: 1, closest: null };
      // "or the 2021 one?": years after the catalog's last said of the film asked about, not the rest.
      const last = Number(ctx.catalog.referenceDate.slice(0, 4));
      const years = (rest.yearFrom ?? 0) > last ? { yearFrom: undefined, yearTo: undefined } : {};
      const query = { ...rest, ...years, like, filmAsked: false };
      const films = await serveFilms({ ...req, query, seed: closest }, ctx);
      if (films.picks.length) {
        return { ...films, message: `${say.notInCatalog(q.like!.text, null, q.lang)} ${films.message}` };
      }
    }
    const head = say.notInCatalog(q.like!.text, closest, q.lang);
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
