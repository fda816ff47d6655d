import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogFile, CatalogMovie } from '../types';
import { mergeCatalog } from './run';
import {
  acquireSyncLock,
  Journal,
  journalPath,
  lockPath,
  readJournal,
  readState,
  SyncLockedError,
  writeState,
  emptyState,
} from './state';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'catalog-sync-state-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const movie = (id: number, title = `Film ${id}`): CatalogMovie =>
  ({ id, title, genre_ids: [], popularity: 1, vote_count: 10 }) as unknown as CatalogMovie;

describe('the sync journal', () => {
  it('a torn last line (kill -9 mid-write) is ignored, and the next entry starts its own line', () => {
    const dir = tmp();
    const j = new Journal(dir);
    j.add({ id: 1, movie: movie(1) });
    j.add({ id: 2, gone: true });
    j.close();
    appendFileSync(journalPath(dir), '{"id":3,"movie":{"id":3,"tit');
    expect([...readJournal(dir).keys()]).toEqual([1, 2]);
    const again = new Journal(dir);
    again.add({ id: 3, failed: 'HTTP 500' });
    again.close();
    expect([...readJournal(dir).keys()]).toEqual([1, 2, 3]);
    expect(readFileSync(journalPath(dir), 'utf8').split('\n').filter(Boolean)).toHaveLength(4);
  });
});

describe('the sync state', () => {
  it('is written whole and read back; a missing or broken one is an empty state', () => {
    const dir = tmp();
    expect(readState(dir)).toEqual(emptyState());
    writeState(dir, { ...emptyState(), last_sync: '2024-08-01T00:00:00.000Z', generation: 3 });
    expect(readState(dir)).toMatchObject({ last_sync: '2024-08-01T00:00:00.000Z', generation: 3 });
    writeFileSync(join(dir, 'catalog/sync/state.json'), '{"version":1,');
    expect(readState(dir)).toEqual(emptyState());
  });
});

describe('the sync lock', () => {
  it('refuses a second sync while the first holds it, and is free again once released', () => {
    const dir = tmp();
    const release = acquireSyncLock(dir);
    // Another process's view: the lock holds a live pid (this one).
    const other = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import {readFileSync} from 'node:fs'; const pid = Number(readFileSync(${JSON.stringify(lockPath(dir))}, 'utf8')); process.exit(pid === ${process.pid} ? 0 : 1)`,
      ],
      { encoding: 'utf8' },
    );
    expect(other.status).toBe(0);
    // A second sync of this same process is refused too.
    expect(() => acquireSyncLock(dir)).toThrow(SyncLockedError);
    release();
    acquireSyncLock(dir)();
  });

  it('throws SyncLockedError when a live process holds it, and takes over a dead one', () => {
    const dir = tmp();
    acquireSyncLock(dir); // creates the folder
    writeFileSync(lockPath(dir), String(process.ppid));
    expect(() => acquireSyncLock(dir)).toThrow(SyncLockedError);
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(lockPath(dir), dead.stdout);
    const release = acquireSyncLock(dir);
    expect(readFileSync(lockPath(dir), 'utf8')).toBe(String(process.pid));
    release();
  });
});

describe('mergeCatalog', () => {
  it('replaces changed films, adds new ones, drops removed, gone and no-longer-kept ones', () => {
    const base = { movies: [movie(1), movie(2), movie(3), movie(4), movie(5)] } as CatalogFile;
    const journal = new Map([
      [2, { id: 2, movie: movie(2, 'Film 2 (new title)') }],
      [3, { id: 3, gone: true as const }],
      [4, { id: 4, skip: 'adult', popularity: 1 }],
      [9, { id: 9, movie: movie(9) }],
      [10, { id: 10, skip: 'too few votes', popularity: 1 }],
      [11, { id: 11, failed: 'HTTP 500 after 5 tries' }],
    ]);
    const merged = mergeCatalog(base, { removed: [5] }, journal);
    expect(merged.movies.map((m) => [m.id, m.title])).toEqual([
      [1, 'Film 1'],
      [2, 'Film 2 (new title)'],
      [9, 'Film 9'],
    ]);
    expect(merged.counts).toEqual({ new: 1, changed: 1, removed: 3, failed: 1, skipped: 1 });
  });
});
