import { sql } from 'kysely';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, mapDatabaseError } from '../lib/db-errors';
import { PGLITE_SETTINGS, migrateToLatest, openDatabase, schemaIsCurrent, type Database } from './database';
import { migrations } from './migrations/index';
import { PGliteWorker } from './pglite-worker-client';
import { expectTransactionsIsolated } from '../../test/helpers/transactions';

// The embedded database in its worker thread (decision 0042), as the API runs it: the same
// answers, errors and transactions as PGlite in process, on a data directory that either opens.
describe('PGlite in a worker thread', () => {
  let dir: string;
  let db: Database;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pglite-worker-'));
    db = await openDatabase({ dataDir: dir, inWorker: true });
    expect(db.pglite).toBeUndefined();
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('migrates an empty database, then finds it current', async () => {
    expect(await schemaIsCurrent(db.db)).toBe(false);
    expect(await migrateToLatest(db.db)).toEqual(Object.keys(migrations));
    expect(await schemaIsCurrent(db.db)).toBe(true);
  }, 120_000);

  it('returns rows as PGlite parses them, and keeps PostgreSQL error fields', async () => {
    await db.db
      .insertInto('movies')
      .values({ tmdb_id: 155, title: 'The Dark Knight', vote_average: 8.3 } as never)
      .execute();
    const rows = await db.db.selectFrom('movies').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.title).toBe('The Dark Knight');
    expect(rows[0]!.created_at).toBeInstanceOf(Date);
    const dup = await db.db
      .insertInto('movies')
      .values({ tmdb_id: 155, title: 'Again', vote_average: 1 } as never)
      .execute()
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(dup).toBeInstanceOf(Error);
    expect((dup as { code?: string }).code).toBe('23505');
    expect(typeof (dup as { constraint?: string }).constraint).toBe('string');
    expect(isDatabaseUnavailable(dup)).toBe(false);
    // Parameters and values of several types cross both ways.
    const r = await sql<{ a: number; b: string; c: Date; d: Uint8Array; e: { k: number[] }; f: null }>`
      select ${41}::int + 1 as a, ${'é'}::text as b, ${new Date('2024-01-02T03:04:05Z')}::timestamptz as c,
        ${new Uint8Array([1, 2, 255])}::bytea as d, ${JSON.stringify({ k: [1, 2] })}::jsonb as e, null as f`.execute(
      db.db,
    );
    expect(r.rows[0]!.a).toBe(42);
    expect(r.rows[0]!.b).toBe('é');
    expect(r.rows[0]!.c.toISOString()).toBe('2024-01-02T03:04:05.000Z');
    expect([...r.rows[0]!.d]).toEqual([1, 2, 255]);
    expect(r.rows[0]!.e).toEqual({ k: [1, 2] });
    expect(r.rows[0]!.f).toBeNull();
    const del = await db.db.deleteFrom('movies').where('tmdb_id', '=', 155).executeTakeFirst();
    expect(Number(del.numDeletedRows)).toBe(1);
  });

  it('runs transactions one at a time and rolls back on error', async () => {
    await expectTransactionsIsolated(db);
  });

  it('leaves a data directory that PGlite in process opens with the same rows', async () => {
    await db.close();
    const inProcess = await openDatabase({ dataDir: dir });
    try {
      expect(inProcess.pglite).toBeDefined();
      expect(await schemaIsCurrent(inProcess.db)).toBe(true);
      const ids = (
        await inProcess.db.selectFrom('movies').select('tmdb_id').orderBy('tmdb_id').execute()
      ).map((r) => r.tmdb_id);
      expect(ids).toEqual([2, 3, 4]);
    } finally {
      await inProcess.close();
    }
    db = await openDatabase({ dataDir: dir, inWorker: true });
    expect(await db.db.selectFrom('movies').select('tmdb_id').execute()).toHaveLength(3);
  }, 120_000);

  it('makes a new data directory in a child process, and says clearly when it cannot', async () => {
    // beforeAll opened a new directory: PGlite's cluster is there, made by pglite-create.mjs.
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    const bad = mkdtempSync(join(tmpdir(), 'pglite-create-bad-'));
    try {
      // A file where PostgreSQL's global directory goes: initdb cannot make the cluster.
      writeFileSync(join(bad, 'global'), 'x');
      await expect(openDatabase({ dataDir: bad, inWorker: true })).rejects.toThrow(
        `Could not create the embedded database in ${bad}: `,
      );
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  }, 120_000);

  it('fails every query as "unavailable" once its worker is gone, and says so once', async () => {
    const stops: Error[] = [];
    // A start that fails (the data directory is a file) is a rejected start, not a hang.
    const file = join(mkdtempSync(join(tmpdir(), 'pglite-worker-file-')), 'not-a-dir');
    writeFileSync(file, 'x');
    await expect(
      PGliteWorker.start({
        dataDir: file,
        settings: PGLITE_SETTINGS,
        onExit: (err) => stops.push(err),
      }),
    ).rejects.toBeInstanceOf(Error);
    rmSync(dirname(file), { recursive: true, force: true });
    const dead = mkdtempSync(join(tmpdir(), 'pglite-worker-dead-'));
    try {
      const worker = await PGliteWorker.start({
        dataDir: dead,
        settings: PGLITE_SETTINGS,
        onExit: (err) => stops.push(err),
      });
      expect((await worker.query<{ x: number }>('select 1 as x')).rows).toEqual([{ x: 1 }]);
      const inFlight = worker.query('select pg_sleep(5)');
      await worker['worker'].terminate();
      const err = await inFlight.then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(mapDatabaseError(err)?.statusCode).toBe(503);
      await expect(worker.query('select 1')).rejects.toMatchObject({ code: '57P03' });
      expect(stops).toHaveLength(1);
      await worker.close();
    } finally {
      rmSync(dead, { recursive: true, force: true });
    }
  }, 120_000);
});
