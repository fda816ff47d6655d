import { phrasesFor } from '../reply-language';
import { reply } from '../request';
import * as say from '../wording';
import type { Turn } from './turn';

/**
 * Off-topic: a short redirect without films. In a conversation, a message nothing could be read in
 * is taken as a try at steering the list, not as off-topic ("they're around 13, so nothing too
 * extreme").
 */
export const offTopicTurn: Turn = {
  kind: 'off-topic',
  matches: (req) => req.query.social === 'off-topic',
  handle: (req) =>
    reply(
      req,
      req.query.rebuked
        ? say.REBUKED
        : req.query.unreadLanguage
          ? say.LANGUAGES_READ
          : req.query.unread && req.last
            ? say.STEER
            : (phrasesFor(req.query.lang)?.offTopic ?? say.OFF_TOPIC),
    ),
};
