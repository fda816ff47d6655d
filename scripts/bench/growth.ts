/**
 * Catalog growth: the API started on synthetic catalogs of several sizes (the real one perturbed,
 * `syntheticCatalog`), measuring a warm start (database and catalog file already there), RSS once
 * the title index is built, and search suggestions over HTTP (the same 2–6 character prefixes
 * and typos as the search step).
 */
import {
  benchTitles,
  CATALOG_VERSION,
  readCatalogFile,
  syntheticCatalog,
  writeCatalogFiles,
} from '@app/catalog';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_ACCEPT_ENCODING, rssOf, searchLatency, startApi } from './lib';

export interface GrowthRow {
  movies: number;
  startMs?: number;
  startCpuMs?: number;
  load?: number;
  rssMb?: number;
  p50?: number;
  p95?: number;
  p99?: number;
  error?: string;
}

export async function growthBench(catalogDir: string, factors: number[]): Promise<GrowthRow[]> {
  // As a start loads it (the texts from the file beside it), so synthetic movies carry texts.
  const real = await readCatalogFile(join(catalogDir, `catalog/catalog.v${CATALOG_VERSION}.json`));
  const titles = benchTitles(real.movies);
  const rows: GrowthRow[] = [];
  for (const factor of factors) {
    const movies = factor > 1000 ? factor : Math.round(real.movies.length * factor);
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-growth-'));
    const row: GrowthRow = { movies };
    try {
      writeCatalogFiles(
        join(dataDir, `catalog/catalog.v${CATALOG_VERSION}.json`),
        syntheticCatalog(real, movies),
      );
      // A first start creates the database (PGlite's initdb); the one measured is a restart.
      await (await startApi(dataDir)).stop();
      const api = await startApi(dataDir);
      try {
        row.startMs = api.startMs;
        row.startCpuMs = api.startCpuMs;
        row.load = api.load;
        for (let i = 0; i < 6000 && !/search index ready/.test(api.log()); i++)
          await new Promise((r) => setTimeout(r, 100));
        row.rssMb = rssOf(api.child.pid!).rssMb;
        // Each query once on a new process (nothing cached), with what a browser accepts.
        const r = await searchLatency(api.base, titles, { acceptEncoding: BROWSER_ACCEPT_ENCODING });
        const all = [r.prefixes, r.typos];
        row.p50 = Math.max(...all.map((x) => x.p50!));
        row.p95 = Math.max(...all.map((x) => x.p95!));
        row.p99 = Math.max(...all.map((x) => x.p99!));
      } finally {
        await api.stop();
      }
    } catch (err) {
      row.error = String(err).split('\n').slice(0, 3).join(' ').slice(0, 300);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    console.log(`growth ${movies}:`, JSON.stringify(row));
    rows.push(row);
  }
  return rows;
}
