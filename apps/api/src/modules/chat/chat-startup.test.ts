import { CATALOG_VERSION, CatalogIndex, readCatalogFile, writeCatalogFiles } from '@app/catalog';
import { CHAT_WARMING_UP } from '@app/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncWorld } from '../../../test/fixtures/tmdb-sync-world';
import { trainChatVectorsApart } from '../catalog/children';
import { ChatEngine, chatVectorsCached } from './chat-engine';
import { ChatStartup } from './chat-startup';
import { chatRoutes } from './chat.routes';
import { ChatService } from './chat.service';

/**
 * A catalog past the size whose chat vectors are trained before the server listens (a million
 * films took 187 s, and the API neither listened nor stopped on SIGTERM meanwhile): trained once
 * listening, in a child process, and loaded from its file; nothing trained before the listen.
 * The limit is lowered to 0 here so that a small catalog counts as large.
 */
let dir: string;
let catalogPath: string;
let catalog: CatalogIndex;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chat-startup-'));
  catalogPath = join(dir, 'catalog.json');
  writeCatalogFiles(catalogPath, {
    version: CATALOG_VERSION,
    built_at: '2026-11-27T00:00:00.000Z',
    source: { package: 'test', integrity: 'test' },
    stats: { rows: 0, kept: 0, malformed: 0, duplicates: 0, adult: 0, untitled: 0, obsolete_genre_refs: 0 },
    movies: syncWorld().baseMovies,
  });
  catalog = new CatalogIndex(await readCatalogFile(catalogPath), { deferSearchIndex: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function startup(vectorsFile: string, over = catalog) {
  const logged: { msg: string; [k: string]: unknown }[] = [];
  const log = {
    info: (o: object, msg: string) => logged.push({ msg, ...o }),
    warn: (o: object, msg: string) => logged.push({ msg, ...o }),
  };
  const s: ChatStartup = new ChatStartup(
    (c = over) =>
      new ChatEngine(c, null, undefined, { vectorsFile, vectorsElsewhere: () => s.vectorsElsewhere }),
    log,
    0,
  );
  return { s, logged };
}

describe('the chat at start, with a catalog past the before-listen size', () => {
  it('trains nothing before listening; once listening, its vectors in a child, then answers from them', async () => {
    const vectorsFile = join(dir, 'first.bin');
    const { s, logged } = startup(vectorsFile);
    expect(s.warmingUp).toBe(false);
    s.prepareIndexes(catalog, vectorsFile);
    expect(existsSync(vectorsFile)).toBe(false);
    expect(s.warmingUp).toBe(true);
    let apart = 0;
    await s.prepare({
      answerOnce: true,
      vectorsFile,
      trainApart: () => (apart++, trainChatVectorsApart(catalogPath, vectorsFile)),
    });
    expect(apart).toBe(1);
    expect(s.warmingUp).toBe(false);
    expect(chatVectorsCached(catalog, vectorsFile)).toBe(true);
    const ready = logged.find((l) => l.msg === 'chat ready');
    expect(ready).toMatchObject({
      vectorsTrainedApartMs: expect.any(Number),
      retrievalMs: expect.any(Number),
      answerMs: expect.any(Number),
    });
    const answer = await s.get().answer('an adventure', { suggested: [], lastPicks: [], lastIntent: null });
    expect(answer.picks.length).toBeGreaterThan(0);
  }, 120_000);

  it('answers meanwhile without the vectors, never training them itself; and without them for good when the child fails', async () => {
    const vectorsFile = join(dir, 'meanwhile.bin');
    // A catalog of its own: engines over one catalog share the vectors the first test loaded.
    const own = new CatalogIndex(await readCatalogFile(catalogPath), { deferSearchIndex: true });
    const { s, logged } = startup(vectorsFile, own);
    let release!: (ok: boolean) => void;
    const held = new Promise<boolean>((r) => (release = r));
    const prepared = s.prepare({
      answerOnce: false,
      vectorsFile,
      trainApart: async () => {
        if (!(await held)) throw new Error('the child exited with 1');
      },
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(s.vectorsElsewhere).toBe(true);
    const answer = await s.get().answer('an adventure', { suggested: [], lastPicks: [], lastIntent: null });
    expect(answer.picks.length).toBeGreaterThan(0);
    expect(s.get().semantic()).toBeNull();
    expect(existsSync(vectorsFile)).toBe(false);
    release(false);
    await prepared;
    expect(logged.map((l) => l.msg)).toContain('chat: its vectors could not be trained');
    expect(s.vectorsElsewhere).toBe(true);
    expect(s.get().semantic()).toBeNull();
    expect(existsSync(vectorsFile)).toBe(false);
  });

  it('does not train again when its vectors are cached for this catalog', async () => {
    const vectorsFile = join(dir, 'first.bin');
    expect(chatVectorsCached(catalog, vectorsFile)).toBe(true);
    const { s } = startup(vectorsFile);
    let apart = 0;
    await s.prepare({ answerOnce: false, vectorsFile, trainApart: async () => void apart++ });
    expect(apart).toBe(0);
  });
});

describe('POST /api/chat/send while the chat warms up', () => {
  it('answers 503 at once with a message and Retry-After, then answers as usual', async () => {
    const { s } = startup(join(dir, 'first.bin'));
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    let warming = true;
    const service = new ChatService(s.get(), null, { warn: () => {} });
    await app.register(
      chatRoutes(service, null, undefined, undefined, () => warming),
      { prefix: '/api/chat' },
    );
    const send = () =>
      app.inject({ method: 'POST', url: '/api/chat/send', payload: { message: 'an adventure' } });
    const early = await send();
    expect([early.statusCode, early.json(), early.headers['retry-after']]).toEqual([
      503,
      { message: CHAT_WARMING_UP },
      '60',
    ]);
    warming = false;
    const later = await send();
    expect(later.statusCode).toBe(200);
    expect(later.json().movies.length).toBeGreaterThan(0);
    await app.close();
  });
});
