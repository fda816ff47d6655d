import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  artifactFileName,
  currentArtifactName,
  modelsDir,
  pointCurrentAt,
  pruneArtifacts,
  versionOfFile,
} from '../model/artifact';

/**
 * How the recommender processes of one site share their work (issue 45, decision 0092): one of
 * them trains or folds at a time, and every one serves the newest model published.
 */
export interface ModelExchange {
  /**
   * Runs `fn` as the site's only trainer, the newest published model loaded first (so what another
   * replica trained is not trained again) and what this process then serves published after it;
   * null, without running it, when another replica (or this process) is training.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T | null>;
  /** Loads the newest published model into DATA_DIR (`models/current`) when it is not the one served; whether it did. */
  pullNewest(): Promise<boolean>;
  /** Pulls every `ms` (the timer does not keep the process alive); the returned function stops it. */
  poll(ms: number): () => void;
  close(): Promise<void>;
}

/**
 * One process on its own (no DATABASE_URL): one training at a time inside the process; nothing
 * to publish (DATA_DIR's `models/current` is the store, and one instance owns a DATA_DIR, 0079).
 */
export class LocalExchange implements ModelExchange {
  private busy = false;
  async exclusive<T>(fn: () => Promise<T>): Promise<T | null> {
    if (this.busy) return null;
    this.busy = true;
    try {
      return await fn();
    } finally {
      this.busy = false;
    }
  }
  pullNewest(): Promise<boolean> {
    return Promise.resolve(false);
  }
  poll(): () => void {
    return () => {};
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** pg_try_advisory_lock(LOCK_SPACE, …): the recommender's own keys ('CnRc'). */
export const LOCK_SPACE = 0x436e5263;
const TRAINER_LOCK = 1;
const SCHEMA_LOCK = 2;
/** Published models kept in the database (the served one and two before it). */
export const KEPT_PUBLISHED = 3;
/** Bytes per row of a published model: well under bytea's 1 GB, and what a pull holds at once. */
export const CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * The recommender's own tables, made by the recommender (it does not use the API's migrations),
 * idempotently and under a transaction-scoped advisory lock so that two replicas starting together
 * do not race on `CREATE TABLE IF NOT EXISTS`. A model is a header row and its bytes in numbered
 * chunks; the header is written last in the same transaction (its foreign key deferred), so a
 * reader never sees a model without all of its bytes.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS recommender_models (
  seq bigserial PRIMARY KEY,
  version text NOT NULL UNIQUE CHECK (version ~ '^[0-9A-Za-z.-]{1,80}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  format integer NOT NULL,
  catalog_generation bigint CHECK (catalog_generation >= 0),
  signals_sha256 text,
  bytes bigint NOT NULL CHECK (bytes > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  chunks integer NOT NULL CHECK (chunks > 0),
  published_by text NOT NULL
);
CREATE TABLE IF NOT EXISTS recommender_model_chunks (
  version text NOT NULL,
  n integer NOT NULL CHECK (n >= 0),
  data bytea NOT NULL,
  PRIMARY KEY (version, n),
  FOREIGN KEY (version) REFERENCES recommender_models (version) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED
);`;

/** A published model's header row. */
export interface PublishedModel {
  seq: number;
  version: string;
  format: number;
  catalog_generation: number | null;
  signals_sha256: string | null;
  bytes: number;
  sha256: string;
  chunks: number;
  created_at: Date;
}

/** What a model file says of itself, for its header row. */
export interface ModelFacts {
  format: number;
  catalogGeneration: number | null;
  signalsSha256: string | null;
}

export interface PgExchangeOptions {
  databaseUrl: string;
  dataDir: string;
  /** The facts of the model `current` names (the service has it loaded; its version checked here). */
  facts: (version: string) => ModelFacts | null;
  /** After a pull repointed `current`: the service swaps the model in. */
  loaded?: () => void;
  log?: (msg: string) => void;
}

/**
 * Several replicas on one PostgreSQL database (DATABASE_URL): the trainer's lock is
 * `pg_try_advisory_lock` on a connection of its own (released if the process or its connection
 * dies), models are published to `recommender_models`, and a replica pulls the newest into its
 * DATA_DIR, checksum checked, before its `ModelStore` swaps it in.
 */
export class PgExchange implements ModelExchange {
  private readonly pool: pg.Pool;
  private lockClient: pg.Client | null = null;
  private schema: Promise<void> | null = null;
  private busy = false;
  private pulling: Promise<boolean> | null = null;
  /** The newest publication this process has seen (pulled, published or found served). */
  private seenSeq = 0;
  private readonly log: (msg: string) => void;
  private waitingSaid = false;

  constructor(private readonly opts: PgExchangeOptions) {
    this.pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 2, connectionTimeoutMillis: 5000 });
    this.pool.on('error', (err) => this.log(`model store connection failed: ${err.message}`));
    this.log = opts.log ?? (() => {});
  }

  private ensureSchema(): Promise<void> {
    this.schema ??= (async () => {
      const c = await this.pool.connect();
      try {
        await c.query('BEGIN');
        await c.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_SPACE, SCHEMA_LOCK]);
        await c.query(SCHEMA);
        await c.query('COMMIT');
      } catch (err) {
        await c.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        c.release();
      }
    })().catch((err: unknown) => {
      this.schema = null; // tried again next time
      throw err;
    });
    return this.schema;
  }

  /** The dedicated connection the trainer's lock lives on (a session lock belongs to its connection). */
  private async lockConnection(): Promise<pg.Client> {
    if (this.lockClient) return this.lockClient;
    const c = new pg.Client({ connectionString: this.opts.databaseUrl, connectionTimeoutMillis: 5000 });
    c.on('error', (err) => {
      this.log(`trainer lock connection lost (the lock with it): ${err.message}`);
      if (this.lockClient === c) this.lockClient = null;
    });
    await c.connect();
    this.lockClient = c;
    return c;
  }

  async exclusive<T>(fn: () => Promise<T>): Promise<T | null> {
    if (this.busy) return null;
    this.busy = true;
    try {
      await this.ensureSchema();
      const c = await this.lockConnection();
      const { rows } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
        LOCK_SPACE,
        TRAINER_LOCK,
      ]);
      if (!rows[0]?.ok) {
        if (!this.waitingSaid) this.log('another replica holds the trainer lock: serving what it publishes');
        this.waitingSaid = true;
        return null;
      }
      this.waitingSaid = false;
      try {
        await this.pull();
        const result = await fn();
        await this.publishCurrent();
        return result;
      } finally {
        await c.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_SPACE, TRAINER_LOCK]).catch(() => {});
      }
    } catch (err) {
      this.log(`trainer lock or model store failed: ${(err as Error).message}`);
      return null;
    } finally {
      this.busy = false;
    }
  }

  async newest(): Promise<PublishedModel | null> {
    await this.ensureSchema();
    const { rows } = await this.pool.query<PublishedModel>(
      `SELECT seq::int AS seq, version, format, catalog_generation::int AS catalog_generation, signals_sha256,
              bytes::float8 AS bytes, sha256, chunks, created_at
         FROM recommender_models ORDER BY seq DESC LIMIT 1`,
    );
    return rows[0] ?? null;
  }

  /** Not while this process trains: it is the writer then, and publishes what it made. */
  async pullNewest(): Promise<boolean> {
    if (this.busy) return false;
    return this.pull();
  }

  /** One pull at a time: a second caller shares the one under way. */
  private pull(): Promise<boolean> {
    this.pulling ??= this.pullOnce().finally(() => (this.pulling = null));
    return this.pulling;
  }

  private async pullOnce(): Promise<boolean> {
    {
      const newest = await this.newest();
      if (!newest || newest.seq <= this.seenSeq) return false;
      const name = artifactFileName(newest.version);
      if (currentArtifactName(this.opts.dataDir) === name) {
        this.seenSeq = newest.seq;
        return false;
      }
      await this.download(newest, name);
      this.seenSeq = newest.seq;
      pointCurrentAt(this.opts.dataDir, name);
      pruneArtifacts(this.opts.dataDir);
      this.log(`loaded published model ${newest.version}`);
      this.opts.loaded?.();
      return true;
    }
  }

  /** Writes a published model's bytes to DATA_DIR/models, chunk by chunk, then checks its size and SHA-256. */
  private async download(m: PublishedModel, name: string): Promise<void> {
    const dir = modelsDir(this.opts.dataDir);
    mkdirSync(dir, { recursive: true });
    const tmp = join(dir, `${name}.${process.pid}.tmp`);
    const file = await open(tmp, 'w');
    const hash = createHash('sha256');
    let bytes = 0;
    try {
      for (let n = 0; n < m.chunks; n++) {
        const { rows } = await this.pool.query<{ data: Buffer }>(
          'SELECT data FROM recommender_model_chunks WHERE version = $1 AND n = $2',
          [m.version, n],
        );
        const data = rows[0]?.data;
        if (!data) throw new Error(`model ${m.version} lost chunk ${n} (pruned meanwhile?)`);
        hash.update(data);
        bytes += data.length;
        await file.write(data);
      }
    } finally {
      await file.close();
    }
    const sha = hash.digest('hex');
    if (bytes !== m.bytes || sha !== m.sha256) {
      rmSync(tmp, { force: true });
      throw new Error(
        `model ${m.version} arrived with ${bytes} bytes, SHA-256 ${sha}: not what was published`,
      );
    }
    renameSync(tmp, join(dir, name));
  }

  /** Publishes the model `current` names, unless it already is; the newest `KEPT_PUBLISHED` are kept. */
  async publishCurrent(): Promise<string | null> {
    const name = currentArtifactName(this.opts.dataDir);
    if (!name) return null;
    const version = versionOfFile(name);
    const facts = version ? this.opts.facts(version) : null;
    if (!version || !facts) return null;
    await this.ensureSchema();
    const known = await this.pool.query<{ seq: number }>(
      'SELECT seq::int AS seq FROM recommender_models WHERE version = $1',
      [version],
    );
    if (known.rows[0]) {
      this.seenSeq = Math.max(this.seenSeq, known.rows[0].seq);
      return null;
    }
    const seq = await this.upload(join(modelsDir(this.opts.dataDir), name), version, facts);
    this.seenSeq = Math.max(this.seenSeq, seq);
    this.log(`published model ${version}`);
    return version;
  }

  private async upload(path: string, version: string, facts: ModelFacts): Promise<number> {
    const c = await this.pool.connect();
    const file = await open(path, 'r');
    try {
      await c.query('BEGIN');
      const hash = createHash('sha256');
      const buf = Buffer.alloc(CHUNK_BYTES);
      let bytes = 0;
      let n = 0;
      for (;;) {
        const { bytesRead } = await file.read(buf, 0, CHUNK_BYTES, null);
        if (bytesRead === 0) break;
        const data = Buffer.from(buf.subarray(0, bytesRead));
        hash.update(data);
        bytes += bytesRead;
        await c.query('INSERT INTO recommender_model_chunks (version, n, data) VALUES ($1, $2, $3)', [
          version,
          n++,
          data,
        ]);
      }
      const { rows } = await c.query<{ seq: number }>(
        `INSERT INTO recommender_models
           (version, format, catalog_generation, signals_sha256, bytes, sha256, chunks, published_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING seq::int AS seq`,
        [
          version,
          facts.format,
          facts.catalogGeneration,
          facts.signalsSha256,
          bytes,
          hash.digest('hex'),
          n,
          `${hostname()}:${process.pid}`,
        ],
      );
      await c.query(
        `DELETE FROM recommender_models WHERE seq NOT IN
           (SELECT seq FROM recommender_models ORDER BY seq DESC LIMIT ${KEPT_PUBLISHED})`,
      );
      await c.query('COMMIT');
      return rows[0]!.seq;
    } catch (err) {
      await c.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      await file.close();
      c.release();
    }
  }

  poll(ms: number): () => void {
    const tick = () =>
      void this.pullNewest().catch((err: unknown) =>
        this.log(
          `could not load the newest published model, still serving the old one: ${(err as Error).message}`,
        ),
      );
    tick();
    const timer = setInterval(tick, ms);
    timer.unref();
    return () => clearInterval(timer);
  }

  async close(): Promise<void> {
    const c = this.lockClient;
    this.lockClient = null;
    await c?.end().catch(() => {});
    await this.pool.end().catch(() => {});
  }
}
