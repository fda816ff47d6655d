import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config/env';
import {
  catalogSyncScheduler,
  DAY_MS,
  lastCatalogSync,
  spawnCatalogSync,
  SyncScheduler,
  type SyncSchedulerOptions,
} from './sync-scheduler';

/** The site's own sync (decision 0084): when it runs, on a fake clock, with a fake sync. */

const HOUR = 3_600_000;
const silent = { info: () => {}, warn: () => {}, debug: () => {} };

function scheduler(last: { at: Date | null }, over: Partial<SyncSchedulerOptions> = {}) {
  const runs: number[] = [];
  const s = new SyncScheduler({
    runSync: async () => {
      runs.push(Date.now());
      last.at = new Date(); // the sync records its completion
    },
    lastSync: () => last.at,
    log: silent,
    firstMs: 1000,
    ...over,
  });
  return { s, runs };
}

afterEach(() => {
  vi.useRealTimers();
});

describe(SyncScheduler.name, () => {
  it('syncs at start when the last sync is more than a day old, or there was none, then daily', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T08:00:00Z') });
    for (const at of [null, new Date(Date.now() - DAY_MS - HOUR)]) {
      const last = { at };
      const { s, runs } = scheduler(last);
      s.start();
      await vi.advanceTimersByTimeAsync(999);
      expect(runs).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(runs).toHaveLength(1);
      // The next one a day after it completed, not before.
      await vi.advanceTimersByTimeAsync(DAY_MS - 1);
      expect(runs).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(runs).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(DAY_MS);
      expect(runs).toHaveLength(3);
      s.stop();
      await vi.advanceTimersByTimeAsync(3 * DAY_MS);
      expect(runs).toHaveLength(3);
    }
  });

  it('does not sync at start when the last sync is fresh: a day after it instead', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T08:00:00Z') });
    const last = { at: new Date(Date.now() - 3 * HOUR) };
    const { s, runs } = scheduler(last);
    s.start();
    await vi.advanceTimersByTimeAsync(21 * HOUR - 1);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(1);
    s.stop();
  });

  it('a sync another instance ran meanwhile counts: no second one', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T08:00:00Z') });
    const last = { at: new Date(Date.now() - 20 * HOUR) };
    const { s, runs } = scheduler(last);
    s.start();
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    last.at = new Date(); // another instance synced
    await vi.advanceTimersByTimeAsync(4 * HOUR);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(DAY_MS - 4 * HOUR);
    expect(runs).toHaveLength(1);
    s.stop();
  });

  it('a failed sync is tried again an hour later, and logged', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T08:00:00Z') });
    const warnings: object[] = [];
    let fail = true;
    const last: { at: Date | null } = { at: null };
    let runs = 0;
    const s = new SyncScheduler({
      runSync: async () => {
        runs++;
        if (fail) throw new Error('TMDB is down');
        last.at = new Date();
      },
      lastSync: () => last.at,
      log: { info: () => {}, warn: (o) => warnings.push(o) },
      firstMs: 0,
    });
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    expect(warnings).toEqual([{ reason: 'TMDB is down', retryMs: HOUR }]);
    fail = false;
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(DAY_MS - 1);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(3);
    s.stop();
  });

  it('runs only with a TMDB key: offline nothing changes', () => {
    const offline = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data-dir' });
    expect(catalogSyncScheduler(offline, silent)).toBeNull();
    const live = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data-dir', TMDB_API_KEY: 'k' });
    expect(catalogSyncScheduler(live, silent)).toBeInstanceOf(SyncScheduler);
  });
});

describe('the sync as a child process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cinelog-sync-child-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A fake sync CLI: records its DATA_DIR and parent, then exits with `code` (or waits). */
  const fake = (name: string, body: string) => {
    const path = join(dir, `${name}.mts`);
    writeFileSync(path, body);
    return path;
  };

  // The child runs at nice 10 (serving comes first): beside two busy suites it gets a small share
  // of the CPU, so each start of tsx may take many seconds (the CI timed out at 30 s for three).
  it('runs the sync in a child with DATA_DIR, its lines logged', async () => {
    const ok = fake(
      'ok',
      `import { writeFileSync } from 'node:fs';
       console.log('export: 100%');
       writeFileSync(process.env.DATA_DIR + '/ran.json', JSON.stringify({ ppid: process.ppid }));`,
    );
    const lines: string[] = [];
    await spawnCatalogSync(dir, (l) => lines.push(l), ok)(new AbortController().signal);
    expect(JSON.parse(readFileSync(join(dir, 'ran.json'), 'utf8'))).toEqual({ ppid: process.pid });
    expect(lines).toContain('export: 100%');
  }, 90_000);

  it('a locked sync (exit 75) is no failure', async () => {
    const locked = fake('locked', `console.error('another sync runs'); process.exit(75);`);
    await expect(
      spawnCatalogSync(dir, () => {}, locked)(new AbortController().signal),
    ).resolves.toBeUndefined();
  }, 90_000);

  it("another exit is a failure with the child's last line", async () => {
    const broken = fake('broken', `console.error('TMDB answered 401'); process.exit(1);`);
    await expect(spawnCatalogSync(dir, () => {}, broken)(new AbortController().signal)).rejects.toThrow(
      /exited with 1: TMDB answered 401/,
    );
  }, 90_000);

  it('stopping the API stops the sync it runs', async () => {
    const slow = fake('slow', `setTimeout(() => {}, 600_000); console.log('started');`);
    const controller = new AbortController();
    let aborted = 0;
    const stop = () => {
      aborted = performance.now();
      controller.abort();
    };
    const run = spawnCatalogSync(dir, stop, slow)(controller.signal);
    await expect(run).rejects.toThrow();
    expect(aborted).toBeGreaterThan(0);
    expect(performance.now() - aborted).toBeLessThan(20_000); // killed, not waited for
  }, 90_000);
});

describe(lastCatalogSync.name, () => {
  it("is the later of the sync state's last_sync and current.json's synced_at; null when never synced", () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cinelog-last-sync-'));
    try {
      expect(lastCatalogSync(dataDir)).toBeNull();
      mkdirSync(join(dataDir, 'catalog', 'sync'), { recursive: true });
      writeFileSync(
        join(dataDir, 'catalog', 'current.json'),
        JSON.stringify({ generation: 2, built_at: 'b', movies: 3, synced_at: '2026-11-20T10:00:00.000Z' }),
      );
      expect(lastCatalogSync(dataDir)?.toISOString()).toBe('2026-11-20T10:00:00.000Z');
      writeFileSync(
        join(dataDir, 'catalog', 'sync', 'state.json'),
        JSON.stringify({
          version: 1,
          last_sync: '2026-11-25T09:00:00.000Z',
          generation: 2,
          retry: [],
          run: null,
        }),
      );
      expect(lastCatalogSync(dataDir)?.toISOString()).toBe('2026-11-25T09:00:00.000Z');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
