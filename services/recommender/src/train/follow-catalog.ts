import { readCatalogGeneration } from '../catalog-generation';
import type { ModelArtifact } from '../model/artifact';
import { FOLD_CLI, spawnTrainer, type Exclusive, type TrainerRun } from './retrain';

/** How often `catalog/current.json` is read (`RECOMMENDER_CATALOG_POLL_SECONDS`). */
export const CATALOG_POLL_MS = 15_000;
/** A fold that failed for a generation is tried again after this long (or at the next generation). */
export const FOLD_RETRY_MS = 10 * 60_000;

export interface CatalogFollowerOptions {
  dataDir: string;
  /** The model being served; null before the first (whose build reads the catalog itself). */
  served: () => ModelArtifact | null;
  /** Called after the folded model is written: the service swaps it in (`ModelStore.reload`). */
  reload: () => void;
  /** True while a training runs: the fold waits (one writer of the model at a time). */
  busy?: () => boolean;
  /** Runs a check as the site's only trainer (decision 0092); null when another one trains. */
  exclusive?: Exclusive;
  log?: (msg: string) => void;
  /** Runs the fold (default: `fold-cli.ts` in a lower-priority child process, as a trainer). */
  run?: TrainerRun;
  retryMs?: number;
  now?: () => number;
}

/**
 * Follows the synced catalog while the service runs (issue 42, decision 0085): when
 * `catalog/current.json` names a generation the served model does not follow, folds the new
 * catalog into it (`foldModel`: new and changed films get lists, removed ones go) in a child
 * process, then the service swaps the written model in as it does a retrained one. No restart, no
 * full training. A file that cannot be read, or a fold that fails, leaves the served model as it is.
 */
export class CatalogFollower {
  private running: Promise<boolean> | null = null;
  private readonly stopping = new AbortController();
  private readonly log: (msg: string) => void;
  private readonly run: TrainerRun;
  private failed: { key: string; at: number } | null = null;
  private unreadable: string | null = null;

  constructor(private readonly opts: CatalogFollowerOptions) {
    this.log = opts.log ?? (() => {});
    this.run = opts.run ?? spawnTrainer(opts.dataDir, this.log, FOLD_CLI);
  }

  isRunning(): boolean {
    return this.running !== null;
  }

  /** Folds if the catalog has a generation the served model does not follow; resolves to whether a model was written. */
  checkNow(): Promise<boolean> {
    this.running ??= this.check().finally(() => (this.running = null));
    return this.running;
  }

  /** Checks every intervalMs (the timer does not keep the process alive); the returned function stops it and a fold under way. */
  schedule(intervalMs = CATALOG_POLL_MS): () => void {
    const timer = setInterval(() => void this.checkNow(), intervalMs);
    timer.unref();
    return () => {
      clearInterval(timer);
      this.stopping.abort();
    };
  }

  private async check(): Promise<boolean> {
    if (this.stopping.signal.aborted) return false;
    const { exclusive } = this.opts;
    if (!exclusive) return this.checkAlone();
    // Only when the catalog has moved on: the lock is not taken every poll for nothing.
    if (!this.behind()) return false;
    return (await exclusive(() => this.checkAlone())) ?? false;
  }

  /** Whether the catalog names a generation the served model does not follow (cheap: one small file). */
  private behind(): boolean {
    try {
      const gen = readCatalogGeneration(this.opts.dataDir)?.generation;
      const served = this.opts.served();
      return gen !== undefined && !!served && gen > (served.sources.catalog_generation ?? -1);
    } catch {
      return true; // checkAlone says why
    }
  }

  private async checkAlone(): Promise<boolean> {
    let generation: number;
    try {
      const current = readCatalogGeneration(this.opts.dataDir);
      if (!current) return false; // offline: the embedded catalog never changes
      generation = current.generation;
      this.unreadable = null;
    } catch (err) {
      const msg = (err as Error).message;
      if (this.unreadable !== msg)
        this.log(`cannot read the catalog's generation, keeping the model: ${msg}`);
      this.unreadable = msg;
      return false;
    }
    const served = this.opts.served();
    // Only forwards: a replica whose DATA_DIR has not synced yet never folds an older catalog
    // into the published model (decision 0092).
    if (!served || (served.sources.catalog_generation ?? -1) >= generation) return false;
    if (this.opts.busy?.()) return false; // a training writes the model: fold after it
    const key = `${generation}:${served.version}`;
    const now = this.opts.now?.() ?? Date.now();
    if (this.failed?.key === key && now - this.failed.at < (this.opts.retryMs ?? FOLD_RETRY_MS)) return false;
    this.log(
      `catalog generation ${generation} (model ${served.version} follows ${served.sources.catalog_generation ?? 'the offline catalog'}): folding its new and changed films in`,
    );
    try {
      await this.run([], this.stopping.signal);
    } catch (err) {
      if (!this.stopping.signal.aborted) {
        this.failed = { key, at: now };
        this.log(
          `folding catalog generation ${generation} failed, still serving ${served.version}: ${(err as Error).message}`,
        );
      }
      return false;
    }
    this.failed = null;
    this.opts.reload();
    return true;
  }
}
