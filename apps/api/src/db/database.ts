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
   * Told when the server drops an idle pooled connection (a restart, a failover, an administrator).
   * The pool replaces the connection on next use; without a listener pg would crash the process.
   */
  onIdleError?: (err: Error) => void;
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
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.maxConnections ?? 10 });
    pool.on('error', (err) => opts.onIdleError?.(err));
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
