import type { CatalogIndex } from '@app/catalog';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullCatalog } from '../../../test/helpers/catalog';
import { freshPglite, insertUsers } from '../../../test/helpers/db';
import { bigDiary, fixture } from '../../../test/helpers/import-fixtures';
import type { Database } from '../../db/database';
import { registerErrorHandling } from '../../lib/error-handler';
import type { TokenVerifier } from '../identity/token-verifier';
import { ExportService } from './export.service';
import { IMPORT_MESSAGES, ImportService } from './import.service';
import { SharingService } from './sharing.service';
import { TransferRepository } from './transfer.repository';
import {
  PREVIEW_READER_RETRY_SECONDS,
  PREVIEW_TIMEOUT_RETRY_SECONDS,
  transferRoutes,
  type TransferServices,
} from './transfer.routes';

/**
 * The preview route on a busy machine (the fuzz test met a 5 s hang at load 17): the import
 * thread's start and the catalog's titles took 10-18 s of CPU there on the first upload. Whatever
 * the machine's load, an upload is answered in bounded time: a 503 with Retry-After and a message
 * while the thread starts (nothing counted against the account's uploads), a 503 when its time
 * runs out (the preview then stops and keeps nothing), never a 500 or an empty answer.
 */

/** Signed in as the token's user: the route's lifecycle is under test here, not the sign-in. */
const verifier = {
  verify: async (token: string) => ({ uid: token, email: `${token}@example.com`, emailVerified: true }),
  sessionCheck: async () => ({ active: true }),
  sessionVouchesForAccount: true,
} as unknown as TokenVerifier;

describe('the import preview on a busy machine', () => {
  let db: Database;
  let catalog: CatalogIndex;
  const closing: { close(): Promise<void> }[] = [];
  const ratings = new Uint8Array(fixture('letterboxd/ratings.csv'));

  /** The transfer routes alone over `catalog`, as the app mounts them. */
  async function appWith(
    over: CatalogIndex,
    options: Partial<TransferServices>,
  ): Promise<{ app: FastifyInstance; imports: ImportService }> {
    const repo = new TransferRepository(db.db);
    const imports = new ImportService(repo, over, () => ({ poster_path: null, backdrop_path: null }), log());
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(
      transferRoutes(
        {
          imports,
          exports: new ExportService(repo),
          sharing: new SharingService(repo),
          accountExists: async () => true,
          ...options,
        },
        verifier,
      ),
      { prefix: '/api/user' },
    );
    closing.push(app, imports);
    // Over HTTP, as a browser sends it: an upload's request ends ('close') once its body is read,
    // which in-process injection does not show (Fastify's handlerTimeout stopped counting there).
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, imports };
  }
  const log = () => Fastify({ logger: false }).log;

  const upload = async (app: FastifyInstance, user: string, bytes: Uint8Array, name: string) => {
    const { port } = app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/user/import/preview?name=${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user}`, 'content-type': 'text/csv' },
      body: bytes as unknown as BodyInit,
    });
    const body = await res.text();
    return {
      statusCode: res.status,
      headers: { 'retry-after': res.headers.get('retry-after') },
      body,
      json: () => JSON.parse(body),
    };
  };

  const rowsOf = async (table: 'import_previews' | 'import_uploads', user: string) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where user_id = ${user}`.execute(db.db)
    ).rows[0]!.n;

  beforeAll(async () => {
    catalog = await fullCatalog();
    db = await freshPglite();
    await insertUsers(db, ['ann', 'ben']);
  }, 120_000);
  afterAll(async () => {
    for (const c of closing.reverse()) await c.close();
    await db?.close();
  });

  it('while the import thread is starting, an upload is a 503 to retry, at once, and does not count against the account', async () => {
    // A catalog the thread has not been given (as after a sync, or just after start): giving it
    // takes at least a round trip to the thread, so without a wait the thread is not ready.
    const fresh = Object.create(catalog, {
      byId: { value: new Map([...catalog.byId.values()].slice(0, 3000).map((m) => [m.id, m])) },
    }) as CatalogIndex;
    const { app, imports } = await appWith(fresh, {
      readerWaitMs: 0,
      previewLimit: { points: 1, durationSeconds: 600 },
    });
    // Answered without waiting for the thread (which would have read it: a 200).
    const busy = await upload(app, 'ann', ratings, 'ratings.csv');
    expect(busy.statusCode, busy.body).toBe(503);
    expect(busy.headers['retry-after']).toBe(String(PREVIEW_READER_RETRY_SECONDS));
    expect(busy.json()).toEqual({ message: IMPORT_MESSAGES.readerStarting });
    expect(await rowsOf('import_uploads', 'ann')).toBe(0);

    // The upload started the thread: once it holds the catalog, the same upload is read (the
    // account's one upload of this window was not spent on the 503).
    for (let i = 0; i < 600 && !(await imports.readerReady(100)); i++);
    const read = await upload(app, 'ann', ratings, 'ratings.csv');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().rows).toBeGreaterThan(0);
  });

  it('a preview that outlives its time is a 503 to retry, and stops without keeping anything', async () => {
    const { app, imports } = await appWith(catalog, { previewTimeoutMs: 1 });
    // The thread holds this catalog first: the time limit, not the start, is under test here.
    for (let i = 0; i < 600 && !(await imports.readerReady(100)); i++);
    // Five thousand viewings: reading and matching them (a claim, a sweep, a round trip to the
    // thread) takes far longer than a millisecond anywhere.
    const films = [...catalog.byId.values()]
      .filter((m) => m.release_date)
      .slice(0, 2000)
      .map((m) => ({ title: m.title, year: m.release_date!.slice(0, 4) }));
    const res = await upload(app, 'ben', new TextEncoder().encode(bigDiary(films, 5_000)), 'diary.csv');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(503);
    expect(res.headers['retry-after']).toBe(String(PREVIEW_TIMEOUT_RETRY_SECONDS));
    expect(res.json()).toEqual({ message: IMPORT_MESSAGES.tooSlow });
    // The preview goes on in the background until it sees it was given up: then it releases the
    // account's upload and keeps no preview.
    for (let i = 0; i < 1200 && (await rowsOf('import_uploads', 'ben')) > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await rowsOf('import_uploads', 'ben')).toBe(0);
    expect(await rowsOf('import_previews', 'ben')).toBe(0);
  });
});
