import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/database';
import type { QueueDb } from '../../db/pglite-pool';

/** The queue's name in pg-boss. */
export const IMPORT_QUEUE = 'cinelog-import';

export interface ImportQueueOptions {
  /** How often an idle instance asks for a job (pg-boss's polling; at least 0.5 s). */
  pollSeconds: number;
  /**
   * How long a job may stay active before pg-boss takes it as abandoned (its instance died) and
   * hands it to another instance. A job still running then is run twice at once, which is safe
   * (each step commits once: decision 0090), only wasted work: keep it well above a large import.
   */
  leaseSeconds: number;
  /** How often pg-boss looks for abandoned jobs (its maintenance). */
  maintenanceSeconds: number;
}

/** Production: an import of 50,000 rows takes well under a minute. */
export const IMPORT_QUEUE_DEFAULTS: ImportQueueOptions = {
  pollSeconds: 2,
  leaseSeconds: 120,
  maintenanceSeconds: 30,
};

/** Reads IMPORT_QUEUE_POLL_SECONDS, IMPORT_JOB_LEASE_SECONDS, IMPORT_QUEUE_MAINTENANCE_SECONDS (tests shorten them). */
export function importQueueOptions(env: Record<string, string | undefined>): ImportQueueOptions {
  const num = (v: string | undefined, fallback: number, min: number) => {
    const n = Number(v);
    return v !== undefined && v !== '' && Number.isFinite(n) && n >= min ? n : fallback;
  };
  return {
    pollSeconds: num(env.IMPORT_QUEUE_POLL_SECONDS, IMPORT_QUEUE_DEFAULTS.pollSeconds, 0.5),
    leaseSeconds: num(env.IMPORT_JOB_LEASE_SECONDS, IMPORT_QUEUE_DEFAULTS.leaseSeconds, 1),
    maintenanceSeconds: num(
      env.IMPORT_QUEUE_MAINTENANCE_SECONDS,
      IMPORT_QUEUE_DEFAULTS.maintenanceSeconds,
      1,
    ),
  };
}

/**
 * Import jobs on pg-boss (decision 0090), in the application's own database: PostgreSQL, or the
 * embedded PGlite through the same pool as every other query (`QueueDb`). A job carries only its
 * id; what it writes is in `import_jobs`. Every instance works the queue, so a job whose instance
 * died is finished by another once its lease runs out.
 */
export class ImportQueue {
  private readonly boss: PgBoss;
  private workerId: string | null = null;
  private starting: Promise<void> | null = null;
  private stopped = false;

  constructor(
    db: QueueDb,
    private readonly options: ImportQueueOptions,
    private readonly run: (jobId: string, lastTry: boolean) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.boss = new PgBoss({
      db: db as PgBoss.Db,
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: options.maintenanceSeconds,
      monitorStateIntervalSeconds: 60,
    });
    // pg-boss reports its own failures (a poll while the database is away) as events.
    this.boss.on('error', (err: Error) => this.log.warn({ err: err.message }, 'import queue error'));
  }

  /** Creates pg-boss's schema and the queue if needed, and starts working it (once). */
  start(): Promise<void> {
    this.starting ??= (async () => {
      await this.boss.start();
      if (!(await this.boss.getQueue(IMPORT_QUEUE)))
        await this.boss
          .createQueue(IMPORT_QUEUE, {
            name: IMPORT_QUEUE,
            retryLimit: 5,
            retryDelay: 0,
            expireInSeconds: this.options.leaseSeconds,
          })
          .catch(async (err: unknown) => {
            // Another instance made it at the same moment.
            if (!(await this.boss.getQueue(IMPORT_QUEUE))) throw err;
          });
      if (this.stopped) return;
      this.workerId = await this.boss.work<{ job: string }>(
        IMPORT_QUEUE,
        { pollingIntervalSeconds: this.options.pollSeconds, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (job) await this.run(job.data.job, job.retryCount >= job.retryLimit);
        },
      );
    })();
    return this.starting;
  }

  /** Queues a job (its row is already committed) and wakes this instance's worker for it. */
  async send(jobId: string): Promise<void> {
    await this.start();
    await this.boss.send(IMPORT_QUEUE, { job: jobId });
    if (this.workerId) this.boss.notifyWorker(this.workerId);
  }

  /**
   * Takes no more jobs, and leaves the one in hand to its lease (pg-boss hands it to another
   * instance when it runs out), as a killed process would: the service tests' instance that dies.
   */
  async stopTaking(): Promise<void> {
    await this.starting;
    await this.boss.offWork(IMPORT_QUEUE);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (!this.starting) return;
    await this.starting.catch(() => {});
    // Not graceful: a job cut off here is finished by another instance (or this one's next start).
    await this.boss.stop({ graceful: false, wait: true, close: false });
  }
}

/**
 * The import service's `queue` option for a database (none when it has no queue access): a job
 * queue on it, timed by IMPORT_QUEUE_POLL_SECONDS and the others, and IMPORT_STEP_ROWS rows a
 * step (tests shorten them).
 */
export function importQueueFor(
  db: Database,
  log: FastifyBaseLogger,
): { queue?: (run: (jobId: string, lastTry: boolean) => Promise<void>) => ImportQueue; stepRows?: number } {
  const queueDb = db.queue;
  if (!queueDb) return {};
  const stepRows = Number(process.env.IMPORT_STEP_ROWS);
  return {
    queue: (run) => new ImportQueue(queueDb, importQueueOptions(process.env), run, log),
    ...(Number.isInteger(stepRows) && stepRows > 0 ? { stepRows } : {}),
  };
}
