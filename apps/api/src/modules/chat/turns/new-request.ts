import { reply, type ChatRequest } from '../request';
import { hasRequest, type Query } from '../understand/query';
import * as say from '../wording';
import { serve } from './serve';
import type { Turn } from './turn';

/**
 * A new request in a conversation carries the conversation's constraints it does not replace
 * ("un bon film français" → "plutôt une comédie": French comedies; "war films over 150 minutes" →
 * "she's not up for 3 hours, under 2 hours?": war films under 2 hours). A person's films are a
 * pool of their own.
 */
const carries = ({ query: q, last }: ChatRequest) => !!last && hasRequest(q) && !q.person;

/** "like Heat, but newer": relative to the film named. */
function relativeToFilm(req: ChatRequest): Query {
  const q = req.query;
  const y = Number(req.seed!.release_date?.slice(0, 4));
  return { ...q, followUp: undefined, ...(q.followUp === 'newer' ? { yearFrom: y + 1 } : { yearTo: y - 1 }) };
}

/** A preference for older or newer films said in a request ("the older the better", "something newer"). */
const LEANS =
  /\bthe (?:older|newer|earlier|more recent|oldest|newest) the better\b|\b(?:something|ones?|films?|movies?|preferably|ideally) (?:a bit |a little )?(?:older|newer|more recent)\b/;

/** A request of its own (or the first of a conversation). */
export const newRequestTurn: Turn = {
  kind: 'new-request',
  matches: () => true,
  handle(req, ctx) {
    const q = req.query;
    if ((q.followUp === 'newer' || q.followUp === 'older') && req.seed)
      return serve({ ...req, query: relativeToFilm(req) }, ctx);
    // "too old" inside a first request ("she thinks she's too old for baby movies") is no follow-up;
    // decision 0131: "westerns, the older the better" leans older (a direction, no years ruled out).
    if (q.followUp && hasRequest({ ...q, followUp: undefined })) {
      const lean =
        LEANS.test(req.message.toLowerCase()) && typeof q.followUp === 'string' ? q.followUp : undefined;
      return serve(
        { ...req, query: { ...q, followUp: undefined, moodDirection: q.moodDirection ?? lean } },
        ctx,
      );
    }
    // "another" with nothing before it.
    if (q.followUp) return reply(req, say.CLARIFY);
    if (carries(req)) return serve({ ...req, query: ctx.merge(req.last!, q, 'new') }, ctx);
    return serve(req, ctx);
  },
};
