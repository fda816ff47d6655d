import { hasRequest, isRefinement } from '../understand/query';
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
    const query = ctx.merge(req.last!, req.query);
    const seed = query.like?.movie ?? lastSeed(req, ctx);
    return serve({ ...req, query, seed, alone: req.query }, ctx);
  },
};
