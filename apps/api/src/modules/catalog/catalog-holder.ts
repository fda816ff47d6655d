import {
  CATALOG_VERSION,
  CatalogIndex,
  catalogFilePath,
  peopleIndexOf,
  preparePeopleIndex,
  readCatalogFile,
  type CatalogFile,
  type PeopleIndex,
} from '@app/catalog';
import { catalogGenerationPath, currentCatalogPath, readCurrentCatalog } from '@app/catalog/sync';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The catalog the running API serves, following the sync (decision 0084). The sync writes a new
 * catalog file and then, last, `DATA_DIR/catalog/current.json` ({generation, built_at, movies,
 * synced_at}); the holder looks at that file every `everyMs` (a `stat`, nothing more while it is
 * unchanged), and when it names a catalog other than the one served, reads the new file (a chunk
 * at a time, yielding between chunks), indexes it (lists, title search in slices, people), lets
 * each listener prepare what it derives from the catalog (`onSwap`: the chat's engine), then swaps
 * them all at once: every consumer reads the catalog through the holder (`current`, or `view`,
 * which forwards each read to it), so none keeps the old one, which becomes garbage. A file that
 * cannot be read or indexed is logged and the old catalog kept.
 */
export interface CatalogRef {
  readonly current: CatalogIndex;
  readonly people: PeopleIndex;
}

export interface SwapInfo {
  generation: number;
  /** The catalog file that was read. */
  path: string;
}

/**
 * Prepares what a listener derives from a new catalog, before the swap (it may take its time:
 * the old catalog is served meanwhile); returns what to do at the swap itself (synchronous:
 * every listener's part happens in the same task as the swap). A listener that throws keeps its
 * old state (logged); the others still swap.
 */
export type SwapListener = (
  next: CatalogIndex,
  info: SwapInfo,
) => Promise<(() => void) | void> | (() => void) | void;

export interface CatalogHolderOptions {
  dataDir: string;
  /** How often `current.json` is looked at (default 15 s; tests shorten it or call `check`). */
  everyMs?: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The generation served at start (0: the offline catalog, or unknown). */
  generation?: number;
  /** Bytes read and parsed per task while a new catalog is read (default 1 MB). */
  chunkBytes?: number;
}

export class CatalogHolder implements CatalogRef {
  private index: CatalogIndex;
  private gen: number;
  private readonly listeners = new Set<SwapListener>();
  /** `current.json`'s size, time and inode when last read: unchanged, nothing is read. */
  private seen = '';
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<boolean> | undefined;
  private stopped = false;
  /**
   * The catalog as an object that reads the current one at each access (methods bound to it):
   * for consumers written against a `CatalogIndex` that only read it (the movie source, the
   * generated images, the import's matching). Its target is an empty object: it holds no catalog.
   */
  readonly view: CatalogIndex;

  constructor(
    initial: CatalogIndex,
    private readonly opts: CatalogHolderOptions,
  ) {
    this.index = initial;
    this.gen = opts.generation ?? 0;
    const target = Object.create(CatalogIndex.prototype) as CatalogIndex;
    this.view = new Proxy(target, {
      get: (_t, key) => {
        const real = this.index;
        const value: unknown = Reflect.get(real, key, real);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(real) : value;
      },
      has: (_t, key) => Reflect.has(this.index, key),
      set: () => false,
    });
  }

  get current(): CatalogIndex {
    return this.index;
  }

  /** The current catalog's people (empty without credits: the offline dataset). */
  get people(): PeopleIndex {
    return peopleIndexOf(this.index);
  }

  get generation(): number {
    return this.gen;
  }

  /** Adds a listener (see `SwapListener`); returns its removal. */
  onSwap(listener: SwapListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Looks at `current.json` every `everyMs` (an unref'd timer: it never keeps the process alive). */
  start(): void {
    if (this.timer || this.stopped) return;
    const every = this.opts.everyMs ?? 15_000;
    const tick = () => {
      void this.check().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, every).unref();
      });
    };
    this.timer = setTimeout(tick, every).unref();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /**
   * Looks at `current.json` now; when it names a catalog other than the one served, swaps to it.
   * True when a new catalog is served. Never throws; never runs twice at once.
   */
  check(): Promise<boolean> {
    this.checking ??= this.checkNow().finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async checkNow(): Promise<boolean> {
    const file = currentCatalogPath(this.opts.dataDir);
    let key: string;
    try {
      const s = await stat(file);
      key = `${s.size}:${s.mtimeMs}:${s.ino}`;
    } catch {
      return false; // never synced: the offline catalog stays
    }
    if (key === this.seen) return false;
    const current = readCurrentCatalog(this.opts.dataDir);
    if (!current) {
      this.seen = key;
      this.opts.log.warn(
        { file },
        'catalog: current.json is not a catalog pointer; the catalog served stays',
      );
      return false;
    }
    if (current.built_at === this.index.file.built_at) {
      // The catalog served already (a start that read the synced file, or a touch of the file).
      this.seen = key;
      this.gen = current.generation;
      return false;
    }
    const started = performance.now();
    const before = memoryMb();
    // How long the swap's work held the event loop at most (its log line says).
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    /** Each step's longest event-loop delay (ms), for the log line. */
    const delays: Record<string, number> = {};
    const step = (name: string) => {
      delays[name] = Math.round(loop.max / 1e6);
      loop.reset();
    };
    // The generation's own file (the sync engine's naming, decision 0083), else the one file of old.
    let path = catalogGenerationPath(this.opts.dataDir, current.generation);
    if (!existsSync(path)) path = catalogFilePath(this.opts.dataDir);
    let next: CatalogIndex;
    let commits: (() => void)[];
    try {
      const catalog = await readCatalogFile(path, {
        // In chunks whatever its size, each parsed in a task of its own: requests are served between them.
        chunkBytes: this.opts.chunkBytes ?? 1024 * 1024,
        wholeFileBytes: 0,
      });
      checkCatalog(catalog);
      step('read');
      next = new CatalogIndex(catalog, { deferSearchIndex: true });
      await next.buildSearchIndex();
      step('index');
      await preparePeopleIndex(next);
      step('people');
      commits = await this.prepareListeners(next, { generation: current.generation, path });
      step('listeners');
    } catch (err) {
      loop.disable();
      // Looked at again only when current.json changes (the next sync).
      this.seen = key;
      this.opts.log.warn(
        { generation: current.generation, path, reason: (err as Error).message },
        'catalog: the new catalog could not be read; the catalog served stays',
      );
      return false;
    }
    loop.disable();
    if (this.stopped) return false;
    const previous = this.gen;
    // The swap: one task, every consumer at once.
    this.index = next;
    this.gen = current.generation;
    this.seen = key;
    for (const commit of commits) commit();
    this.opts.log.info(
      {
        generation: this.gen,
        previousGeneration: previous,
        movies: next.byId.size,
        people: peopleIndexOf(next).size,
        ms: Math.round(performance.now() - started),
        maxLoopDelayMs: delays,
        before,
        ...memoryMb(),
      },
      'catalog: a new catalog is served',
    );
    return true;
  }

  private async prepareListeners(next: CatalogIndex, info: SwapInfo): Promise<(() => void)[]> {
    const commits: (() => void)[] = [];
    for (const listener of this.listeners) {
      try {
        const commit = await listener(next, info);
        if (commit) commits.push(commit);
      } catch (err) {
        this.opts.log.warn(
          { generation: info.generation, reason: (err as Error).message },
          'catalog: a part of the site could not follow the new catalog; it keeps the old one',
        );
      }
    }
    return commits;
  }
}

/** A catalog file fit to serve: this version's, with movies. */
function checkCatalog(file: CatalogFile): void {
  if (file.version !== CATALOG_VERSION)
    throw new Error(`catalog version ${file.version}, not ${CATALOG_VERSION}`);
  if (!Array.isArray(file.movies) || file.movies.length === 0) throw new Error('the catalog has no movies');
}

function memoryMb() {
  const m = process.memoryUsage();
  const mb = (x: number) => Math.round(x / 1_048_576);
  return { rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed) };
}
