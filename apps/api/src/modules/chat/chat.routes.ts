import { CHAT_TOO_FAST, CHAT_WARMING_UP, ChatRequest, ChatResponse, ErrorBody } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RateLimits } from '../../lib/rate-limit';
import type { TokenVerifier } from '../identity/token-verifier';
import type { ChatService } from './chat.service';

// The chat's shapes and messages live in @app/contracts.
export { CHAT_TOO_FAST } from '@app/contracts';

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
    /**
     * True while the chat still indexes a large catalog after a start (`ChatStartup.warmingUp`):
     * a message is then answered 503 at once instead of building those indexes in one task, which
     * would hold every other request (30 s at a million films).
     */
    warmingUp: () => boolean = () => false,
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
          response: { 200: ChatResponse, 400: ErrorBody, 429: ErrorBody, 503: ErrorBody },
        },
      },
      async (req, reply) => {
        if (warmingUp()) {
          void reply.header('retry-after', '60').code(503);
          return { message: CHAT_WARMING_UP };
        }
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
