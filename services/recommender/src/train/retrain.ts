import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { resolve } from 'node:path';
import type { ModelArtifact } from '../model/artifact';
import { defaultSignalsFile, readSignalsFile, signalsFingerprint } from './signals';

/** Runs the trainer with these command-line arguments; resolves once the new model is written. */
export type TrainerRun = (args: string[], signal: AbortSignal) => Promise<void>;

export interface RetrainerOptions {
  dataDir: string;
  /** The model being served (the signals it learned from are in its sources). */
  served: () => ModelArtifact | null;
  /** Called after a new model is written (the service loads it at once instead of on its next poll). */
  reload?: () => void;
  log?: (msg: string) => void;
  run?: TrainerRun;
}

/**
 * Keeps the served model in step with the product: when the API's export of likes, watch status
 * and playlists no longer matches what the served model learned from, trains a new model in a
 * separate, lower-priority process (the service keeps answering from the old one) from the same
 * MovieLens folder as before, if it is still there. One training at a time.
 */
export class Retrainer {
  private running: Promise<boolean> | null = null;
  private readonly stopping = new AbortController();
  private readonly log: (msg: string) => void;
  private readonly run: TrainerRun;

  constructor(private readonly opts: RetrainerOptions) {
    this.log = opts.log ?? (() => {});
    this.run = opts.run ?? spawnTrainer(opts.dataDir, this.log);
  }

  /** Retrains if the signals changed; resolves to whether a new model was written. */
  checkNow(): Promise<boolean> {
    this.running ??= this.check().finally(() => (this.running = null));
    return this.running;
  }

  /**
   * Checks after firstMs, then every intervalMs (timers do not keep the process alive). The
   * returned function stops the schedule and a training under way.
   */
  schedule(intervalMs: number, firstMs = intervalMs): () => void {
    const first = setTimeout(() => void this.checkNow(), firstMs);
    const timer = setInterval(() => void this.checkNow(), intervalMs);
    first.unref();
    timer.unref();
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      this.stopping.abort();
    };
  }

  private async check(): Promise<boolean> {
    if (this.stopping.signal.aborted) return false;
    const served = this.opts.served();
    if (!served) return false;
    const signals = readSignalsFile(defaultSignalsFile(this.opts.dataDir));
    if (signalsFingerprint(signals) === (served.sources.product_signals_sha256 ?? null)) return false;
    const ratings = served.sources.ratings?.path;
    const args = ratings && existsSync(ratings) ? ['--ratings', ratings] : [];
    this.log(
      `product signals changed (${signals.length} now, ${served.sources.product_signals ?? 0} in the served model): retraining${
        args.length ? ` with ${ratings}` : ''
      }`,
    );
    try {
      await this.run(args, this.stopping.signal);
    } catch (err) {
      // Stopped with the service: nothing failed.
      if (!this.stopping.signal.aborted)
        this.log(`retraining failed, still serving ${served.version}: ${(err as Error).message}`);
      return false;
    }
    this.opts.reload?.();
    return true;
  }
}

const TRAIN_CLI = resolve(import.meta.dirname, 'cli.ts');

/** The real trainer (`npm run recommender:train`'s script) as a child process at a lower priority. */
export function spawnTrainer(dataDir: string, log: (msg: string) => void): TrainerRun {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  return (args, signal) =>
    new Promise<void>((done, fail) => {
      const child = spawn(process.execPath, [tsx, TRAIN_CLI, ...args], {
        env: { ...process.env, DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
        signal, // stopping the service stops its training
      });
      try {
        if (child.pid) setPriority(child.pid, 10); // serving comes first
      } catch {
        // not permitted here: train at normal priority
      }
      let output = '';
      const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', fail);
      child.on('close', (code) => {
        const last = output.trim().split('\n').at(-1) ?? '';
        if (code === 0) {
          log(last);
          done();
        } else fail(new Error(`trainer exited with ${code}: ${last}`));
      });
    });
}
