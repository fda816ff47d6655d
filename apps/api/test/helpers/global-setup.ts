import { ensureCatalogFile, silentProgress } from '@app/catalog';
import { runTmpdir } from '../../../../scripts/test/run-tmpdir';
import { DATASET_TARBALL, TEST_CATALOG_DIR } from './paths';

/**
 * The test catalog, built once; and every temporary folder the tests make (a stack's DATA_DIR, an
 * embedded database, an export file, the PostgreSQL outage test's server) under one folder for the
 * run, removed when it ends.
 */
export default async function setup(): Promise<() => void> {
  await ensureCatalogFile({ dataDir: TEST_CATALOG_DIR, tarball: DATASET_TARBALL, progress: silentProgress });
  return runTmpdir('api-tests-');
}
