import { phrasesFor } from '../reply-language';
import { reply } from '../request';
import * as say from '../wording';
import type { Turn } from './turn';

/** A greeting gets a short greeting, a thank-you a "you're welcome" (unless a follow-up comes with it). */
export const greetingTurn: Turn = {
  kind: 'greeting',
  matches: (req) => (req.query.social === 'greeting' || req.query.social === 'thanks') && !req.query.followUp,
  handle: (req) => {
    // In the message's language (decision 0134).
    const phrases = phrasesFor(req.query.lang);
    const thanks = req.query.social === 'thanks';
    return reply(req, thanks ? (phrases?.thanks ?? say.THANKS) : (phrases?.greeting ?? say.GREETING));
  },
};
