import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ChatEngine, ChatMovie, ConversationState } from './chat-engine';
import { toChatMovie } from './chat-engine';
import type { LlmChat } from './llm-chat';

export const MAX_TURNS = 20;
export const CONVERSATION_TTL_MS = 2 * 60 * 60 * 1000;

interface Conversation extends ConversationState {
  owner: string | null;
  turns: { role: 'user' | 'assistant'; text: string }[];
}

export interface ChatReply {
  message: string;
  conversation_id: string;
  movies: ChatMovie[];
  engine: 'offline' | 'llm';
}

/**
 * Conversations live on the server, bounded: at most 20 turns each (older turns are dropped), gone
 * after 2 hours without a message, at most 10,000 kept. A conversation id only works for the
 * user (or anonymous visitor) who started it.
 */
export class ChatService {
  private readonly conversations = new LRUCache<string, Conversation>({
    max: 10_000,
    ttl: CONVERSATION_TTL_MS,
    updateAgeOnGet: true,
  });

  constructor(
    private readonly engine: ChatEngine,
    private readonly llm: LlmChat | null,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async send(text: string, conversationId: string | undefined, owner: string | null): Promise<ChatReply> {
    let id = conversationId;
    let convo = id ? this.conversations.get(id) : undefined;
    if (!convo || convo.owner !== owner) {
      id = randomUUID();
      convo = { owner, turns: [], suggested: [], lastPicks: [], lastIntent: null };
      this.conversations.set(id, convo);
    }
    convo.turns.push({ role: 'user', text });

    let reply: { message: string; picks: { movie: { id: number } }[] } | undefined;
    let engine: ChatReply['engine'] = 'offline';
    if (this.llm) {
      try {
        reply = await this.llm.answer(convo.turns, new Set(convo.suggested));
        engine = 'llm';
      } catch (err) {
        this.log.warn({ reason: (err as Error).message }, 'LLM chat unavailable; answering offline');
      }
    }
    const offline = reply ? null : await this.engine.answer(text, convo);
    if (offline) {
      reply = offline;
      if (offline.picks.length) convo.lastIntent = offline.intent;
    }
    const picks = reply!.picks.map((p) => this.engine.catalog.get(p.movie.id)!).filter(Boolean);
    if (picks.length) {
      convo.lastPicks = picks.map((m) => m.id);
      convo.suggested.push(...convo.lastPicks);
    }
    convo.turns.push({ role: 'assistant', text: reply!.message });
    if (convo.turns.length > MAX_TURNS) convo.turns.splice(0, convo.turns.length - MAX_TURNS);
    return { message: reply!.message, conversation_id: id!, movies: picks.map(toChatMovie), engine };
  }
}
