import { CatalogIndex, ensureCatalogFile, silentProgress } from '@app/catalog';
import { DATASET_TARBALL, TEST_CATALOG_DIR } from './paths';

let cached: Promise<CatalogIndex> | undefined;

/** The full offline catalog (45k movies), shared by the tests of one worker. */
export function fullCatalog(): Promise<CatalogIndex> {
  cached ??= ensureCatalogFile({
    dataDir: TEST_CATALOG_DIR,
    tarball: DATASET_TARBALL,
    progress: silentProgress,
  }).then((f) => new CatalogIndex(f));
  return cached;
}
