import { ErrorBody } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RateLimits } from '../../lib/rate-limit';
import type { TokenVerifier } from '../identity/token-verifier';
import type { ChatService } from './chat.service';

export const CHAT_MESSAGE_MAX = 1000;
export const CHAT_TOO_FAST = "You're sending messages too quickly. Please wait a moment and try again.";

export const ChatRequest = z.object({
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, { error: 'message must not be empty' })
    .max(CHAT_MESSAGE_MAX, { error: `message must be at most ${CHAT_MESSAGE_MAX} characters` }),
  conversation_id: z.string().uuid({ error: 'conversation_id must be a UUID' }).optional(),
});

export const ChatResponse = z
  .object({
    message: z.string().describe('Markdown'),
    conversation_id: z.string(),
    movies: z.array(
      z.object({
        id: z.number(),
        title: z.string(),
        release_date: z.string(),
        vote_average: z.number(),
        poster_path: z.string().nullable(),
      }),
    ),
    engine: z.enum(['offline', 'llm']),
  })
  .meta({ id: 'ChatResponse' });

export interface ChatLimits {
  perIpPerMinute: number;
  perUserPerMinute: number;
}

/** POST /api/chat/send: anonymous allowed; limited per IP and, when signed in, per user. */
export const chatRoutes =
  (
    service: ChatService,
    verifier: TokenVerifier | null,
    limits: ChatLimits = { perIpPerMinute: 20, perUserPerMinute: 30 },
    rateLimits: RateLimits = new RateLimits(),
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const minute = { durationSeconds: 60, message: CHAT_TOO_FAST };
    const byIp = rateLimits.create({ name: 'chat-ip', points: limits.perIpPerMinute, ...minute });
    const byUser = rateLimits.create({ name: 'chat-user', points: limits.perUserPerMinute, ...minute });
    app.post(
      '/send',
      {
        schema: {
          tags: ['chat'],
          summary: 'Send a chat message; get movie picks in markdown',
          body: ChatRequest,
          response: { 200: ChatResponse, 400: ErrorBody, 429: ErrorBody },
        },
      },
      async (req) => {
        // A valid token makes the conversation the user's; a missing or bad one means anonymous.
        let uid: string | null = null;
        const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
        if (m && verifier) {
          try {
            uid = (await verifier.verify(m[1]!)).uid;
          } catch {
            uid = null;
          }
        }
        await byIp.consume(req.ip);
        if (uid) await byUser.consume(uid);
        return service.send(req.body.message, req.body.conversation_id, uid);
      },
    );
  };
