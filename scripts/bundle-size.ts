#!/usr/bin/env tsx
/**
 * The web app's download sizes, from the build in apps/web/dist (run `npm run build` first):
 * the shell every page loads (index.html's scripts, module preloads and stylesheet) and, for the
 * two benchmarked pages, the screen chunks the server preloads with them. Sizes are the files
 * the API sends: the build's gzip -9 and brotli 11 copies. A page's whole download (its HTML,
 * with the server's render, state and stylesheet, and every file it names: `/` ≤ 130 KB, a movie
 * page ≤ 120 KB gzip) needs the API running: e2e/tests/bundle.test.ts measures and asserts it.
 * Usage: npm run bench:bundle [-- --out artifacts/perf/bundle.json]
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { WebPages } from '../apps/api/src/modules/web/web-pages';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const dist = resolve(import.meta.dirname, '../apps/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const pages = WebPages.load(dist)!;

const size = (file: string) => ({
  file,
  raw: statSync(join(dist, file)).size,
  gzip: statSync(join(dist, `${file}.gz`)).size,
  brotli: statSync(join(dist, `${file}.br`)).size,
});
const total = (rows: ReturnType<typeof size>[]) => ({
  gzip: rows.reduce((s, r) => s + r.gzip, 0),
  brotli: rows.reduce((s, r) => s + r.brotli, 0),
});

const shell = [
  ...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!)),
].map(size);
const screens = Object.fromEntries(
  ['/', '/movie/157336'].map((path) => {
    const rows = pages.modulesFor(path).map(size);
    return [path, { chunks: rows, ...total(rows) }];
  }),
);
const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
for (const r of shell)
  console.log(`${kb(r.gzip).padStart(9)} gzip ${kb(r.brotli).padStart(9)} br  ${r.file}`);
const t = total(shell);
console.log(`shell: ${kb(t.gzip)} gzip (target ≤ 110 KB, decision 0088), ${kb(t.brotli)} brotli`);
for (const [path, s] of Object.entries(screens))
  console.log(`${path}: + ${kb(s.gzip)} gzip of screen chunks (${s.chunks.length} files)`);
if (values.out) {
  const out = resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify({ command: 'npm run bench:bundle', shell: { files: shell, ...t }, screens }, null, 2) +
      '\n',
  );
}
