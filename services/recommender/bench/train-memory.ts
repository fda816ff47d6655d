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
 * The synthetic catalog is written by a child process that exits before the training starts, and
 * the trainer is one node process (`node --import tsx`, not tsx's launcher and its child): the
 * whole tree's RSS while it trains is the trainer's and this small process's, sampled every 250 ms
 * (`treePeakRssMb`, decision 0107). `--write-catalog DIR` (with one --movies) only writes the catalog.
 * The writing child does not inherit a `--max-old-space-size` of NODE_OPTIONS (`withoutHeapCap`).
 */
import { catalogFilePath, readCatalogFile, syntheticCatalog, writeCatalogFiles } from '@app/catalog';
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCatalog, REPO_ROOT } from '../src/catalog';
import { withoutHeapCap } from './child-env';

const { values } = parseArgs({
  options: {
    movies: { type: 'string', multiple: true, default: ['100000'] },
    base: { type: 'string', default: join(tmpdir(), 'recommender-train-memory-base') },
    out: { type: 'string', default: resolve(REPO_ROOT, 'artifacts/perf/train-memory.jsonl') },
    keep: { type: 'boolean', default: false },
    'write-catalog': { type: 'string' },
  },
});

interface Row {
  movies: number;
  peakRssMb?: number;
  /** This process and the trainer's (under /usr/bin/time) RSS summed, its peak while training. */
  treePeakRssMb?: number;
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
if (values['write-catalog']) {
  // The child's part: the synthetic catalog written, then this process ends (and its memory with it).
  await loadCatalog(base); // builds the offline catalog there once
  const real = await readCatalogFile(catalogFilePath(base));
  writeCatalogFiles(
    catalogFilePath(values['write-catalog']),
    syntheticCatalog(real, Number(values.movies[0])),
  );
  process.exit(0);
}
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const cli = resolve(import.meta.dirname, '../src/train/cli.ts');
mkdirSync(dirname(values.out), { recursive: true });

for (const n of values.movies.map(Number)) {
  const dir = mkdtempSync(join(tmpdir(), 'recommender-train-memory-'));
  const row: Row = { movies: n, at: new Date().toISOString(), load: Number((await loadAvg()).toFixed(2)) };
  try {
    // The writer is not what is measured: it runs without the trainer's heap budget.
    const made = await run(
      process.execPath,
      ['--import', tsx, import.meta.filename, '--base', base, '--movies', String(n), '--write-catalog', dir],
      withoutHeapCap(process.env),
    );
    if (made.code !== 0) throw new Error(`catalog not written: ${made.text.slice(-300)}`);
    const tree = sampleTreeRss();
    const out = await run('/usr/bin/time', ['-v', process.execPath, '--import', tsx, cli], {
      ...process.env,
      DATA_DIR: dir,
    });
    row.treePeakRssMb = tree.stop();
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

/** The peak of this process's RSS plus its descendants' (read from /proc every 250 ms) until `stop`. */
function sampleTreeRss(): { stop: () => number } {
  let peakKb = 0;
  const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readProc(`${pid}/status`))?.[1] ?? 0);
  const children = (pid: number): number[] =>
    readProc(`${pid}/task/${pid}/children`).split(/\s+/).filter(Boolean).map(Number);
  const sample = () => {
    let kb = 0;
    const todo = [process.pid];
    while (todo.length) {
      const pid = todo.pop()!;
      kb += rssKb(pid);
      todo.push(...children(pid));
    }
    peakKb = Math.max(peakKb, kb);
  };
  const timer = setInterval(sample, 250);
  sample();
  return {
    stop: () => {
      clearInterval(timer);
      return Math.round(peakKb / 1024);
    },
  };
}

function readProc(path: string): string {
  try {
    return readFileSync(`/proc/${path}`, 'utf8');
  } catch {
    return '';
  }
}

function wall(hms: string): number {
  return hms.split(':').reduce((s, part) => s * 60 + Number(part), 0);
}

async function loadAvg(): Promise<number> {
  const { loadavg } = await import('node:os');
  return loadavg()[0]!;
}
