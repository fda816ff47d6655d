import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGliteQueryable } from './pglite-pool';

interface Pending {
  resolve: (r: { rows: unknown[]; affectedRows?: number }) => void;
  reject: (err: Error) => void;
}

type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; error: Record<string, unknown> }
  | { type: 'closed' }
  | { id: number; rows: unknown[]; affectedRows?: number }
  | { id: number; error: Record<string, unknown> };

/** An error rebuilt from the worker's plain data: the same message and fields (code, constraint…). */
function toError(data: Record<string, unknown>): Error {
  const err = new Error(String(data.message ?? 'database error'));
  Object.assign(err, data);
  return err;
}

/**
 * PGlite running in a worker thread (pglite-worker.mjs, decision 0042): its ~1 s of start-up and
 * its queries leave the main thread. Queries cross as messages (rows by structured clone: dates,
 * byte arrays and JSON values arrive as PGlite parsed them); errors keep their PostgreSQL fields.
 * If the worker dies, every pending and later query fails with a "database unavailable" error
 * (SQLSTATE 57P03, a 503) and `onExit` is told.
 */
export class PGliteWorker implements PGliteQueryable {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private dead: Error | null = null;
  private closing: Promise<void> | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly onExit?: (err: Error) => void,
  ) {}

  static start(opts: {
    dataDir: string;
    /** PostgreSQL settings added to PGlite's own start parameters. */
    settings: string[];
    /** Told when the worker stops without being closed (its queries now fail). */
    onExit?: (err: Error) => void;
  }): Promise<PGliteWorker> {
    const worker = new Worker(join(import.meta.dirname, 'pglite-worker.mjs'), {
      workerData: { dataDir: opts.dataDir, settings: opts.settings },
    });
    const client = new PGliteWorker(worker, opts.onExit);
    return new Promise((resolve, reject) => {
      let started = false;
      worker.on('message', (msg: FromWorker) => {
        if ('id' in msg) return client.settle(msg);
        if (msg.type === 'ready') {
          started = true;
          resolve(client);
        } else if (msg.type === 'failed') reject(toError(msg.error));
      });
      // Before 'ready' a failure rejects the start (the caller is told there); after it, onExit.
      worker.on('error', (err) => (started ? client.stopped(err) : reject(err)));
      worker.on('exit', (code) => {
        const err = new Error(`the embedded database's worker exited (code ${code})`);
        if (started) client.stopped(err);
        else reject(err);
      });
    });
  }

  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      try {
        this.worker.postMessage({ id, sql, params: params ?? [] });
      } catch (err) {
        // A parameter that cannot be copied to the worker (structured clone).
        this.pending.delete(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  /** Several statements in one string (PGlite's exec): the last statement's result only. */
  exec(sql: string): Promise<{ rows: unknown[]; affectedRows?: number }[]> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise<{ rows: unknown[]; affectedRows?: number }>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, sql, exec: true });
    }).then((r) => [r]);
  }

  /** Closes PGlite in the worker (a clean shutdown of its data directory), then the worker ends. */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      if (this.dead) return resolve();
      this.worker.once('exit', () => resolve());
      this.worker.postMessage({ type: 'close' });
    });
    return this.closing;
  }

  private settle(msg: {
    id: number;
    rows?: unknown[];
    affectedRows?: number;
    error?: Record<string, unknown>;
  }) {
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.error) p.reject(toError(msg.error));
    else
      p.resolve({
        rows: msg.rows ?? [],
        ...(msg.affectedRows !== undefined ? { affectedRows: msg.affectedRows } : {}),
      });
  }

  private stopped(cause: Error) {
    if (this.dead) return;
    this.dead = Object.assign(new Error('The embedded database stopped'), { code: '57P03', cause });
    for (const p of this.pending.values()) p.reject(this.dead);
    this.pending.clear();
    if (!this.closing) this.onExit?.(cause);
  }
}
