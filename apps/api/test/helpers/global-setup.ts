import { ensureCatalogFile, silentProgress } from '@app/catalog';
import { runTmpdir } from '../../../../scripts/test/run-tmpdir';
import { ensurePgliteSnapshotFile } from './db';
import { DATASET_TARBALL, TEST_CATALOG_DIR } from './paths';

/**
 * The test catalog, built once; and every temporary folder the tests make (a stack's DATA_DIR, an
 * embedded database, an export file, the PostgreSQL outage test's server) under one folder for the
 * run, removed when it ends; and the migrated PGlite snapshot every test database starts from,
 * made once (kept between runs, named by its migrations).
 */
export default async function setup(): Promise<() => void> {
  await ensureCatalogFile({ dataDir: TEST_CATALOG_DIR, tarball: DATASET_TARBALL, progress: silentProgress });
  await ensurePgliteSnapshotFile();
  return runTmpdir('api-tests-');
}
