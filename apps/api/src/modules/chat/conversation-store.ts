import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { ConversationState } from './chat-engine';

export const CONVERSATION_TTL_MS = 2 * 60 * 60 * 1000;

export interface Conversation extends ConversationState {
  owner: string | null;
  turns: { role: 'user' | 'assistant'; text: string }[];
}

/** Where conversations live between messages: 2 hours after the last one, then gone. */
export interface ConversationStore {
  get(id: string): Promise<Conversation | undefined>;
  set(id: string, conversation: Conversation): Promise<void>;
}

/** In process (one API instance): at most 10,000 conversations, least recently used dropped first. */
export class MemoryConversationStore implements ConversationStore {
  private readonly cache = new LRUCache<string, Conversation>({
    max: 10_000,
    ttl: CONVERSATION_TTL_MS,
    updateAgeOnGet: true,
  });

  async get(id: string) {
    return this.cache.get(id);
  }

  async set(id: string, conversation: Conversation) {
    this.cache.set(id, conversation);
  }
}

/**
 * In Redis (`REDIS_URL`), so a conversation continues on whichever instance answers next. While
 * Redis is unreachable the in-process store stands in: a conversation may lose its context, the
 * chat keeps answering.
 */
export class RedisConversationStore implements ConversationStore {
  private readonly fallback = new MemoryConversationStore();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  private key(id: string) {
    return `${this.prefix}:chat:${id}`;
  }

  async get(id: string) {
    try {
      const json = await this.redis.get(this.key(id));
      return json ? (JSON.parse(json) as Conversation) : this.fallback.get(id);
    } catch (err) {
      this.log.warn({ reason: (err as Error).message }, 'conversation read from Redis failed');
      return this.fallback.get(id);
    }
  }

  async set(id: string, conversation: Conversation) {
    try {
      await this.redis.set(this.key(id), JSON.stringify(conversation), 'PX', CONVERSATION_TTL_MS);
    } catch (err) {
      this.log.warn({ reason: (err as Error).message }, 'conversation write to Redis failed');
      await this.fallback.set(id, conversation);
    }
  }
}
