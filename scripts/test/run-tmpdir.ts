/**
 * A test run's temporary folders under one folder, removed when the run ends: a vitest global
 * setup calls this and returns what it returns. `os.tmpdir()` reads TMPDIR, which the test workers
 * inherit from the setup, so a test that fails before cleaning up leaves nothing in /tmp. The
 * folder is traversable by other users, as /tmp is (a test may run a server as another user, such
 * as the API's PostgreSQL outage test, in a folder of its own under it; mkdtemp makes it 0700).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function runTmpdir(prefix: string): () => void {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}
