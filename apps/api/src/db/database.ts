import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { migrations } from './migrations/index';
import { PGlitePool } from './pglite-pool';
import type { DatabaseSchema } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: PostgresDialect;
  kind: DatabaseKind;
  /** The embedded engine, when embedded (tests snapshot it). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; when absent (and no url), an in-memory database. */
  dataDir?: string;
  /** PGlite only: start from a dumped data dir (tests). */
  snapshot?: Blob;
  /** pg pool size. */
  maxConnections?: number;
  /**
   * Told when the server drops a pooled connection, idle or in use (a restart, a failover, an
   * administrator). The query in flight fails (503), the pool discards the connection and opens a
   * new one on next use; without a listener pg would crash the process.
   */
  onConnectionError?: (err: Error) => void;
  /** How long a request waits for a connection before it fails (503); 2 s by default. */
  connectTimeoutMs?: number;
}

// PostgreSQL's numeric types come back as strings from pg; our schema uses integer and real only,
// but COUNT(*) is bigint: parse it as a number (counts here never exceed 2^53).
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * PGlite's own start parameters, plus a smaller buffer cache: PostgreSQL's default 128 MB of
 * shared buffers lives inside the WebAssembly memory, which never shrinks, and this database
 * (accounts and libraries) is small. 16 MB keeps the API about 120 MB lighter.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'work_mem=2MB',
];

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.maxConnections ?? 10,
      // While the server is down or every connection is busy, fail fast instead of queueing forever.
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 2_000,
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
    return { db, dialect, kind: 'postgres', close: () => db.destroy() };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    startParams: PGLITE_START_PARAMS,
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.snapshot ? { loadDataDir: opts.snapshot } : {}),
  });
  const dialect = new PostgresDialect({ pool: new PGlitePool(pglite) });
  const db = new Kysely<DatabaseSchema>({ dialect });
  return {
    db,
    dialect,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; safe to run from several instances at once (Kysely locks). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
