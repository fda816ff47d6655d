/**
 * Training memory at catalog sizes up to TMDB's (issue 45): a synthetic catalog of N films (the
 * real one perturbed, `syntheticCatalog`, as the API's growth bench makes them) is written to a
 * fresh DATA_DIR, and the trainer (`src/train/cli.ts`, as the service's child runs it) trains a
 * content-only model on it under `/usr/bin/time -v`: its peak RSS, CPU seconds and wall time.
 *
 *   cd services/recommender && nice -n 10 npx tsx bench/train-memory.ts --movies 100000 [--movies 250000 …] \
 *     [--base DIR] [--out ../../artifacts/perf/train-memory.json]
 *
 * --base is a DATA_DIR holding the offline catalog (built there from the dataset when absent).
 */
import { catalogFilePath, readCatalogFile, syntheticCatalog, writeCatalogFiles } from '@app/catalog';
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCatalog, REPO_ROOT } from '../src/catalog';

const { values } = parseArgs({
  options: {
    movies: { type: 'string', multiple: true, default: ['100000'] },
    base: { type: 'string', default: join(tmpdir(), 'recommender-train-memory-base') },
    out: { type: 'string', default: resolve(REPO_ROOT, 'artifacts/perf/train-memory.jsonl') },
    keep: { type: 'boolean', default: false },
  },
});

interface Row {
  movies: number;
  peakRssMb?: number;
  cpuSeconds?: number;
  wallSeconds?: number;
  modelMb?: number;
  /** The trainer's own memory log: each stage's RSS and peak so far. */
  stages?: string[];
  error?: string;
  at: string;
  load: number;
}

const base = resolve(values.base);
await loadCatalog(base); // builds the offline catalog there once
const real = await readCatalogFile(catalogFilePath(base));
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const cli = resolve(import.meta.dirname, '../src/train/cli.ts');
mkdirSync(dirname(values.out), { recursive: true });

for (const n of values.movies.map(Number)) {
  const dir = mkdtempSync(join(tmpdir(), 'recommender-train-memory-'));
  const row: Row = { movies: n, at: new Date().toISOString(), load: Number((await loadAvg()).toFixed(2)) };
  try {
    writeCatalogFiles(catalogFilePath(dir), syntheticCatalog(real, n));
    const out = await run('/usr/bin/time', ['-v', process.execPath, tsx, cli], {
      ...process.env,
      DATA_DIR: dir,
    });
    const field = (name: string) => new RegExp(`${name}: ([\\d.:]+)`).exec(out.text)?.[1];
    row.peakRssMb = Math.round(Number(field('Maximum resident set size \\(kbytes\\)')) / 1024);
    row.cpuSeconds = Number(field('User time \\(seconds\\)')) + Number(field('System time \\(seconds\\)'));
    row.wallSeconds = wall(field('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)') ?? '');
    row.stages = [...out.text.matchAll(/memory: (.+)/g)].map((m) => m[1]!);
    const model = /written to (\S+)/.exec(out.text)?.[1];
    if (model) row.modelMb = Math.round(statSync(model).size / 1e6);
    if (out.code !== 0) row.error = out.text.trim().split('\n').slice(-25, -19).join(' | ').slice(0, 600);
  } catch (err) {
    row.error = String(err).slice(0, 300);
  } finally {
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
  }
  console.log(JSON.stringify(row));
  appendFileSync(values.out, JSON.stringify(row) + '\n');
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; text: string }> {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    const keep = (c: Buffer) => (text = (text + c.toString()).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? 1, text }));
  });
}

function wall(hms: string): number {
  return hms.split(':').reduce((s, part) => s * 60 + Number(part), 0);
}

async function loadAvg(): Promise<number> {
  const { loadavg } = await import('node:os');
  return loadavg()[0]!;
}
