import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/** What the pool needs of PGlite: in process, or in its worker thread (pglite-worker-client.ts). */
export interface PGliteQueryable {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  /** Several statements in one string (the simple query protocol): each one's result. */
  exec(sql: string): Promise<{ rows: unknown[]; affectedRows?: number }[]>;
}

/**
 * What a queue library is given to run its SQL on our database (pg-boss's `db` option, decision
 * 0090): a statement with parameters, or, without, a script of several statements.
 */
export interface QueueDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount?: number | null }>;
}

/**
 * Lets Kysely's PostgresDialect drive an embedded PGlite. PGlite is one connection, so the pool
 * hands it to one borrower at a time: a transaction holds it until it commits or rolls back,
 * exactly like a pool of size one.
 */
export class PGlitePool implements PostgresPool {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly pg: PGliteQueryable) {}

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const previous = this.tail;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    const pg = this.pg;
    let released = false;
    return {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        const result = await pg.query<R>(sql, parameters as unknown[]);
        const command = (
          /^\s*(\w+)/.exec(sql)?.[1] ?? 'SELECT'
        ).toUpperCase() as PostgresQueryResult<R>['command'];
        return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
      },
      release() {
        if (!released) {
          released = true;
          release();
        }
      },
    } as PostgresPoolClient;
  }

  /** QueueDb's `executeSql` on the embedded database, taking its one connection like any borrower. */
  async executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }> {
    const client = await this.connect();
    try {
      // A script's answer is its last statement's, as pg's would be for what a queue reads.
      const r = values?.length
        ? await this.pg.query(text, values)
        : ((await this.pg.exec(text)).at(-1) ?? { rows: [] });
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    } finally {
      client.release();
    }
  }

  async end(): Promise<void> {}
}
