import type { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from 'kysely';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { migrations } from './migrations/index';
import { PGlitePool, type QueueDb } from './pglite-pool';
import { PGliteWorker } from './pglite-worker-client';
import type { DatabaseSchema } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: PostgresDialect;
  kind: DatabaseKind;
  /** The embedded engine, when embedded (tests snapshot it). */
  pglite?: PGlite;
  /** The same database for a queue library's SQL (pg-boss: decision 0090). */
  queue?: QueueDb;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; when absent (and no url), an in-memory database. */
  dataDir?: string;
  /** PGlite only: start from a dumped data dir (tests). */
  snapshot?: Blob;
  /**
   * PGlite with a dataDir only: run it in a worker thread (decision 0042), so its start and its
   * queries leave the main thread. `pglite` is then absent. `onWorkerExit` is told if the worker
   * stops without being closed (every query then fails with a 503).
   */
  inWorker?: boolean;
  onWorkerExit?: (err: Error) => void;
  /** pg pool size. */
  maxConnections?: number;
  /**
   * Told when the server drops a pooled connection, idle or in use (a restart, a failover, an
   * administrator). The query in flight fails (503), the pool discards the connection and opens a
   * new one on next use; without a listener pg would crash the process.
   */
  onConnectionError?: (err: Error) => void;
  /**
   * How long a request waits for a connection before it fails (503); 5 s by default: opening one
   * on a busy host (a backend forked, SCRAM's hashing) took over 2 s at load 15 (decision 0158).
   */
  connectTimeoutMs?: number;
}

const execFileAsync = promisify(execFile);

// PostgreSQL's numeric types come back as strings from pg; our schema uses integer and real only,
// but COUNT(*) is bigint: parse it as a number (counts here never exceed 2^53).
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * PostgreSQL settings added to PGlite's own start parameters: a smaller buffer cache, since
 * PostgreSQL's default 128 MB of shared buffers lives inside the WebAssembly memory, which never
 * shrinks, and this database (accounts and libraries) is small. 16 MB keeps the API about 120 MB
 * lighter. PGlite's module is loaded only where PGlite runs (in process, or in its worker: the
 * main thread then never loads it; decision 0042).
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'work_mem=2MB'];

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.maxConnections ?? 10,
      // Two connections stay open when idle, so a request after a quiet spell does not pay for a
      // new one (decision 0158); the rest close after pg's 10 s idle.
      min: 2,
      // While the server is down or every connection is busy, fail instead of queueing forever. A
      // refused connection (the server stopped) fails at once; this bounds an unreachable host.
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
      // Notice a server that vanished without closing the socket (a host gone, a cable pulled).
      keepAlive: true,
    });
    const onError = (err: Error) => opts.onConnectionError?.(err);
    // pg-pool listens on idle clients only; a client that is checked out (mid-query, mid-transaction)
    // emits 'error' with no listener when the server terminates it (57P01) and Node would exit.
    // Every client gets a listener of its own for its whole life; the query in flight rejects, and
    // the pool drops the broken client when it is released.
    pool.on('connect', (client) => client.on('error', onError));
    // The pool re-emits an idle client's error, already reported by that client's listener above;
    // an 'error' event with no listener at all would throw.
    pool.on('error', () => {});
    const dialect = new PostgresDialect({ pool });
    const db = new Kysely<DatabaseSchema>({ dialect });
    const queue: QueueDb = { executeSql: (text, values) => pool.query(text, values) };
    return { db, dialect, kind: 'postgres', queue, close: () => db.destroy() };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  if (opts.inWorker && opts.dataDir && !opts.snapshot) {
    // A new data directory is made by a child process of its own (decision 0046). PGlite 0.5
    // runs initdb as a second WebAssembly module beside PostgreSQL's, and the memory that making
    // the cluster takes stayed in our process: a first start served with ~700 MB RSS at ready and
    // ~50 MB more after load than any later start (a worker thread that ended gave back only part
    // of it). A process's memory returns whole when it exits; the serving worker then opens the
    // directory as a warm start does.
    if (!existsSync(join(opts.dataDir, 'PG_VERSION'))) await createPgliteDir(opts.dataDir);
    const worker = await PGliteWorker.start({
      dataDir: opts.dataDir,
      settings: PGLITE_SETTINGS,
      ...(opts.onWorkerExit ? { onExit: opts.onWorkerExit } : {}),
    });
    const pool = new PGlitePool(worker);
    const dialect = new PostgresDialect({ pool });
    const db = new Kysely<DatabaseSchema>({ dialect });
    return {
      db,
      dialect,
      kind: 'pglite',
      queue: pool,
      close: async () => {
        await db.destroy();
        await worker.close();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.snapshot ? { loadDataDir: opts.snapshot } : {}),
  });
  const pool = new PGlitePool(pglite);
  const dialect = new PostgresDialect({ pool });
  const db = new Kysely<DatabaseSchema>({ dialect });
  return {
    db,
    dialect,
    kind: 'pglite',
    pglite,
    queue: pool,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** Runs pglite-create.mjs in a child process: a new data directory, made, closed and left. */
async function createPgliteDir(dataDir: string): Promise<void> {
  const script = join(import.meta.dirname, 'pglite-create.mjs');
  try {
    // Baseline-compiled, as the API's own PostgreSQL is (decision 0045): half the compile time.
    const args = ['--liftoff-only', script, dataDir, JSON.stringify(PGLITE_SETTINGS)];
    await execFileAsync(process.execPath, args, {
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    const e = err as Error & { stderr?: string };
    const why = e.stderr?.trim().split('\n').pop() || e.message;
    throw new Error(`Could not create the embedded database in ${dataDir}: ${why}`);
  }
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Whether every migration we know is already recorded, and nothing else: two small queries (one when
 * the table is missing). Kysely's migrator answers the same question with a dozen (table checks through
 * the catalog, its lock table, a transaction holding the lock), which on a warm start of the
 * embedded database cost 270–440 ms of CPU for nothing (decision 0037).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function schemaIsCurrent(db: Kysely<any>): Promise<boolean> {
  const table = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(
    db,
  );
  if (!table.rows[0]?.t) return false;
  const done = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const expected = Object.keys(migrations).sort();
  const names = done.rows.map((r) => r.name).sort();
  return names.length === expected.length && names.every((n, i) => n === expected[i]);
}

/**
 * Brings the schema up to date; safe to run from several instances at once (Kysely locks). When
 * the schema is already current (every later start) it returns after one cheap check; an
 * instance that finds it incomplete runs Kysely's migrator, which takes the lock.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  if (await schemaIsCurrent(db)) return [];
  // Unordered: 0011 and 0012 landed on main before 0010, so a database migrated in that window
  // holds 0011/0012 without 0010; the migrator applies the missing one instead of refusing.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
