import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module of the repository's scripts
import { buildServers, serverBuildIsStale } from '../../../scripts/build-server.mjs';
import { seedPgliteDir } from './helpers/db';
import { startApiProcess, tempDataDir } from './helpers/process';

describe('the compiled API (what npm start runs)', () => {
  it('builds, starts with plain node, serves the catalog with its index, and stops cleanly', async () => {
    await buildServers();
    expect(serverBuildIsStale()).toBe(false);
    const dataDir = tempDataDir();
    try {
      // The build and its start are the subject; its database is as after a first start (making
      // one is seconds of CPU: this test took 119 s of its 120 beside the browser suite).
      await seedPgliteDir(join(dataDir, 'pglite'));
      const api = await startApiProcess({ DATA_DIR: dataDir }, { compiled: true, healthyWithinMs: 150_000 });
      const movie = await fetch(`${api.url}/api/tmdb/movie/550`);
      expect(((await movie.json()) as { title: string }).title).toBe('Fight Club');
      // A search right after start (the index may still be building) has the same answer.
      const search = await fetch(`${api.url}/api/tmdb/search/movie?query=interstelar`);
      expect(((await search.json()) as { results: { id: number }[] }).results[0]!.id).toBe(157336);
      expect(await api.stop('SIGTERM')).toBe(0);
      expect(api.output()).toContain('ready to serve');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
