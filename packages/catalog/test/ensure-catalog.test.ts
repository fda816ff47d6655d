import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_VERSION, silentProgress } from '../src/build';
import { catalogFilePath, ensureCatalogFile, ensureCatalogFileAt } from '../src/load';
import { catalogGenerationPath, currentCatalogPath } from '../src/sync/files';
import { catalogTextPath, writeCatalogFiles } from '../src/texts';
import { csv } from './fixture-csv';

// ensureCatalogFile as a start uses it, on a small dataset tarball of the real one's layout:
// built once into the JSON and its text file, loaded after, built again when a part is missing.
describe('ensureCatalogFile', () => {
  let root: string;
  let tarball: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'ensure-catalog-'));
    const pkg = join(root, 'src-pkg');
    mkdirSync(join(pkg, 'package/src/data'), { recursive: true });
    writeFileSync(
      join(pkg, 'package/src/data/movies_metadata.csv'),
      csv([
        { id: 1, title: 'Heat', overview: 'A thief’s last job — in L.A.' },
        { id: 2, title: 'Amélie', overview: 'Paris, 1997. 🎬' },
        { id: 3, title: 'No Words', overview: '' },
      ]),
    );
    writeFileSync(join(pkg, 'package/src/data/keywords.csv'), 'id,keywords\n');
    tarball = join(root, 'dataset.tgz');
    await tar.c({ gzip: true, file: tarball, cwd: pkg }, ['package']);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('builds the JSON and its text file once, then loads them; texts read back exactly', async () => {
    const dataDir = join(root, 'data1');
    // An older version's file in the folder: removed by the build.
    mkdirSync(join(dataDir, 'catalog'), { recursive: true });
    const old = join(dataDir, 'catalog', `catalog.v${CATALOG_VERSION - 1}.json`);
    writeFileSync(old, '{}');
    const first = await ensureCatalogFile({ dataDir, tarball, progress: silentProgress });
    const json = catalogFilePath(dataDir);
    expect(existsSync(json) && existsSync(catalogTextPath(json))).toBe(true);
    expect(existsSync(old)).toBe(false);
    expect(readFileSync(json, 'latin1')).not.toContain('thief');
    const byId = (f: typeof first, id: number) => f.movies.find((m) => m.id === id)!;
    expect(byId(first, 1).overview).toBe('A thief’s last job — in L.A.');
    expect(byId(first, 2).overview).toBe('Paris, 1997. 🎬');
    expect(byId(first, 3).overview).toBe('');

    const again = await ensureCatalogFile({ dataDir, tarball, progress: silentProgress });
    expect(again.built_at).toBe(first.built_at); // loaded, not built
    expect(again.movies.map((m) => [m.id, m.overview, m.tagline])).toEqual(
      first.movies.map((m) => [m.id, m.overview, m.tagline]),
    );
  });

  it('builds both files again when the text file is gone', async () => {
    const dataDir = join(root, 'data2');
    const first = await ensureCatalogFile({ dataDir, tarball, progress: silentProgress });
    rmSync(catalogTextPath(catalogFilePath(dataDir)));
    await new Promise((r) => setTimeout(r, 5)); // a later built_at
    const rebuilt = await ensureCatalogFile({ dataDir, tarball, progress: silentProgress });
    expect(rebuilt.built_at).not.toBe(first.built_at);
    expect(rebuilt.movies.find((m) => m.id === 2)!.overview).toBe('Paris, 1997. 🎬');
  });

  it('says which file it read: the offline catalog, or the generation a sync wrote last', async () => {
    const dataDir = join(root, 'data3');
    const offline = await ensureCatalogFileAt({ dataDir, tarball, progress: silentProgress });
    expect(offline.path).toBe(catalogFilePath(dataDir));
    const synced = catalogGenerationPath(dataDir, 2);
    writeCatalogFiles(synced, { ...offline.file, built_at: '2026-11-27T00:00:00.000Z' });
    writeFileSync(
      currentCatalogPath(dataDir),
      JSON.stringify({ generation: 2, built_at: '2026-11-27T00:00:00.000Z' }),
    );
    const read = await ensureCatalogFileAt({ dataDir, tarball, progress: silentProgress });
    expect([read.path, read.file.built_at]).toEqual([synced, '2026-11-27T00:00:00.000Z']);
  });
});
