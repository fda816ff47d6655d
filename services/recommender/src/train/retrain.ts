import { spawn, type ChildProcess } from 'node:child_process';
import type { Recommendation } from '@app/contracts';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { ModelArtifact } from '../model/artifact';
import type { FromTrainer, ToTrainer } from './on-demand';
import { signalsFingerprint, type Signal } from './signals';
import { SERVICE_PID_ENV } from './exit-with-service';

/**
 * A first build's lists on demand (decision 0080): the film's list from the ranker the build has
 * made (null: not in the catalog); rejects when the build does not answer in time.
 */
export interface OnDemandLists {
  recommend(tmdbId: number, topN: number): Promise<Recommendation[] | null>;
}

/**
 * Runs the trainer with these command-line arguments; resolves once the new model is written. With
 * `onDemand` (a first build), it is given the build's lists once they can be asked, and null when
 * the build is over.
 */
export type TrainerRun = (
  args: string[],
  signal: AbortSignal,
  onDemand?: (lists: OnDemandLists | null) => void,
) => Promise<void>;

export interface RetrainerOptions {
  dataDir: string;
  /** The model being served (the signals it learned from are in its sources); null before the first. */
  served: () => ModelArtifact | null;
  /** The product's signals, from the API (SignalsClient.fetch); rejects when the API cannot be reached. */
  signals: () => Promise<Signal[]>;
  /** Before the first model: the MovieLens folder of a model on disk that could not be served (an older format). */
  ratingsBefore?: () => string | undefined;
  /** Called after a new model is written (the service loads it at once instead of on its next poll). */
  reload?: () => void;
  /**
   * Before the first model: the first build's lists on demand, once its ranker is made (decision
   * 0080), then null once the model is loaded (or the build failed).
   */
  onDemand?: (lists: OnDemandLists | null) => void;
  /** True while something else writes the served model (a catalog fold, decision 0085): the check waits for the next one. */
  busy?: () => boolean;
  /**
   * Runs a check as the site's only trainer (decision 0092: a PostgreSQL advisory lock across
   * replicas, the newest published model loaded first); null when another one trains.
   */
  exclusive?: Exclusive;
  log?: (msg: string) => void;
  run?: TrainerRun;
}

/** `ModelExchange.exclusive`: `fn` run as the only trainer, or null when another one is training. */
export type Exclusive = <T>(fn: () => Promise<T>) => Promise<T | null>;

/**
 * Keeps the served model in step with the product: when the signals the API serves no longer
 * match what the served model learned from, trains a new model in a separate, lower-priority
 * process (the service keeps answering from the old one) from the same MovieLens folder as before,
 * if it is still there. Also makes the first model, in the same child process, so that a first
 * start never blocks the service's event loop (it answers /health 503 until the model is in).
 * One training at a time; the schedule bounds how often.
 */
export class Retrainer {
  private running: Promise<boolean> | null = null;
  private readonly stopping = new AbortController();
  private readonly log: (msg: string) => void;
  private readonly run: TrainerRun;
  private unreachable = false;

  constructor(private readonly opts: RetrainerOptions) {
    this.log = opts.log ?? (() => {});
    this.run = opts.run ?? spawnTrainer(opts.dataDir, this.log);
  }

  /** Whether a training is under way. */
  isRunning(): boolean {
    return this.running !== null;
  }

  /** Trains if there is no model yet or the signals changed; resolves to whether a new model was written. */
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
    const { exclusive } = this.opts;
    return exclusive ? ((await exclusive(() => this.checkAlone())) ?? false) : this.checkAlone();
  }

  private async checkAlone(): Promise<boolean> {
    const served = this.opts.served();
    if (served && this.opts.busy?.()) return false; // a fold is writing the model: the next check
    const signals = await this.fetchSignals(served);
    if (!signals) return false;
    if (served && signalsFingerprint(signals) === (served.sources.product_signals_sha256 ?? null))
      return false;
    const ratings = served ? served.sources.ratings?.path : this.opts.ratingsBefore?.();
    const args = this.trainerArgs(ratings, signals);
    this.log(
      served
        ? `product signals changed (${signals.length} now, ${served.sources.product_signals ?? 0} in the served model): retraining${
            ratings && args.includes(ratings) ? ` with ${ratings}` : ''
          }`
        : `no model yet: building the default model in the background${signals.length ? ` with ${signals.length} product signals` : ''}`,
    );
    return this.train(args, served);
  }

  /**
   * The product's signals; while the API cannot be reached, none for the first model (it does not
   * wait: content now, signals on a later check) and null (no check) once a model is served.
   */
  private async fetchSignals(served: ModelArtifact | null): Promise<Signal[] | null> {
    try {
      const signals = await this.opts.signals();
      if (this.unreachable) this.log("the API's signals endpoint answers again");
      this.unreachable = false;
      return signals;
    } catch (err) {
      if (!this.unreachable) this.log(`cannot fetch the product's signals: ${(err as Error).message}`);
      this.unreachable = true;
      return served ? null : [];
    }
  }

  /** The trainer's arguments: the ratings file (when it exists) and the signals, written for it. */
  private trainerArgs(ratings: string | undefined, signals: Signal[]): string[] {
    const args = ratings && existsSync(ratings) ? ['--ratings', ratings] : [];
    if (signals.length) {
      const file = receivedSignalsFile(this.opts.dataDir);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, signals.map((x) => JSON.stringify(x)).join('\n') + '\n');
      args.push('--signals', file);
    }
    return args;
  }

  /** Runs the trainer, then reloads the model; whether a new model was written. */
  private async train(args: string[], served: ModelArtifact | null): Promise<boolean> {
    // The first model: its lists are answered on demand while the whole model is built.
    const onDemand = served ? undefined : this.opts.onDemand;
    if (onDemand) args.push('--on-demand');
    try {
      await this.run(args, this.stopping.signal, onDemand);
    } catch (err) {
      onDemand?.(null);
      // Stopped with the service: nothing failed.
      if (!this.stopping.signal.aborted)
        this.log(
          `retraining failed, still serving ${served?.version ?? 'nothing'}: ${(err as Error).message}`,
        );
      return false;
    }
    try {
      this.opts.reload?.();
    } finally {
      onDemand?.(null); // the model (now served) answers
    }
    return true;
  }
}

/** The last signals fetched from the API, handed to the trainer (the recommender's own DATA_DIR). */
export const receivedSignalsFile = (dataDir: string) => join(dataDir, 'signals', 'received.jsonl');

const TRAIN_CLI = resolve(import.meta.dirname, 'cli.ts');
/** The fold of a synced catalog into the served model (decision 0085), run as a trainer is. */
export const FOLD_CLI = resolve(import.meta.dirname, 'fold-cli.ts');

/** How long the service waits for a first build's answer before it says it is still preparing. */
export const ON_DEMAND_TIMEOUT_MS = 1500;

/**
 * The environment a trainer child runs with: `DATA_DIR`, and with `RECOMMENDER_TRAINER_HEAP_MB`
 * (a whole number of MB) V8's old-space budget (`--max-old-space-size`). Without one, V8 lets a
 * million-film training's short-lived garbage grow to about 1.2 GB beside a ~0.9 GB live set (a
 * 2.1 GB peak); with 1024 the same training peaked at 1.2 GB (decision 0103). Too small a
 * budget for the live set fails the training (the served model stays).
 */
export function trainerEnv(env: NodeJS.ProcessEnv, dataDir: string): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, DATA_DIR: dataDir };
  const heap = env.RECOMMENDER_TRAINER_HEAP_MB;
  if (heap !== undefined && heap !== '') {
    if (!/^[1-9]\d*$/.test(heap))
      throw new Error(`Invalid environment:\n  RECOMMENDER_TRAINER_HEAP_MB: expected MB > 0, got "${heap}"`);
    out.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --max-old-space-size=${heap}`.trim();
  }
  return out;
}

/**
 * The real trainer (`npm run recommender:train`'s script) as a child process at a lower priority;
 * a first build (`onDemand`) at the service's own: it is what answers until its model is written.
 */
export function spawnTrainer(dataDir: string, log: (msg: string) => void, script = TRAIN_CLI): TrainerRun {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  return (args, signal, onDemand) =>
    new Promise<void>((done, fail) => {
      const child = spawn(process.execPath, [tsx, script, ...args], {
        // The trainer stops if the service is gone, killed with -9 included (exit-with-service.ts).
        env: { ...trainerEnv(process.env, dataDir), [SERVICE_PID_ENV]: String(process.pid) },
        stdio: ['ignore', 'pipe', 'pipe', ...(onDemand ? (['ipc'] as const) : [])],
        signal, // stopping the service stops its training
      });
      if (onDemand) askOnDemand(child, onDemand);
      else
        try {
          if (child.pid) setPriority(child.pid, 10); // serving comes first
        } catch {
          // not permitted here: train at normal priority
        }
      let output = '';
      const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
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

/** The service's side of a first build's IPC: `onDemand` gets the lists once the child is ready. */
function askOnDemand(child: ChildProcess, onDemand: (lists: OnDemandLists | null) => void): void {
  let next = 0;
  const waiting = new Map<number, { done: (l: Recommendation[] | null) => void; fail: (e: Error) => void }>();
  const failAll = () => {
    for (const w of waiting.values()) w.fail(new Error('the first build ended'));
    waiting.clear();
  };
  child.on('message', (m: FromTrainer) => {
    if (m.type === 'ready')
      return onDemand({
        recommend: (tmdbId, topN) =>
          new Promise((done, fail) => {
            if (!child.connected) return fail(new Error('the first build ended'));
            const req = ++next;
            const timer = setTimeout(() => {
              waiting.delete(req);
              fail(new Error('the first build did not answer in time'));
            }, ON_DEMAND_TIMEOUT_MS);
            waiting.set(req, {
              done: (l) => (clearTimeout(timer), done(l)),
              fail: (e) => (clearTimeout(timer), fail(e)),
            });
            child.send({ type: 'ask', req, tmdbId, topN } satisfies ToTrainer);
          }),
      });
    const w = waiting.get(m.req);
    waiting.delete(m.req);
    if (m.type === 'list') w?.done(m.list);
    else w?.fail(new Error(m.message));
  });
  child.on('disconnect', failAll);
  child.on('error', failAll);
}
