import { ensureCatalogFile, silentProgress } from '@app/catalog';
import { DATASET_TARBALL, TEST_CATALOG_DIR } from './paths';

export default async function setup() {
  await ensureCatalogFile({ dataDir: TEST_CATALOG_DIR, tarball: DATASET_TARBALL, progress: silentProgress });
}
