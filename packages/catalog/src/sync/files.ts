import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { CATALOG_VERSION } from '../build';

/**
 * Where a synced catalog lives (decision 0083). Each apply writes a new pair of files named by its
 * generation, `DATA_DIR/catalog/catalog.v{N}.g{G}.json` and its `.text`, never rewriting one a
 * reader may hold, and then `DATA_DIR/catalog/current.json`, last: a reader that reads
 * `current.json` always finds a whole pair. Generation 0 (no `current.json`) is the offline catalog.
 */
export interface CurrentCatalog {
  /** +1 per apply; the consumers reload when it changes. */
  generation: number;
  /** The `built_at` of that generation's catalog file. */
  built_at: string;
  /** How many movies it holds. */
  movies: number;
  /** When the sync that made it finished. */
  synced_at: string;
}

export const catalogDir = (dataDir: string) => join(dataDir, 'catalog');
export const currentCatalogPath = (dataDir: string) => join(catalogDir(dataDir), 'current.json');
export const syncDir = (dataDir: string) => join(catalogDir(dataDir), 'sync');

/** The JSON file of a synced generation (its texts: the same name ending in `.text`). */
export const catalogGenerationPath = (dataDir: string, generation: number) =>
  join(catalogDir(dataDir), `catalog.v${CATALOG_VERSION}.g${generation}.json`);

/** `current.json`, or null when there is none (never synced) or it is unreadable. */
export function readCurrentCatalog(dataDir: string): CurrentCatalog | null {
  try {
    const c = JSON.parse(readFileSync(currentCatalogPath(dataDir), 'utf8')) as Partial<CurrentCatalog>;
    if (typeof c.generation !== 'number' || !Number.isInteger(c.generation) || c.generation < 1) return null;
    return c as CurrentCatalog;
  } catch {
    return null;
  }
}

/**
 * The JSON file a start loads: the current synced generation when `current.json` names one whose
 * file is there, else null (the offline catalog, `catalogFilePath`).
 */
export function syncedCatalogPath(dataDir: string): string | null {
  const current = readCurrentCatalog(dataDir);
  if (!current) return null;
  const path = catalogGenerationPath(dataDir, current.generation);
  return existsSync(path) ? path : null;
}

/** Flushes a file's or a folder's data to disk. */
export function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a file so that a reader (or a restart after kill -9 or a power cut) sees the old content
 * or the new, never a part: a temporary file, fsync, rename, fsync of the folder.
 */
export function writeFileAtomic(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  fsyncPath(dirname(path));
}
