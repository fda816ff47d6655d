import { CatalogIndex, ensureCatalogFile, silentProgress } from '@app/catalog';
import { join } from 'node:path';
import { beforeAll } from 'vitest';
import { ChatEngine, type ConversationState } from '../../src/modules/chat/chat-engine';
import { ChatService } from '../../src/modules/chat/chat.service';
import { DATASET_TARBALL, TEST_CATALOG_DIR } from './paths';

let cached: Promise<CatalogIndex> | undefined;

/** The full offline catalog (45k movies), shared by the tests of one worker. */
export function fullCatalog(): Promise<CatalogIndex> {
  cached ??= ensureCatalogFile({
    dataDir: TEST_CATALOG_DIR,
    tarball: DATASET_TARBALL,
    progress: silentProgress,
  }).then((f) => new CatalogIndex(f));
  return cached;
}

/** A new conversation's state, as the chat service starts one. */
export const freshConversation = (): ConversationState => ({
  suggested: [],
  lastPicks: [],
  lastIntent: null,
  lastSeed: null,
});

let engineMade: Promise<{ catalog: CatalogIndex; engine: ChatEngine }> | undefined;

/**
 * The full catalog and a chat engine over it (its vectors from the test catalog's cache file),
 * made once per worker like the catalog: an engine keeps no conversation (a conversation's state
 * is passed to each answer), and what it builds on first use (the keyword index, the speller, the
 * semantic and title indexes) depends on the catalog alone, so the files share it instead of each
 * building its own (docs/testing.md). A test that spies on or configures an engine makes its own.
 */
export function chatOverFullCatalog(): Promise<{ catalog: CatalogIndex; engine: ChatEngine }> {
  engineMade ??= fullCatalog().then((catalog) => {
    const vectorsFile = join(TEST_CATALOG_DIR, 'catalog', 'chat-vectors.bin');
    return { catalog, engine: new ChatEngine(catalog, null, undefined, { vectorsFile }) };
  });
  return engineMade;
}

/**
 * A test file's chat engine over the full catalog, made once before its tests (a vitest
 * `beforeAll`): `engine` and `catalog` once made, `ask` (one message in a new conversation: its
 * reply and films) and `answer` (the engine's whole answer to one message in a new conversation).
 */
export function chatSuite() {
  let made: { catalog: CatalogIndex; engine: ChatEngine } | undefined;
  beforeAll(async () => {
    made = await chatOverFullCatalog();
  }, 120_000);
  const get = () => {
    if (!made) throw new Error('chatSuite: the engine is made before the first test');
    return made;
  };
  return {
    get catalog() {
      return get().catalog;
    },
    get engine() {
      return get().engine;
    },
    ask: (message: string) => askFresh(get().engine, get().catalog, message),
    answer: (message: string) => get().engine.answer(message, freshConversation()),
    /** A conversation through the chat service: every reply, with its films. */
    conversation: (...messages: string[]) => everyReply(get().engine, get().catalog, messages),
  };
}

/** Plays a conversation through the chat service over `engine`; every reply, its films from `catalog`. */
export async function everyReply(engine: ChatEngine, catalog: CatalogIndex, messages: readonly string[]) {
  const service = new ChatService(engine, null, { warn() {} });
  const replies = [];
  let id: string | undefined;
  for (const m of messages) {
    const r = await service.send(m, id, null);
    id = r.conversation_id;
    replies.push({ ...r, films: r.movies.map((x) => catalog.get(x.id)!) });
  }
  return replies;
}

/** One message to `engine` in a new conversation: its reply and its films from `catalog`. */
export async function askFresh(engine: ChatEngine, catalog: CatalogIndex, message: string) {
  const a = await engine.answer(message, freshConversation());
  return { message: a.message, picks: a.picks.map((p) => catalog.get(p.movie.id)!) };
}

/**
 * Plays a conversation through the chat service over `engine` (a conversation as the site keeps
 * it); the last reply, its films from `catalog`, and the ids each turn showed.
 */
export async function playConversation(engine: ChatEngine, catalog: CatalogIndex, messages: string[]) {
  const service = new ChatService(engine, null, { warn() {} });
  const shown: number[][] = [];
  let id: string | undefined;
  let last: Awaited<ReturnType<ChatService['send']>> | undefined;
  for (const m of messages) {
    last = await service.send(m, id, null);
    id = last.conversation_id;
    shown.push(last.movies.map((x) => x.id));
  }
  return { message: last!.message, movies: last!.movies.map((x) => catalog.get(x.id)!), shown };
}
