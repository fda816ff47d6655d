import {
  appendFileSync,
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { CatalogMovie } from '../types';
import { syncDir, writeFileAtomic } from './files';

/**
 * What a sync remembers between runs, in `DATA_DIR/catalog/sync/` (decision 0083):
 * - `state.json` (written atomically): the last completed sync and the run in progress;
 * - `plan.json` (atomically, once per run): the ids the run fetches and the ids it removes;
 * - `journal.jsonl` (appended): one line per id fetched, so a run that was killed goes on
 *   from the next id; a torn last line (kill -9 mid-write) is ignored;
 * - `lock`: the pid of the sync that runs.
 */
export interface SyncState {
  version: 1;
  /** When the last completed sync started (its changes window's end): the next one's start. */
  last_sync: string | null;
  /** The generation the last apply wrote (0: never). */
  generation: number;
  /** Ids a run could not fetch (after every try): fetched first by the next run. */
  retry: number[];
  /** The run in progress, or null. */
  run: RunState | null;
}

export type SyncPhase = 'export' | 'changes' | 'details' | 'apply';

export interface RunState {
  started_at: string;
  /** The generation the run merges into (current.json's when it started). */
  base_generation: number;
  phase: SyncPhase;
  /** The export file the run read (its date), once read. */
  export_date: string | null;
  /** Changes windows done so far: the next window's start date and page. */
  changes: { start: string; end: string; next_start: string; next_page: number } | null;
  /** Ids that changed, found by the windows done so far. */
  changed: number[];
  /** TMDB calls made by this run (across resumes). */
  calls: number;
}

/** The plan a run made once it knew the export and the changes. */
export interface SyncPlan {
  /** Ids to fetch, in order (changed and retried first, then new by popularity, then backfill). */
  fetch: number[];
  /** Ids of the base catalog that TMDB no longer lists (or lists as adult or video). */
  removed: number[];
  /** Ids that were candidates beyond this run's cap: left for the next run. */
  deferred: number;
}

/** One line of the journal: a movie fetched, an id TMDB does not have, or one not kept. */
export type JournalEntry =
  | { id: number; movie: CatalogMovie }
  | { id: number; gone: true }
  | { id: number; skip: string; popularity: number }
  | { id: number; failed: string };

export const emptyState = (): SyncState => ({
  version: 1,
  last_sync: null,
  generation: 0,
  retry: [],
  run: null,
});

export const statePath = (dataDir: string) => join(syncDir(dataDir), 'state.json');
export const planPath = (dataDir: string) => join(syncDir(dataDir), 'plan.json');
export const journalPath = (dataDir: string) => join(syncDir(dataDir), 'journal.jsonl');
export const lockPath = (dataDir: string) => join(syncDir(dataDir), 'lock');
export const rejectedPath = (dataDir: string) => join(syncDir(dataDir), 'rejected.json');

export function readState(dataDir: string): SyncState {
  try {
    const s = JSON.parse(readFileSync(statePath(dataDir), 'utf8')) as SyncState;
    if (s.version !== 1) return emptyState();
    return { ...emptyState(), ...s };
  } catch {
    return emptyState();
  }
}

export function writeState(dataDir: string, state: SyncState): void {
  writeFileAtomic(statePath(dataDir), JSON.stringify(state));
}

export function readPlan(dataDir: string): SyncPlan | null {
  try {
    return JSON.parse(readFileSync(planPath(dataDir), 'utf8')) as SyncPlan;
  } catch {
    return null;
  }
}

export function writePlan(dataDir: string, plan: SyncPlan): void {
  writeFileAtomic(planPath(dataDir), JSON.stringify(plan));
}

/**
 * The journal's entries, in order; a line that does not parse (the torn last line of a killed
 * run) is dropped. A later entry for an id replaces an earlier one.
 */
export function readJournal(dataDir: string): Map<number, JournalEntry> {
  const out = new Map<number, JournalEntry>();
  const path = journalPath(dataDir);
  if (!existsSync(path)) return out;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line) continue;
    try {
      const e = JSON.parse(line) as JournalEntry;
      if (e && typeof e.id === 'number') out.set(e.id, e);
    } catch {
      // torn line: its id is fetched again
    }
  }
  return out;
}

/**
 * Appends entries to the journal. A torn last line is first ended (a newline), so that the next
 * entry starts its own line.
 */
export class Journal {
  private fd: number;
  private unsynced = 0;
  private syncedAt = Date.now();
  constructor(dataDir: string) {
    mkdirSync(syncDir(dataDir), { recursive: true });
    const path = journalPath(dataDir);
    if (existsSync(path)) {
      const text = readFileSync(path);
      if (text.length > 0 && text[text.length - 1] !== 0x0a) appendFileSync(path, '\n');
    }
    this.fd = openSync(path, 'a');
  }
  /**
   * Writes the entry's line at once (one write: a process killed after it keeps it), and syncs
   * the journal to disk every 50 entries or second (what a power cut may cost).
   */
  add(entry: JournalEntry): void {
    writeSync(this.fd, JSON.stringify(entry) + '\n');
    if (++this.unsynced >= 50 || Date.now() - this.syncedAt > 1000) this.flush();
  }
  flush(): void {
    if (!this.unsynced) return;
    fsyncSync(this.fd);
    this.unsynced = 0;
    this.syncedAt = Date.now();
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/** Forgets the finished run's plan and journal. */
export function clearRun(dataDir: string): void {
  rmSync(planPath(dataDir), { force: true });
  rmSync(journalPath(dataDir), { force: true });
}

/** Ids fetched and not kept, with their popularity then: looked at again when it has doubled. */
export function readRejected(dataDir: string): Map<number, number> {
  try {
    return new Map(JSON.parse(readFileSync(rejectedPath(dataDir), 'utf8')) as [number, number][]);
  } catch {
    return new Map();
  }
}

export function writeRejected(dataDir: string, rejected: Map<number, number>): void {
  writeFileAtomic(rejectedPath(dataDir), JSON.stringify([...rejected]));
}

export class SyncLockedError extends Error {
  constructor(readonly pid: number) {
    super(`Another catalog sync is running (pid ${pid}).`);
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the sync lock of a DATA_DIR: a file created exclusively (O_EXCL) holding this process's
 * pid. A lock whose pid is dead (a killed sync) is taken over. Throws SyncLockedError when a live
 * process holds it. Returns the release.
 */
export function acquireSyncLock(dataDir: string): () => void {
  mkdirSync(syncDir(dataDir), { recursive: true });
  const path = lockPath(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // Created whole with its pid: written under another name, then linked (fails when it exists).
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, String(process.pid));
      try {
        linkSync(tmp, path);
      } finally {
        rmSync(tmp, { force: true });
      }
      return () => {
        try {
          if (readFileSync(path, 'utf8').trim() === String(process.pid)) rmSync(path, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let pid = NaN;
      try {
        pid = Number(readFileSync(path, 'utf8').trim());
      } catch {
        continue; // removed meanwhile: try again
      }
      // This process's own pid: a sync of this process holds it.
      if (Number.isInteger(pid) && pid > 0 && (pid === process.pid || alive(pid)))
        throw new SyncLockedError(pid);
      // A dead holder (a killed sync): take it over.
      // Two processes taking over at once: the one whose create wins holds it.
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the catalog sync lock ${path}.`);
}
