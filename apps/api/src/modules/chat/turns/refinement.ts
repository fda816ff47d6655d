import { hasRequest, isRefinement } from '../understand/query';
import { replaces } from './merge';
import { serve } from './serve';
import { lastSeed, type Turn } from './turn';

/**
 * "from the 90s", "but no horror", "darker", "under 2 hours": narrow the last request. A message
 * that names films as what it wants ("French films from the 60s", "movies with Tom Hanks") is a new
 * request unless it starts like a refinement.
 */
export const refinementTurn: Turn = {
  kind: 'refinement',
  matches: ({ query: q, last }) =>
    !q.followUp &&
    hasRequest(q) &&
    !!last &&
    ((isRefinement(q) && !q.namesFilms && !q.person) || (!!(q.narrows || q.relative) && !q.like)),
  handle(req, ctx) {
    const merged = ctx.merge(req.last!, req.query);
    // Decision 0160: a kind said instead ("scratch that, a feel-good musical instead") takes the
    // place of the film the last request was like, as it takes its genres' place.
    const instead = replaces(req.query) && !req.query.like;
    const query = instead ? { ...merged, like: undefined } : merged;
    const seed = query.like?.movie ?? (instead ? null : lastSeed(req, ctx));
    return serve({ ...req, query, seed, alone: req.query }, ctx);
  },
};
