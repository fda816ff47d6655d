import { randomUUID } from 'node:crypto';
import type { ChatEngine, ChatMovie } from './chat-engine';
import { toChatMovie } from './chat-engine';
import { MemoryConversationStore, type ConversationStore } from './conversation-store';
import type { LlmChat } from './llm-chat';

export const MAX_TURNS = 20;

export interface ChatReply {
  message: string;
  conversation_id: string;
  movies: ChatMovie[];
  engine: 'offline' | 'llm';
}

/**
 * Conversations live on the server (in process, or in Redis when configured), bounded: at most 20
 * turns each (older turns are dropped), gone after 2 hours without a message. A conversation id
 * only works for the user (or anonymous visitor) who started it.
 */
export class ChatService {
  constructor(
    private readonly engine: ChatEngine,
    private readonly llm: LlmChat | null,
    private readonly log: { warn(obj: object, msg: string): void },
    private readonly conversations: ConversationStore = new MemoryConversationStore(),
    /**
     * The films a signed-in user has seen by their account (watched, liked, rated, logged): never
     * offered to them (a reviewer asked for "something I have not seen" and got films they had
     * liked and watched). Read at each message, so a film marked a minute ago counts.
     */
    private readonly seenBy: ((uid: string) => Promise<ReadonlySet<number>>) | null = null,
  ) {}

  /** What the user has seen, or nothing (anonymous; or the library could not be read: the chat still answers). */
  private async seen(owner: string | null): Promise<ReadonlySet<number>> {
    if (!owner || !this.seenBy) return new Set();
    try {
      return await this.seenBy(owner);
    } catch (err) {
      this.log.warn({ reason: (err as Error).message }, "chat: the user's seen films could not be read");
      return new Set();
    }
  }

  async send(text: string, conversationId: string | undefined, owner: string | null): Promise<ChatReply> {
    let id = conversationId;
    let convo = id ? await this.conversations.get(id) : undefined;
    if (!convo || convo.owner !== owner) {
      id = randomUUID();
      convo = { owner, turns: [], suggested: [], lastPicks: [], lastIntent: null, lastSeed: null };
    }
    convo.turns.push({ role: 'user', text });
    const seen = await this.seen(owner);

    let reply: { message: string; picks: { movie: { id: number } }[] } | undefined;
    let engine: ChatReply['engine'] = 'offline';
    if (this.llm) {
      try {
        reply = await this.llm.answer(convo.turns, new Set([...convo.suggested, ...seen]));
        engine = 'llm';
      } catch (err) {
        this.log.warn({ reason: (err as Error).message }, 'LLM chat unavailable; answering offline');
      }
    }
    const offline = reply ? null : await this.engine.answer(text, convo, seen);
    convo.offered = offline?.offered && !offline.picks.length ? offline.offered.id : null;
    if (offline) {
      reply = offline;
      convo.lastRemembered = !offline.picks.length && !!offline.remembered;
      if (offline.picks.length) {
        convo.lastIntent = { ...offline.intent, like: undefined, alsoLike: undefined };
        convo.lastSeed = offline.seed?.id ?? null;
        // The film the user named is never offered back to them.
        if (offline.seed && !convo.suggested.includes(offline.seed.id)) convo.suggested.push(offline.seed.id);
      } else if (offline.remembered) {
        // "leonardo dicaprio films", offline: no films, but "only the ones before 2005" narrows it.
        convo.lastIntent = { ...offline.intent, like: undefined, alsoLike: undefined };
        convo.lastSeed = null;
      } else if (offline.offered) {
        // "then something like it": like the film offered for the one the catalog lacks.
        // (Years typed were the missing title's own: "blade runner 2049".)
        convo.lastIntent = { ...offline.intent, like: undefined, yearFrom: undefined, yearTo: undefined };
        convo.lastSeed = offline.offered.id;
        convo.lastPicks = [offline.offered.id];
      }
    }
    const picks = reply!.picks.map((p) => this.engine.catalog.get(p.movie.id)!).filter(Boolean);
    if (picks.length) {
      convo.lastPicks = picks.map((m) => m.id);
      convo.suggested.push(...convo.lastPicks);
    }
    convo.turns.push({ role: 'assistant', text: reply!.message });
    if (convo.turns.length > MAX_TURNS) convo.turns.splice(0, convo.turns.length - MAX_TURNS);
    await this.conversations.set(id!, convo);
    return { message: reply!.message, conversation_id: id!, movies: picks.map(toChatMovie), engine };
  }
}
