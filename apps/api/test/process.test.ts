import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startApiProcess, tempDataDir } from './helpers/process';

describe('the API process', () => {
  it('starts with embedded defaults, serves, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = tempDataDir();
    try {
      const api = await startApiProcess({ DATA_DIR: dataDir });
      const res = await fetch(`${api.url}/api/tmdb/movie/550`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { title: string }).title).toBe('Fight Club');
      const page = await fetch(`${api.url}/`);
      expect(await page.text()).toContain('TMDB');
      expect(await api.stop('SIGTERM')).toBe(0);
      expect(api.output()).toContain('ready to serve');
      expect(api.output()).toContain('shutting down');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses to start with an invalid environment, naming each bad variable', async () => {
    await expect(startApiProcess({ PORT: 'x', DATABASE_URL: 'nope' })).rejects.toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });
});
