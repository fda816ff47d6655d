import type { CatalogIndex, CatalogMovie } from '@app/catalog';
import {
  IMPORT_PREVIEW_LIMIT,
  type MovieListItem,
  type ImportCandidate,
  type ImportCommitBody,
  type ImportCounts,
  type ImportJob,
  type ImportPreview,
} from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { DatabaseSchema } from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import type { MovieFactsRow } from '../library/library.repository';
import { matchSearchHits, type FilmMatch } from './import-match';
import type { FilmRef } from './import-parse';
import type { ImportPlan } from './import-plan';
import type { GiveUp, ImportQueue } from './import-queue';
import { ImportStoreRepository, type JobRow, type StepKeys } from './import-store.repository';
import { ImportThread } from './import-thread';
import { BAD_PICK, heldLists, type FilmSummary, type JobPlan } from './import-work';
import {
  IMPORT_CHUNK,
  type ImportKeys,
  type PlannedDiary,
  type PlannedRating,
  type TransferRepository,
} from './transfer.repository';

export { buildPlan, planCounts, unheldPlan, type ImportPlan } from './import-plan';

const gunzipAsync = promisify(gunzip);

/** How long a preview waits for its "Import" (then the file must be uploaded again). */
export const PREVIEW_TTL_MS = 30 * 60_000;
/**
 * What the previews waiting for their "Import" may hold together, in entries (a parsed entry is a
 * few hundred bytes): ten of the largest files (50,000 entries), or hundreds of ordinary ones.
 */
export const PREVIEW_BUDGET = 500_000;
/** How many previews may wait at once, whatever their size. */
export const PREVIEW_MAX = 1000;
/** How long to come back after when the previews are full. */
export const PREVIEW_RETRY_SECONDS = 60;

/** Live mode: at most this many films a preview could not match in the catalog are looked up on TMDB. */
export const LIVE_SEARCH_MAX = 100;
/** ...this many at a time (TMDB requests share the API's queue with every visitor's pages). */
const LIVE_SEARCH_CONCURRENCY = 4;

/** How long a finished job's result can still be read. */
export const JOB_TTL_MS = 60 * 60_000;

/**
 * How long a user's claim on their one upload being read lasts (decision 0099); the instance
 * reading it renews it every third of that, so only a dead instance's claim runs out.
 */
export const UPLOAD_CLAIM_SECONDS = 60;

/**
 * A running job whose row has not moved for this long, and that the queue does not hold, was cut
 * off before it was queued (or its queue entry was lost): no one will finish it, so it is failed
 * when it stands in the way of the user's next import (decision 0099). Far above the moment
 * between a job's row and its queue entry.
 */
export const ORPHAN_SECONDS = 120;

/** A failed job read this soon after it failed resets its user's cached reads first (decision 0099). */
const FRESHLY_FAILED_MS = 60_000;

export const IMPORT_MESSAGES = {
  previewGone: 'This preview has expired or does not exist: upload the file again',
  notYourPreview: 'You don’t own this import',
  jobNotFound: 'Import not found',
  alreadyRunning: 'An import is already running for your account: wait for it to finish',
  failed: 'The import failed and nothing was written. Please try again.',
  gaveUp: 'The import could not be finished after several tries, and nothing was written. Please try again.',
  badPick: BAD_PICK,
  notUndoable: 'Only an import that finished can be undone',
  alreadyUndone: 'This import was already undone',
  busy: 'Too many imports are waiting to be confirmed right now: please try again in a minute',
  previewRunning: 'An upload is already being read for your account: wait for its preview',
  tooManyUploads: 'Too many uploads: please try again in a few minutes',
  readerStarting: 'The importer is still starting: please try again in a few seconds',
  tooSlow:
    'Reading the file took too long on a busy server, and nothing was kept: please try again in a minute',
} as const;

export interface ImportServiceOptions {
  /** How much the waiting previews may hold (tests make it small). */
  previewBudget?: number;
  previewMax?: number;
  /** Live mode: TMDB's movie search (its first page), for the films the catalog does not have. */
  search?: (query: string) => Promise<MovieListItem[]>;
  /**
   * The queue that runs jobs on any instance (the app's: pg-boss). Without one a job runs in this
   * process at once, by the same steps (service tests).
   */
  queue?: (run: (jobId: string, lastTry: boolean) => Promise<void>, giveUp: GiveUp) => ImportQueue;
  /** Rows a job commits at a time (STEP_ROWS; tests make it small to stop a job midway). */
  stepRows?: number;
}

/**
 * How many times a given-up job that was still moving is queued again (each time with the queue's
 * six tries): with the production lease of 120 s, about two hours of steady progress.
 */
export const REQUEUE_LIMIT = 10;

/** One step of a job: rows of one table (at most IMPORT_CHUNK), committed with its checkpoint. */
type Step =
  | { k: 'movies'; ids: number[] }
  | { k: 'likes' | 'watched' | 'watchlist'; ids: number[] }
  | { k: 'ratings'; ratings: PlannedRating[] }
  | { k: 'diary'; entries: PlannedDiary[] }
  | { k: 'entries'; name: string; ids: number[]; offset: number };

const stepRows = (s: Step) =>
  s.k === 'ratings' ? s.ratings.length : s.k === 'diary' ? s.entries.length : s.ids.length;

/** Rows per step by default: four INSERTs of IMPORT_CHUNK rows, one commit (PGlite's commits are slow). */
export const STEP_ROWS = 2000;

/** A plan's steps, always the same for the same plan (a job resumed elsewhere takes up where it was). */
function planSteps(plan: ImportPlan, size: number): Step[] {
  const steps: Step[] = [];
  for (const ids of chunks(plan.movies, size)) steps.push({ k: 'movies', ids });
  for (const ids of chunks(plan.likes, size)) steps.push({ k: 'likes', ids });
  for (const ids of chunks(plan.watched, size)) steps.push({ k: 'watched', ids });
  for (const ids of chunks(plan.watchlist, size)) steps.push({ k: 'watchlist', ids });
  for (const ratings of chunks(plan.ratings, size)) steps.push({ k: 'ratings', ratings });
  for (const entries of chunks(plan.diary, size)) steps.push({ k: 'diary', entries });
  for (const list of plan.lists)
    chunks(list.ids, size).forEach((ids, i) =>
      steps.push({ k: 'entries', name: list.name, ids, offset: i * size }),
    );
  return steps;
}

/** `insert` over `items` in statements of IMPORT_CHUNK rows; the keys each added, in order. */
async function inChunks<T>(items: T[], insert: (c: T[]) => Promise<number[]>): Promise<number[]> {
  const out: number[] = [];
  for (const c of chunks(items)) out.push(...(await insert(c)));
  return out;
}

function chunks<T>(items: T[], size = IMPORT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A database error that the same step would meet again (bad data, a broken rule), not an outage. */
const permanent = (err: unknown) => /^(22|23|42)/.test(String((err as { code?: unknown })?.code ?? ''));

/**
 * Import: upload → parse → match (a preview, nothing written) → commit as a background job.
 * Previews and jobs are rows (decision 0090): a preview made on one instance is committed on any,
 * a job runs on whichever instance the queue gives it to and is taken over when that one dies,
 * and its progress is read from any. Reading and matching a file, and planning a commit, run in a
 * worker thread, never on the event loop. A job writes in steps of at most IMPORT_CHUNK rows, each
 * committed with its checkpoint and its keys, so each row is written once whoever runs it; a job
 * that fails has what it wrote removed again, so a failed import has written nothing.
 */
export class ImportService {
  private readonly limits: { previewBudget: number; previewMax: number };
  private readonly search: ((query: string) => Promise<MovieListItem[]>) | null;
  private readonly store: ImportStoreRepository;
  private readonly thread: ImportThread;
  private readonly queue: ImportQueue | null;
  /** Users whose upload is being read here (live mode: up to LIVE_SEARCH_MAX TMDB searches): one each. */
  private readonly previewing = new Set<string>();
  /** Users with a job running in this process (their progress is readable without an account query). */
  private readonly runningHere = new Map<string, number>();
  private lastSweep = 0;
  private readonly stepRows: number;

  constructor(
    private readonly repo: TransferRepository,
    private readonly catalog: CatalogIndex,
    /** A catalog movie's poster and backdrop paths as this deployment serves them. */
    private readonly images: (m: CatalogMovie) => {
      poster_path: string | null;
      backdrop_path: string | null;
    },
    private readonly log: FastifyBaseLogger,
    /**
     * Called after an import committed, failed or was undone: the user's cached library reads must
     * go, on every instance (decision 0091); awaited before the change is answered (0099).
     */
    private readonly onWrite: (userId: string) => void | Promise<void> = () => {},
    options: ImportServiceOptions = {},
  ) {
    this.limits = {
      previewBudget: options.previewBudget ?? PREVIEW_BUDGET,
      previewMax: options.previewMax ?? PREVIEW_MAX,
    };
    this.search = options.search ?? null;
    this.stepRows = options.stepRows ?? STEP_ROWS;
    this.store = new ImportStoreRepository(repo.db);
    this.thread = ImportThread.shared();
    this.queue = options.queue
      ? options.queue(
          (id, lastTry) => this.runJob(id, lastTry),
          (id, when) => this.giveUp(id, when),
        )
      : null;
  }

  /** Starts working the queue (the app calls it once listening; a commit starts it too). */
  async startQueue(): Promise<void> {
    await this.queue?.start();
  }

  /** The user's cached reads go, on every instance, before what changed them is answered. */
  private async resetReads(userId: string): Promise<void> {
    try {
      await this.onWrite(userId);
    } catch (err) {
      this.log.warn({ err: (err as Error)?.message }, "a user's cached reads could not be reset");
    }
  }

  async close(): Promise<void> {
    // The import thread is the process's, unref'd: it never holds the process open.
    await this.queue?.stop();
  }

  /**
   * Starts the import thread with this catalog (an upload that finds it not ready does), so that
   * the upload waits for neither; a failure is logged and tried again by the next upload.
   */
  warmUp(): Promise<void> {
    return this.thread.warm(this.catalog).catch((err: unknown) => this.notStarted(err));
  }

  /** `warmUp` as the app does once listening: a large catalog's thread waits for the first upload. */
  warmUpAtStart(): Promise<void> {
    return this.thread.warmAtStart(this.catalog).catch((err: unknown) => this.notStarted(err));
  }

  private notStarted(err: unknown): void {
    this.log.warn({ err: (err as Error)?.message }, 'the import thread did not start');
  }

  /**
   * Whether an upload can be read now, waiting up to `ms` for the import thread to start (it is
   * started if it is not): false while it is still starting, as on a busy machine just after start.
   */
  async readerReady(ms: number): Promise<boolean> {
    if (this.thread.ready(this.catalog)) return true;
    const warm = this.warmUp();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([warm, new Promise<void>((r) => (timer = setTimeout(r, Math.max(0, ms))))]);
    clearTimeout(timer);
    return this.thread.ready(this.catalog);
  }

  /** Whether this process is running a job of the user's (the job route's account check, see transfer.routes). */
  hasJob(userId: string): boolean {
    return this.runningHere.has(userId);
  }

  private candidate(id: number, found?: Map<number, MovieListItem>): ImportCandidate | null {
    const m = this.catalog.get(id);
    if (!m) {
      const f = found?.get(id);
      if (!f) return null;
      const overview = f.overview ?? '';
      return {
        tmdb_id: f.id,
        title: f.title ?? f.original_title ?? '',
        year: f.release_date?.slice(0, 4) ?? '',
        poster_path: f.poster_path ?? null,
        overview: overview.length > 160 ? `${overview.slice(0, 157).trimEnd()}…` : overview,
      };
    }
    return {
      tmdb_id: m.id,
      title: m.title,
      year: m.release_date?.slice(0, 4) ?? '',
      poster_path: this.images(m).poster_path,
      overview: m.overview.length > 160 ? `${m.overview.slice(0, 157).trimEnd()}…` : m.overview,
    };
  }

  /** Expired previews and old jobs go, at most once a minute per instance. */
  private async sweep(): Promise<void> {
    if (Date.now() - this.lastSweep < 60_000) return;
    this.lastSweep = Date.now();
    await this.store.sweep(new Date(Date.now() - JOB_TTL_MS));
  }

  /**
   * Room for a user's new preview of `entries`, counting their own older one as gone (the new one
   * replaces it once accepted); another user's waiting preview never goes: without room, a 503 to
   * retry (and the user's older preview is still there).
   */
  private async checkRoom(userId: string, entries: number): Promise<void> {
    const others = await this.store.othersWaiting(userId);
    if (
      others.count >= this.limits.previewMax ||
      others.count + others.entries + 1 + entries > this.limits.previewBudget
    )
      throw new ServiceUnavailableError(IMPORT_MESSAGES.busy, PREVIEW_RETRY_SECONDS);
  }

  /**
   * Live mode: the films the catalog could not match are looked up on TMDB (title, then the same
   * rules of year), at most LIVE_SEARCH_MAX of them per preview; a failed search leaves the film
   * unmatched with the reason. Answers the new matches by film key.
   */
  private async searchUnmatched(
    wanted: { key: string; film: FilmRef }[],
    found: Map<number, MovieListItem>,
    signal?: AbortSignal,
  ): Promise<[string, FilmMatch][]> {
    const search = this.search;
    if (!search) return [];
    const out: [string, FilmMatch][] = wanted.slice(LIVE_SEARCH_MAX).map((g) => [
      g.key,
      {
        status: 'unmatched',
        reason: `Not looked up on TMDB (at most ${LIVE_SEARCH_MAX} films of an import are)`,
      },
    ]);
    const queue = wanted.slice(0, LIVE_SEARCH_MAX);
    const worker = async () => {
      for (let g = queue.shift(); g && !signal?.aborted; g = queue.shift()) {
        try {
          const hits = (await search(g.film.title)).filter(
            (h): h is MovieListItem & { title: string } => typeof h.title === 'string',
          );
          const match = matchSearchHits(hits, g.film);
          const ids =
            match.status === 'matched'
              ? [match.tmdbId]
              : match.status === 'ambiguous'
                ? match.candidates
                : [];
          for (const id of ids)
            found.set(
              id,
              hits.find((h) => h.id === id)!,
            );
          out.push([g.key, match]);
        } catch {
          out.push([
            g.key,
            { status: 'unmatched', reason: 'TMDB could not be reached to look it up: try again later' },
          ]);
        }
      }
    };
    await Promise.all(Array.from({ length: LIVE_SEARCH_CONCURRENCY }, worker));
    return out;
  }

  /**
   * One upload read at a time per user, on every instance: a second while the first is read is a
   * 409 (the first goes on). The claim is a row (`import_uploads`, decision 0099), renewed while
   * the file is read and released when it is answered; a dead instance's runs out.
   */
  async preview(
    userId: string,
    bytes: Uint8Array,
    fileName: string,
    /** Aborted when the request was answered without it (its time ran out): nothing more is done or kept. */
    signal?: AbortSignal,
  ): Promise<ImportPreview> {
    if (this.previewing.has(userId)) throw new ConflictError(IMPORT_MESSAGES.previewRunning);
    this.previewing.add(userId);
    try {
      const token = randomUUID();
      if (!(await this.store.claimUpload(userId, token, UPLOAD_CLAIM_SECONDS)))
        throw new ConflictError(IMPORT_MESSAGES.previewRunning);
      const renew = setInterval(
        () => {
          this.store
            .renewUpload(userId, token, UPLOAD_CLAIM_SECONDS)
            .catch((err: unknown) =>
              this.log.warn({ err: (err as Error)?.message }, 'upload claim not renewed'),
            );
        },
        (UPLOAD_CLAIM_SECONDS * 1000) / 3,
      );
      renew.unref();
      try {
        return await this.readPreview(userId, bytes, fileName, signal);
      } finally {
        clearInterval(renew);
        // Not released (the database away): it runs out by itself.
        await this.store
          .releaseUpload(userId, token)
          .catch((err: unknown) =>
            this.log.warn({ err: (err as Error)?.message }, 'upload claim not released'),
          );
      }
    } finally {
      this.previewing.delete(userId);
    }
  }

  private async readPreview(
    userId: string,
    bytes: Uint8Array,
    fileName: string,
    signal?: AbortSignal,
  ): Promise<ImportPreview> {
    await this.sweep();
    const read = await this.thread.read(this.catalog, bytes, fileName);
    const found = new Map<number, MovieListItem>();
    let finished: Awaited<ReturnType<ImportThread['finish']>>;
    try {
      signal?.throwIfAborted();
      let searched: [string, FilmMatch][] = [];
      if (this.search) {
        // Refused before any TMDB request when there is no room; checked again after them.
        await this.checkRoom(userId, read.entries);
        searched = await this.searchUnmatched(read.unmatched, found, signal);
      }
      signal?.throwIfAborted();
      await this.checkRoom(userId, read.entries);
      const held = await this.repo.held(userId, read.listNames);
      finished = await this.thread.finish(
        read.token,
        searched,
        [...found.values()],
        heldLists(held),
        IMPORT_PREVIEW_LIMIT,
      );
    } catch (err) {
      this.thread.drop(read.token);
      throw err;
    }
    // Not kept when no one is waiting for it any more.
    signal?.throwIfAborted();
    // Accepted: stored, replacing the user's older preview (one per user).
    const id = randomUUID();
    const expiresAt = await this.store.savePreview({
      id,
      userId,
      entries: read.entries,
      payload: Buffer.from(finished.payload.buffer, finished.payload.byteOffset, finished.payload.byteLength),
      seconds: PREVIEW_TTL_MS / 1000,
    });
    const { payload: _payload, matched, ambiguous, unmatched, ...rest } = finished;
    const base = ({ match: _m, in_library: _l, ...film }: FilmSummary) => film;
    return {
      preview_id: id,
      ...rest,
      matched: matched.map((g) => {
        const m = g.match as Extract<FilmMatch, { status: 'matched' }>;
        return {
          ...base(g),
          match: this.candidate(m.tmdbId, found)!,
          confidence: m.confidence,
          in_library: g.in_library,
        };
      }),
      ambiguous: ambiguous.map((g) => ({
        ...base(g),
        candidates: (g.match as Extract<FilmMatch, { status: 'ambiguous' }>).candidates
          .map((c) => this.candidate(c, found))
          .filter((c): c is ImportCandidate => c !== null),
      })),
      unmatched: unmatched.map((g) => ({
        ...base(g),
        reason: (g.match as Extract<FilmMatch, { status: 'unmatched' }>).reason,
      })),
      expires_at: expiresAt.toISOString(),
    };
  }

  private facts(id: number, found: Map<number, MovieListItem>): MovieFactsRow {
    const m = this.catalog.get(id);
    if (!m) {
      const f = found.get(id)!;
      return {
        tmdb_id: f.id,
        title: f.title ?? f.original_title ?? '',
        overview: f.overview ?? '',
        poster_path: f.poster_path ?? null,
        backdrop_path: f.backdrop_path ?? null,
        release_date: f.release_date || null,
        vote_average: f.vote_average ?? 0,
      };
    }
    return {
      tmdb_id: m.id,
      title: m.title,
      overview: m.overview ?? '',
      ...this.images(m),
      release_date: m.release_date || null,
      vote_average: m.vote_average,
    };
  }

  /**
   * Commits a preview: its plan is made (in the thread), the job's row is written and the preview
   * taken in one transaction, and the job is queued; answers at once with the job.
   */
  async start(userId: string, body: ImportCommitBody): Promise<ImportJob> {
    await this.sweep();
    const p = UUID.test(body.preview_id) ? await this.store.findPreview(body.preview_id) : undefined;
    if (!p || p.expired) throw new NotFoundError(IMPORT_MESSAGES.previewGone);
    if (p.user_id !== userId) throw new ForbiddenError(IMPORT_MESSAGES.notYourPreview);
    if (await this.running(userId)) throw new ConflictError(IMPORT_MESSAGES.alreadyRunning);
    const planned = await this.thread.plan(p.payload, body.picks);
    const job = await this.store.startJob({
      id: randomUUID(),
      previewId: body.preview_id,
      userId,
      plan: Buffer.from(planned.plan.buffer, planned.plan.byteOffset, planned.plan.byteLength),
      planned: planned.planned,
      total: planned.total,
    });
    if (job === null) throw new NotFoundError(IMPORT_MESSAGES.previewGone);
    if (job === 'running') throw new ConflictError(IMPORT_MESSAGES.alreadyRunning);
    if (!this.queue) {
      void this.runJob(job.id, true).catch((err: unknown) =>
        this.log.warn({ job: job.id, err: (err as Error)?.message }, 'import job stopped'),
      );
      return this.view(job, null);
    }
    try {
      await this.queue.send(job.id);
    } catch (err) {
      // Not queued: failed now (or, should that fail too, taken for an orphan by the next commit).
      await this.failJob(job.id, userId, err).catch((e: unknown) =>
        this.log.warn(
          { job: job.id, err: (e as Error)?.message },
          'an import not queued could not be failed',
        ),
      );
      throw err;
    }
    return this.view(job, null);
  }

  /**
   * Whether the user has an import running. One no one will finish (its row stale and not in the
   * queue: its instance died between the two, or its entry was lost) is failed first, so it never
   * blocks the user for good.
   */
  private async running(userId: string): Promise<boolean> {
    if (!(await this.store.hasRunning(userId))) return false;
    if (!this.queue) return true;
    const stale = await this.store.stale(userId, ORPHAN_SECONDS);
    if (stale.length === 0) return true;
    const held = await this.queue.holds(stale);
    for (const id of stale)
      if (!held.has(id)) await this.failJob(id, userId, null, IMPORT_MESSAGES.gaveUp, 'import orphaned');
    return this.store.hasRunning(userId);
  }

  /**
   * The queue gave the job up (every try failed or ran out of time, decision 0099): it ends failed
   * with what it wrote removed, so the user sees why and can import again; unless its steps still
   * moved within the last lease (`withinSeconds`, by the database's clock) and it was queued again
   * fewer than REQUEUE_LIMIT times: then it is queued again (`again`), a large import outliving
   * its leases on a busy machine being slow, not broken.
   */
  async giveUp(jobId: string, when: { requeued: number; withinSeconds: number }): Promise<'again' | 'ended'> {
    const job = await this.store.job(jobId);
    if (!job || job.state !== 'running') return 'ended';
    if (when.requeued < REQUEUE_LIMIT && (await this.store.movedWithin(jobId, when.withinSeconds)))
      return 'again';
    await this.failJob(jobId, job.user_id, null, IMPORT_MESSAGES.gaveUp, 'import given up by the queue');
    return 'ended';
  }

  /**
   * Runs (or takes up) a job from its checkpoint: each step's rows with the checkpoint moved on, in
   * one transaction; a step another runner committed first is skipped. A failure that would come
   * again, or on the queue's last try, fails the job (what it wrote is removed); any other is
   * thrown for the queue to try again later, from the checkpoint.
   */
  async runJob(jobId: string, lastTry: boolean): Promise<void> {
    const stored = await this.store.plan(jobId);
    if (!stored) return;
    const userId = stored.user_id;
    this.runningHere.set(userId, (this.runningHere.get(userId) ?? 0) + 1);
    try {
      const job = JSON.parse((await gunzipAsync(stored.plan)).toString('utf8')) as JobPlan;
      const found = new Map(job.found.map((f) => [f.id, f]));
      const steps = planSteps(job.plan, this.stepRows);
      let at = (await this.store.job(jobId))?.step ?? steps.length;
      while (at < steps.length) {
        const step = steps[at]!;
        const done = await this.store.runStep(jobId, userId, at, stepRows(step), (trx) =>
          this.write(trx, userId, step, found),
        );
        if (done) at++;
        else {
          const row = await this.store.job(jobId);
          if (!row || row.state !== 'running') return;
          at = row.step;
        }
        // Lets other requests in between the steps.
        await yieldToLoop();
      }
      // Every row is committed: the user's cached reads go before the job reads done, so a read
      // after seeing it done, on any instance, has its rows.
      await this.resetReads(userId);
      await this.store.finish(jobId, steps.length);
    } catch (err) {
      if (!lastTry && !permanent(err)) throw err;
      await this.failJob(jobId, userId, err);
    } finally {
      const n = (this.runningHere.get(userId) ?? 1) - 1;
      if (n > 0) this.runningHere.set(userId, n);
      else this.runningHere.delete(userId);
    }
  }

  private async failJob(
    jobId: string,
    userId: string,
    err: unknown,
    message: string = IMPORT_MESSAGES.failed,
    why = 'import failed',
  ): Promise<void> {
    // Never the error itself: a constraint error's detail holds the failing row (the user's id,
    // their review, dates). Its code and constraint say what broke.
    const e = err as { code?: unknown; constraint?: unknown; name?: unknown } | null;
    this.log.error(
      { job: jobId, code: e?.code, constraint: e?.constraint, error: e?.name },
      `${why}; what it wrote is removed`,
    );
    await this.store.fail(jobId, userId, message, (trx, keys, until) =>
      this.repo.removeKeys(trx, userId, keys, until),
    );
    await this.resetReads(userId);
  }

  /** One step's rows; answers the keys it added. */
  private async write(
    trx: Transaction<DatabaseSchema>,
    userId: string,
    step: Step,
    found: Map<number, MovieListItem>,
  ): Promise<StepKeys> {
    switch (step.k) {
      case 'movies':
        await inChunks(step.ids, async (c) => {
          await this.repo.insertMovies(
            trx,
            c.map((id) => this.facts(id, found)),
          );
          return [];
        });
        return { k: 'movies' };
      case 'likes':
        return { k: 'likes', ids: await inChunks(step.ids, (c) => this.repo.insertLikes(trx, userId, c)) };
      case 'watched':
      case 'watchlist': {
        const status = step.k === 'watched' ? 'watched' : 'want_to_watch';
        const ids = await inChunks(step.ids, (c) => this.repo.insertWatchStatus(trx, userId, c, status));
        return { k: step.k, ids };
      }
      case 'ratings':
        return {
          k: 'ratings',
          ids: await inChunks(step.ratings, (c) => this.repo.insertRatings(trx, userId, c)),
        };
      case 'diary':
        return {
          k: 'diary',
          ids: await inChunks(step.entries, (c) => this.repo.insertDiary(trx, userId, c)),
        };
      case 'entries': {
        const { id, created } = await this.repo.playlistNamed(trx, userId, step.name);
        let offset = step.offset;
        const ids = await inChunks(step.ids, async (c) => {
          const added = await this.repo.addToPlaylist(trx, id, c, offset);
          offset += c.length;
          return added;
        });
        return { k: 'entries', playlistId: id, created, ids };
      }
    }
  }

  private async view(job: JobRow, keys: ImportKeys | null): Promise<ImportJob> {
    const started = new Date(job.started_at).getTime();
    const finished = job.finished_at === null ? null : new Date(job.finished_at).getTime();
    const added =
      job.state !== 'done'
        ? null
        : ((k: ImportKeys): ImportCounts => ({
            likes: k.likes.length,
            watched: k.watched.length,
            watchlist: k.watchlist.length,
            ratings: k.ratings.length,
            diary: k.diary.length,
            playlists: k.playlists.length,
            playlist_entries: k.entries.reduce((n, e) => n + e.ids.length, 0),
          }))(keys ?? (await this.store.keys(job.id)));
    return {
      job_id: job.id,
      state: job.state,
      done: Math.min(job.done, job.total),
      total: job.total,
      added,
      undone: job.undone,
      planned: job.planned,
      message: job.message,
      started_at: new Date(started).toISOString(),
      finished_at: finished === null ? null : new Date(finished).toISOString(),
      elapsed_ms: Math.max(0, (finished ?? Date.now()) - started),
    };
  }

  private async owned(userId: string, jobId: string): Promise<JobRow> {
    const job = UUID.test(jobId) ? await this.store.job(jobId) : undefined;
    if (!job) throw new NotFoundError(IMPORT_MESSAGES.jobNotFound);
    if (job.user_id !== userId) throw new ForbiddenError(IMPORT_MESSAGES.notYourPreview);
    return job;
  }

  /**
   * A job's state, for its owner only, from any instance. A failed job's removal and its mark are
   * one commit, and its reset of the user's cached reads comes right after: read within a minute
   * of failing, the reset is made again before the answer, so no read after it has a copy with the
   * removed rows (a done job's reset comes before its mark).
   */
  async job(userId: string, jobId: string): Promise<ImportJob> {
    const job = await this.owned(userId, jobId);
    if (job.state === 'failed' && Date.now() - new Date(job.finished_at!).getTime() < FRESHLY_FAILED_MS)
      await this.resetReads(userId);
    return this.view(job, null);
  }

  /**
   * Undoes a finished import: removes exactly the rows it added (what the library held before is
   * untouched), in one transaction with its mark. A playlist it created goes only if nothing else
   * was added to it.
   */
  async undo(userId: string, jobId: string): Promise<ImportJob> {
    const job = await this.owned(userId, jobId);
    if (job.state !== 'done') throw new ConflictError(IMPORT_MESSAGES.notUndoable);
    if (job.undone) throw new ConflictError(IMPORT_MESSAGES.alreadyUndone);
    if (await this.running(userId)) throw new ConflictError(IMPORT_MESSAGES.alreadyRunning);
    let keys: ImportKeys | null = null;
    try {
      const undone = await this.store.undo(jobId, userId, async (trx, k, until) => {
        keys = k;
        await this.repo.removeKeys(trx, userId, k, until);
      });
      if (!undone) throw new ConflictError(IMPORT_MESSAGES.alreadyUndone);
    } finally {
      await this.resetReads(userId);
    }
    return this.view((await this.store.job(jobId))!, keys);
  }

  /** Waits for a job to finish, on whichever instance it runs (tests). */
  async settled(jobId: string, timeoutMs = 120_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const job = await this.store.job(jobId);
      if (!job || job.state !== 'running') return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`import ${jobId} did not finish in ${timeoutMs} ms`);
  }
}
