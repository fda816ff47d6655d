import { catalogFilePath, ensureCatalogFile, silentProgress, writeCatalogFiles } from '@app/catalog';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATASET_TARBALL, TEST_CATALOG_DIR } from './paths';

/**
 * A DATA_DIR of its own (a temporary folder, the caller removes it) whose catalog is the `count`
 * best-known films of the test catalog (by votes) and the films of `keep`, written as a build
 * writes one: for a test of what a process does with a catalog (train on it, serve from it) that
 * is not about its size. A process's first model or vectors over 45k films took minutes of CPU on
 * a busy machine; over a few thousand they take seconds.
 */
export async function knownFilmsDataDir(
  count: number,
  keep: readonly number[] = [],
  prefix = 'known-',
): Promise<string> {
  const file = await ensureCatalogFile({
    dataDir: TEST_CATALOG_DIR,
    tarball: DATASET_TARBALL,
    progress: silentProgress,
  });
  const known = [...file.movies].sort((x, y) => y.vote_count - x.vote_count).slice(0, count);
  const ids = new Set(known.map((m) => m.id));
  const movies = [...known, ...file.movies.filter((m) => keep.includes(m.id) && !ids.has(m.id))];
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeCatalogFiles(catalogFilePath(dir), { ...file, movies });
  return dir;
}
