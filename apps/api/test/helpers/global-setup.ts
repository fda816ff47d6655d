import { ensureCatalogFile, silentProgress } from '@app/catalog';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATASET_TARBALL, TEST_CATALOG_DIR } from './paths';

/**
 * The test catalog, built once; and every temporary folder the tests make (a stack's DATA_DIR, an
 * embedded database, an export file) under one folder for the run, removed when the run ends, so
 * that a test which fails before closing what it opened leaves nothing in /tmp: `os.tmpdir()`
 * reads TMPDIR, which the test workers inherit from here.
 */
export default async function setup(): Promise<() => void> {
  await ensureCatalogFile({ dataDir: TEST_CATALOG_DIR, tarball: DATASET_TARBALL, progress: silentProgress });
  const dir = mkdtempSync(join(tmpdir(), 'api-tests-'));
  // Traversable by other users, as /tmp is: the PostgreSQL outage test runs its server as the
  // postgres user in a folder of its own under this one (mkdtemp makes it 0700).
  chmodSync(dir, 0o755);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}
