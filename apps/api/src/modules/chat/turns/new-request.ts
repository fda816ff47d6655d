import { reply, type ChatRequest } from '../request';
import { hasRequest, type Query } from '../understand/query';
import * as say from '../wording';
import { serve } from './serve';
import type { Turn } from './turn';

/**
 * A message that asks for "something …" (or "anything …") with no noun of its own: it goes on
 * from the conversation's last request rather than starting afresh.
 */
const SOMETHING_ELSE =
  /^\s*(?:(?:and|ok|okay|now|then|maybe|how about|what about)[\s,]+)*(?:something|anything)\b/i;

/**
 * "something funny" after "a Spanish-language film": a new request (its own genres and moods), in
 * the language the conversation asked for (a person-judged conversation, session 41). Only the
 * language holds: what the films are about is the new message's.
 */
const keepsLanguage = ({ query: q, last, message }: ChatRequest) =>
  hasRequest(q) &&
  !!last &&
  last.languages.length > 0 &&
  q.languages.length === 0 &&
  !q.like &&
  !q.person &&
  !q.namesFilms &&
  SOMETHING_ELSE.test(message);

/** "like Heat, but newer": relative to the film named. */
function relativeToFilm(req: ChatRequest): Query {
  const q = req.query;
  const y = Number(req.seed!.release_date?.slice(0, 4));
  return { ...q, followUp: undefined, ...(q.followUp === 'newer' ? { yearFrom: y + 1 } : { yearTo: y - 1 }) };
}

/** A request of its own (or the first of a conversation). */
export const newRequestTurn: Turn = {
  kind: 'new-request',
  matches: () => true,
  handle(req, ctx) {
    const q = req.query;
    if ((q.followUp === 'newer' || q.followUp === 'older') && req.seed)
      return serve({ ...req, query: relativeToFilm(req) }, ctx);
    // "too old" inside a first request ("she thinks she's too old for baby movies") is no follow-up.
    if (q.followUp && hasRequest({ ...q, followUp: undefined }))
      return serve({ ...req, query: { ...q, followUp: undefined } }, ctx);
    // "another" with nothing before it.
    if (q.followUp) return reply(req, say.CLARIFY);
    if (keepsLanguage(req)) return serve({ ...req, query: { ...q, languages: req.last!.languages } }, ctx);
    return serve(req, ctx);
  },
};
