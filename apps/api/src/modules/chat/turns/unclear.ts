import { reply } from '../request';
import { hasRequest } from '../understand/query';
import * as say from '../wording';
import type { Turn } from './turn';

/** Nothing to act on (and not "recommend me a movie", which gets crowd favourites): ask. */
export const unclearTurn: Turn = {
  kind: 'unclear',
  matches: ({ query: q }) => (!hasRequest(q) || (q.empty && !q.like && !q.followUp)) && !q.vague,
  handle: (req) =>
    reply(
      req,
      req.query.unreadLanguage
        ? say.LANGUAGES_READ
        : req.query.unknown.length
          ? `I didn't catch what you're looking for ("${req.query.unknown.slice(0, 3).join('", "')}"). ${say.CLARIFY}`
          : say.CLARIFY,
    ),
};
