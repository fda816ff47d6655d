import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const TSX = resolve(REPO_ROOT, 'node_modules/.bin/tsx');
const MODULE = resolve(import.meta.dirname, '../src/train/exit-with-service.ts');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a trainer started by the service', () => {
  it('stops within seconds when the service is killed with -9, even while its event loop is blocked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'exit-with-service-'));
    const pidFile = join(dir, 'trainer.pid');
    // The trainer: watches the service, then blocks its event loop as buildModel does.
    const trainer = join(dir, 'trainer.ts');
    writeFileSync(
      trainer,
      `import { writeFileSync } from 'node:fs';
       import { exitWithServiceFromEnv } from ${JSON.stringify(MODULE)};
       exitWithServiceFromEnv();
       writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
       const end = Date.now() + 60_000;
       while (Date.now() < end) {}`,
    );
    // The service: starts the trainer through tsx (as spawnTrainer does) with its own pid, then idles.
    const service = spawn(
      process.execPath,
      [
        '-e',
        `const { spawn } = require('node:child_process');
         spawn(${JSON.stringify(TSX)}, [${JSON.stringify(trainer)}], {
           env: { ...process.env, RECOMMENDER_SERVICE_PID: String(process.pid) }, stdio: 'ignore' });
         setInterval(() => {}, 1000);`,
      ],
      { stdio: 'ignore' },
    );
    try {
      await expect.poll(() => existsSync(pidFile), { timeout: 60_000, interval: 200 }).toBe(true);
      const trainerPid = Number(readFileSync(pidFile, 'utf8'));
      expect(alive(trainerPid)).toBe(true);
      service.kill('SIGKILL');
      await expect.poll(() => alive(trainerPid), { timeout: 5_000, interval: 100 }).toBe(false);
    } finally {
      service.kill('SIGKILL');
    }
  });
});
