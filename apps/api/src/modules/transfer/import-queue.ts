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

/** Where pg-boss puts a job it gave up on (its tries all failed or ran out of time): decision 0099. */
export const IMPORT_GIVEN_UP_QUEUE = 'cinelog-import-given-up';

/** How many times a job is tried again after its first try. */
const RETRY_LIMIT = 5;

/**
 * What becomes of a job pg-boss gave up on (decision 0099): `again` when it was still moving (a
 * step committed within `withinSeconds`, the last lease) and may be queued again, else `ended`
 * (failed). `requeued`: how many times it was queued again so far.
 */
export type GiveUp = (
  jobId: string,
  when: { requeued: number; withinSeconds: number },
) => Promise<'again' | 'ended'>;

/**
 * Import jobs on pg-boss (decision 0090), in the application's own database: PostgreSQL, or the
 * embedded PGlite through the same pool as every other query (`QueueDb`). A job carries only its
 * id; what it writes is in `import_jobs`. Every instance works the queue, so a job whose instance
 * died is finished by another once its lease runs out. A job pg-boss gives up on (every try failed
 * or timed out) is moved to IMPORT_GIVEN_UP_QUEUE, whose worker `giveUp` ends its import as failed
 * (decision 0099).
 */
export class ImportQueue {
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private stopped = false;
  private workerId: string | null = null;

  constructor(
    private readonly db: QueueDb,
    private readonly options: ImportQueueOptions,
    private readonly run: (jobId: string, lastTry: boolean) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly giveUp: GiveUp,
  ) {}

  private newBoss(): PgBoss {
    const boss = new PgBoss({
      db: this.db as PgBoss.Db,
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: this.options.maintenanceSeconds,
      monitorStateIntervalSeconds: 60,
    });
    // pg-boss reports its own failures (a poll while the database is away) as events.
    boss.on('error', (err: Error) => this.log.warn({ err: err.message }, 'import queue error'));
    return boss;
  }

  /** Makes a queue unless another instance already did (at the same moment, too). */
  private async ensureQueue(boss: PgBoss, name: string, options: PgBoss.Queue): Promise<void> {
    if (await boss.getQueue(name)) return;
    await boss.createQueue(name, options).catch(async (err: unknown) => {
      if (!(await boss.getQueue(name))) throw err;
    });
  }

  /**
   * Creates pg-boss's schema and the queues if needed, and starts working them (once). A start that
   * failed (the database away) is not kept: the next call (a commit, or the app's) tries again
   * with a new pg-boss, since one whose start failed never starts.
   */
  start(): Promise<PgBoss> {
    this.starting ??= this.startBoss().catch((err: unknown) => {
      this.starting = null;
      const boss = this.boss;
      this.boss = null;
      void boss?.stop({ graceful: false, wait: false, close: false }).catch(() => {});
      throw err;
    });
    return this.starting;
  }

  private async startBoss(): Promise<PgBoss> {
    const boss = (this.boss = this.newBoss());
    await boss.start();
    await this.ensureQueue(boss, IMPORT_GIVEN_UP_QUEUE, {
      name: IMPORT_GIVEN_UP_QUEUE,
      retryLimit: 10,
      retryDelay: 5,
      retryBackoff: true,
    });
    await this.ensureQueue(boss, IMPORT_QUEUE, {
      name: IMPORT_QUEUE,
      retryLimit: RETRY_LIMIT,
      retryDelay: 0,
      expireInSeconds: this.options.leaseSeconds,
      deadLetter: IMPORT_GIVEN_UP_QUEUE,
    });
    // A queue made before 0099 has no dead letter queue: its given-up jobs were lost to it.
    const queue = await boss.getQueue(IMPORT_QUEUE);
    if (queue && queue.deadLetter !== IMPORT_GIVEN_UP_QUEUE)
      await boss.updateQueue(IMPORT_QUEUE, { name: IMPORT_QUEUE, deadLetter: IMPORT_GIVEN_UP_QUEUE });
    if (this.stopped) return boss;
    this.workerId = await boss.work<{ job: string }>(
      IMPORT_QUEUE,
      { pollingIntervalSeconds: this.options.pollSeconds, batchSize: 1, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        // Which instance runs which job, and on which try: what an operator reads after a crash.
        this.log.info({ job: job.data.job, try: job.retryCount }, 'import job taken');
        await this.run(job.data.job, job.retryCount >= job.retryLimit);
      },
    );
    await boss.work<{ job: string; requeued?: number }>(
      IMPORT_GIVEN_UP_QUEUE,
      { pollingIntervalSeconds: this.options.pollSeconds, batchSize: 1 },
      async ([given]) => {
        if (!given) return;
        const { job, requeued = 0 } = given.data;
        // Its tries ran out while it was still moving (a large import on a busy machine outlives
        // its leases: pg-boss has no heartbeat): queued again, from its checkpoint.
        const verdict = await this.giveUp(job, { requeued, withinSeconds: this.options.leaseSeconds });
        if (verdict === 'again') {
          await boss.send(IMPORT_QUEUE, { job, requeued: requeued + 1 });
          this.log.warn(
            { job, requeued: requeued + 1 },
            'import job still moving after its tries: queued again',
          );
        }
      },
    );
    return boss;
  }

  /** Queues a job (its row is already committed) and wakes this instance's worker for it. */
  async send(jobId: string): Promise<void> {
    const boss = await this.start();
    await boss.send(IMPORT_QUEUE, { job: jobId });
    if (this.workerId) boss.notifyWorker(this.workerId);
  }

  /**
   * Of these jobs, those the queue still holds (waiting, to be tried again, or being run), given up
   * ones waiting for `giveUp` included: a running import without one was cut off before it was
   * queued and no one will finish it.
   */
  async holds(jobIds: string[]): Promise<Set<string>> {
    if (jobIds.length === 0) return new Set();
    await this.start();
    const r = await this.db.executeSql(
      `select distinct data->>'job' as job from pgboss.job
        where name in ($1, $2) and state < 'completed' and data->>'job' = any($3::text[])`,
      [IMPORT_QUEUE, IMPORT_GIVEN_UP_QUEUE, jobIds],
    );
    return new Set((r.rows as { job: string }[]).map((x) => x.job));
  }

  /**
   * Takes no more jobs, and leaves the one in hand to its lease (pg-boss hands it to another
   * instance when it runs out), as a killed process would: the service tests' instance that dies.
   */
  async stopTaking(): Promise<void> {
    const boss = await this.starting;
    await boss?.offWork(IMPORT_QUEUE);
    await boss?.offWork(IMPORT_GIVEN_UP_QUEUE);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (!this.starting) return;
    const boss = await this.starting.catch(() => null);
    // Not graceful: a job cut off here is finished by another instance (or this one's next start).
    await boss?.stop({ graceful: false, wait: true, close: false });
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
): {
  queue?: (run: (jobId: string, lastTry: boolean) => Promise<void>, giveUp: GiveUp) => ImportQueue;
  stepRows?: number;
} {
  const queueDb = db.queue;
  if (!queueDb) return {};
  const stepRows = Number(process.env.IMPORT_STEP_ROWS);
  return {
    queue: (run, giveUp) => new ImportQueue(queueDb, importQueueOptions(process.env), run, log, giveUp),
    ...(Number.isInteger(stepRows) && stepRows > 0 ? { stepRows } : {}),
  };
}
