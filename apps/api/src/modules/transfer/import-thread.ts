import type { CatalogMovie } from '@app/catalog';
import { coldFieldsOf } from '@app/catalog';
import type { MovieListItem } from '@app/contracts';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { LARGE_CATALOG_FILMS } from '../../lib/catalog-scale';
import { AppError, ServiceUnavailableError } from '../../lib/errors';
import type { FilmMatch, MatchCatalog } from './import-match';
import {
  type CatalogRows,
  type finishPreview,
  type HeldLists,
  type readSummary,
  type resolvePlan,
} from './import-work';

type CatalogLike = MatchCatalog & { byId: { size: number } };

/** Films copied per task: a few milliseconds of work at a time. */
const ROWS_SLICE = 2_000;

/**
 * The catalog's titles for the thread, made in slices with a task between them: it reads every
 * film's IMDb id from its stored block (about 15 µs a film: 25 s in one task at a million films,
 * which held every request that long after a start). The ids are read without being kept on the
 * films (`coldFieldsOf`): kept, they would add ~0.4 KB a film for as long as the catalog lives.
 */
export async function catalogRowsInSlices(generation: number, catalog: CatalogLike): Promise<CatalogRows> {
  const size = catalog.byId.size;
  const rows: CatalogRows = {
    generation,
    ids: new Int32Array(size),
    imdb: [],
    titles: [],
    originals: [],
    dates: [],
    votes: new Float64Array(size),
  };
  let i = 0;
  for (const m of catalog.byId.values()) {
    if (i >= size) break;
    rows.ids[i] = m.id;
    rows.votes[i] = m.vote_count;
    rows.imdb.push(coldFieldsOf(m as CatalogMovie).imdb_id);
    rows.titles.push(m.title);
    rows.originals.push(m.original_title);
    rows.dates.push(m.release_date ? m.release_date.slice(0, 4) : null);
    if (++i % ROWS_SLICE === 0) await new Promise((r) => setImmediate(r));
  }
  return rows;
}

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/** What an upload in flight is told when the thread died under it (it is started again). */
export const THREAD_GONE = 'The import could not read the file just now: please try again in a few seconds';

/** A catalog's generation number, by its id map (a synced catalog is a new one: decision 0084). */
const generations = new WeakMap<object, number>();
let nextGeneration = 1;

/**
 * How long the thread of a large catalog (past `LARGE_CATALOG_FILMS`) is kept with nothing to do:
 * its copy of the catalog's titles and its title index were 360 MB of the API's memory at a
 * million films (decision 0138). The next upload starts it again.
 */
export const IDLE_MS = 10 * 60_000;

/**
 * The import's worker thread, seen from the main thread (decision 0090): one thread, started on
 * first use or by `warm` (the app warms it once listening when the catalog is small) (unref'd: it
 * never holds the process open), given the catalog's titles once per catalog, its title index
 * built there. A small catalog's thread is kept; a large one's ends after `idleMs` with no call in
 * flight and no upload read but not finished. Its start and the catalog take seconds of CPU
 * (10-18 s at load 12-17): an upload does not wait for them unbounded (the preview route answers a
 * 503 while it is not `ready`). If it dies, the calls in flight fail with a 503 to retry and the
 * next call starts a new one.
 */
export class ImportThread {
  private static one: ImportThread | null = null;

  /** The process's import thread (one for every import service of the process). */
  static shared(): ImportThread {
    return (ImportThread.one ??= new ImportThread());
  }

  /** `idleMs` and `largePast` (films) as IDLE_MS and LARGE_CATALOG_FILMS unless a test says otherwise. */
  constructor(
    private readonly idleMs = IDLE_MS,
    private readonly largePast = LARGE_CATALOG_FILMS,
  ) {}

  /** Whether the thread is running (started, and not ended since). */
  get running(): boolean {
    return this.worker !== null;
  }

  private worker: Worker | null = null;
  /** Uploads read and not yet finished or dropped (the thread holds them): it is not idle. */
  private readonly open = new Set<number>();
  /** Whether the catalog last given is large: its thread ends when idle. */
  private large = false;
  private idle: NodeJS.Timeout | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextToken = 1;
  private sentGeneration = 0;
  /** The catalog being given to the thread (or given): every caller waits on the one send. */
  private sending: { generation: number; done: Promise<void> } | null = null;

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(join(import.meta.dirname, 'import-worker.mjs'));
    worker.unref();
    worker.on(
      'message',
      (msg: { id: number; result?: unknown; error?: { message: string; status: number } }) => {
        const p = this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id);
        if (msg.error)
          // A 4xx says what is wrong with the file; anything else is a fault (a 500 without its text).
          p.reject(
            msg.error.status < 500
              ? new AppError(msg.error.status, msg.error.message)
              : new Error(msg.error.message),
          );
        else p.resolve(msg.result);
      },
    );
    const gone = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.sentGeneration = 0;
      this.sending = null;
      // The next call starts a new thread: the client tries again (the error handler logs the 503
      // as a warning, with the thread's own error as its cause).
      const again = Object.assign(new ServiceUnavailableError(THREAD_GONE, 5), { cause: err });
      for (const p of this.pending.values()) p.reject(again);
      this.pending.clear();
      this.open.clear();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`the import's worker thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private call<T>(op: string, args: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
    const worker = this.start();
    const id = this.nextId++;
    this.cancelIdle();
    const settled = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, op, args }, transfer);
    });
    const after = () => this.whenIdle();
    settled.then(after, after);
    return settled;
  }

  /** A large catalog's thread, with nothing in flight or held, ends after `idleMs` of that. */
  private whenIdle(): void {
    if (!this.large || !this.worker || this.pending.size || this.open.size) return;
    this.cancelIdle();
    this.idle = setTimeout(() => {
      this.idle = null;
      if (!this.pending.size && !this.open.size) void this.stop();
    }, this.idleMs);
    this.idle.unref();
  }

  private cancelIdle(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
  }

  /** Ends the thread (the next call starts a new one); what it held of unfinished uploads is gone. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    // Forgotten first, so its exit is no death to report.
    this.worker = null;
    this.sentGeneration = 0;
    this.sending = null;
    this.open.clear();
    this.cancelIdle();
    await worker.terminate();
  }

  private generation(catalog: CatalogLike): { generation: number; catalog: CatalogLike } {
    let generation = generations.get(catalog.byId);
    if (!generation) generations.set(catalog.byId, (generation = nextGeneration++));
    return { generation, catalog };
  }

  /**
   * Starts the thread (if it is not running) and gives it `catalog`'s titles, once per catalog
   * (45k films: a few MB, made in slices and cloned once; the thread builds its title index from them).
   */
  warm(catalog: CatalogLike): Promise<void> {
    const { generation } = this.generation(catalog);
    if (this.worker && this.sending?.generation === generation) return this.sending.done;
    this.large = catalog.byId.size > this.largePast;
    this.cancelIdle(); // not ended while the rows are made (seconds at a million films)
    this.start(); // the thread boots while the rows are made
    const done = catalogRowsInSlices(generation, catalog)
      .then((rows) => this.call('catalog', rows))
      .then(() => {
        if (this.sending?.done === done) this.sentGeneration = generation;
      });
    this.sending = { generation, done };
    // A failed send is tried again by the next caller.
    done.catch(() => {
      if (this.sending?.done === done) this.sending = null;
    });
    return done;
  }

  /**
   * `warm` at start for a catalog whose thread is kept (a small one); a large catalog's thread is
   * started by the first upload instead (decision 0138: its copy of the titles was 360 MB at a
   * million films, held for an upload that may never come).
   */
  warmAtStart(catalog: CatalogLike): Promise<void> {
    return catalog.byId.size > this.largePast ? Promise.resolve() : this.warm(catalog);
  }

  /** Whether an upload of `catalog` is read at once: the thread runs and holds that catalog. */
  ready(catalog: CatalogLike): boolean {
    return this.worker !== null && this.sentGeneration === this.generation(catalog).generation;
  }

  /** Reads and matches an upload; the answer's `token` names it for `finish` (or `drop`). */
  async read(
    catalog: CatalogLike,
    bytes: Uint8Array,
    fileName: string,
  ): Promise<ReturnType<typeof readSummary> & { token: number }> {
    const token = this.nextToken++;
    for (let attempt = 0; attempt < 2; attempt++) {
      await this.warm(catalog);
      const { generation } = this.generation(catalog);
      const r = await this.call<ReturnType<typeof readSummary> | { needCatalog: true }>('read', {
        token,
        generation,
        bytes,
        fileName,
      });
      if (!('needCatalog' in r)) {
        this.open.add(token);
        return { ...r, token };
      }
      // Another catalog was given since (a sync, or another app of this process): give this one again.
      this.sentGeneration = 0;
      this.sending = null;
    }
    throw new Error('the import thread could not be given the catalog');
  }

  finish(
    token: number,
    searched: [string, FilmMatch][],
    found: MovieListItem[],
    held: HeldLists,
    limit: number,
  ): Promise<ReturnType<typeof finishPreview>> {
    this.open.delete(token);
    return this.call('finish', { token, searched, found, held, limit });
  }

  /** Forgets a read file whose preview will not be finished (refused, or a search failed). */
  drop(token: number): void {
    this.open.delete(token);
    if (this.worker) void this.call('drop', { token }).catch(() => {});
  }

  plan(payload: Uint8Array, picks: Record<string, number | null>): Promise<ReturnType<typeof resolvePlan>> {
    return this.call('plan', { payload, picks });
  }
}
