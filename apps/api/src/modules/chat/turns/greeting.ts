import { reply } from '../request';
import * as say from '../wording';
import type { Turn } from './turn';

/** A greeting gets a short greeting, a thank-you a "you're welcome" (unless a follow-up comes with it). */
export const greetingTurn: Turn = {
  kind: 'greeting',
  matches: (req) => (req.query.social === 'greeting' || req.query.social === 'thanks') && !req.query.followUp,
  handle: (req) => reply(req, req.query.social === 'thanks' ? say.THANKS : say.GREETING),
};
