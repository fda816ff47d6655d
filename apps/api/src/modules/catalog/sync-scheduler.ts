import { readCurrentCatalog } from '@app/catalog/sync';
import type { AppConfig } from '../../config/env';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runTsChild } from './children';

/**
 * The running site's own TMDB sync (decision 0084): with a TMDB key, one sync at start when the
 * last completed one is older than `staleMs` (a day), then one a day; each in a child process
 * (`runSync`), so the API's event loop never waits for it. The catalog it writes is then picked
 * up by the `CatalogHolder` like any other sync's. Several instances may run this: the sync
 * engine's lock lets one sync at a time (the others' runs end at once; each one's next check
 * finds the sync fresh and waits a day from it).
 */
export interface SyncSchedulerOptions {
  /** One sync, to its end (rejects when it failed or could not start). */
  runSync: (signal: AbortSignal) => Promise<void>;
  /** When the last sync completed (null: never). Read before each decision. */
  lastSync: () => Date | null;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** A sync older than this is stale (default a day). */
  staleMs?: number;
  /** After a failed sync, the next try (default an hour). */
  retryMs?: number;
  /** The first look, after start (default 30 s: the start's own work first). */
  firstMs?: number;
  now?: () => number;
}

export const DAY_MS = 86_400_000;

export class SyncScheduler {
  private timer: NodeJS.Timeout | undefined;
  private readonly controller = new AbortController();
  private running: Promise<void> | undefined;
  /** How many syncs this scheduler started (tests, the log). */
  runs = 0;

  constructor(private readonly opts: SyncSchedulerOptions) {}

  private get staleMs() {
    return this.opts.staleMs ?? DAY_MS;
  }

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  start(): void {
    this.schedule(this.opts.firstMs ?? 30_000);
  }

  /** Stops the timer and a sync in progress (its child is killed; the sync resumes next time). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.controller.abort(new Error('the API is stopping'));
  }

  /** The sync in progress, if any (tests). */
  get current(): Promise<void> | undefined {
    return this.running;
  }

  private schedule(ms: number): void {
    if (this.controller.signal.aborted) return;
    clearTimeout(this.timer);
    // At most a day at a time (a timer's delay is a 32-bit number of milliseconds).
    this.timer = setTimeout(() => void this.tick(), Math.max(0, Math.min(ms, DAY_MS))).unref();
  }

  /** Syncs when the last sync is stale; then waits until the next one is due. */
  private async tick(): Promise<void> {
    const last = this.opts.lastSync();
    const age = last ? this.now() - last.getTime() : Infinity;
    if (age < this.staleMs) return this.schedule(this.staleMs - age);
    this.runs++;
    const started = this.now();
    this.opts.log.info({ lastSync: last?.toISOString() ?? null }, 'catalog sync: starting');
    this.running = this.opts.runSync(this.controller.signal);
    try {
      await this.running;
      this.opts.log.info({ ms: this.now() - started }, 'catalog sync: done');
      const done = this.opts.lastSync();
      // A sync that ended without a newer completion recorded (nothing to apply) waits a day from now.
      const from = done && done.getTime() > (last?.getTime() ?? -Infinity) ? done.getTime() : this.now();
      this.schedule(from + this.staleMs - this.now());
    } catch (err) {
      if (this.controller.signal.aborted) return;
      this.opts.log.warn(
        { reason: (err as Error).message, retryMs: this.opts.retryMs ?? 3_600_000 },
        'catalog sync: failed; tried again later',
      );
      this.schedule(this.opts.retryMs ?? 3_600_000);
    } finally {
      this.running = undefined;
    }
  }
}

/**
 * When the last sync of `dataDir` completed: the sync state's `last_sync` or `current.json`'s
 * `synced_at`, whichever is later; null when neither says.
 */
export function lastCatalogSync(dataDir: string): Date | null {
  const times: number[] = [];
  try {
    const state = JSON.parse(readFileSync(join(dataDir, 'catalog', 'sync', 'state.json'), 'utf8')) as {
      last_sync?: unknown;
    };
    if (typeof state.last_sync === 'string') times.push(Date.parse(state.last_sync));
  } catch {
    // no state: never synced (or unreadable: the sync engine says why when it runs)
  }
  const synced = readCurrentCatalog(dataDir)?.synced_at;
  if (typeof synced === 'string') times.push(Date.parse(synced));
  const latest = Math.max(...times.filter((t) => Number.isFinite(t)));
  return Number.isFinite(latest) ? new Date(latest) : null;
}

const SYNC_CLI = resolve(import.meta.dirname, '../../../../../packages/catalog/src/sync/cli.ts');

/**
 * One `npm run catalog:sync` of `dataDir` (`script`: the sync's CLI), as a child process
 * (exit-with-parent, nice 10). Its lines go to `log`.
 */
export function spawnCatalogSync(dataDir: string, log: (line: string) => void, script = SYNC_CLI) {
  return (signal: AbortSignal) =>
    runTsChild(script, { env: { DATA_DIR: dataDir }, signal, onLine: log }).catch((err: Error) => {
      // 75: another instance holds the sync's lock (it syncs; this one waits for its next check).
      if (/exited with 75\b/.test(err.message)) return;
      throw err;
    });
}

/**
 * The site's own sync: with a TMDB key (live mode) a scheduler that syncs DATA_DIR's catalog at
 * start when it is a day old, then daily; offline (no key) none: nothing changes.
 */
export function catalogSyncScheduler(
  config: AppConfig,
  log: SyncSchedulerOptions['log'] & { debug(obj: object, msg: string): void },
): SyncScheduler | null {
  if (config.dataMode !== 'live') return null;
  return new SyncScheduler({
    runSync: spawnCatalogSync(config.dataDir, (line) => log.debug({ line }, 'catalog sync')),
    lastSync: () => lastCatalogSync(config.dataDir),
    log,
  });
}
