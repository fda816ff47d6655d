#!/usr/bin/env tsx
/**
 * Lighthouse 12 mobile performance on / and /movie/{id}, median of 3 runs each, against a running
 * site (default http://localhost:3000: start it with `npm start`). Uses Debian's Chromium.
 * Usage: npm run bench:web [-- --url http://localhost:3000 --out artifacts/perf/lighthouse.json]
 *        [--pages /,/movie/157336] [--no-probe (a site without the API: the hello-world ceiling)]
 *        [--hello (the hello-world ceiling beside it: the smallest Vite + React page, built and
 *        served compressed on this machine, measured before each page's run, alternated, so both
 *        share the machine's load; each page's LCP is then also given as a ratio to it)]
 */
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    out: { type: 'string' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/,/movie/157336' },
    'no-probe': { type: 'boolean', default: false },
    hello: { type: 'boolean', default: false },
    // 'simulate' (Lighthouse's default: a fast load, the slow phone simulated afterwards) or
    // 'devtools' (the load itself throttled: what the page really does on the slow phone).
    throttling: { type: 'string', default: 'simulate' },
  },
});
const pages = values.pages.split(',');
const runs = Number(values.runs);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Measure the steady state: the API and the recommender answering (a fresh `npm start` builds or
// loads its model for a while, which would compete for this 2-core machine's CPU).
const deadline = Date.now() + 180_000;
for (const probe of values['no-probe'] ? [] : ['/api/health', '/api/recommend?tmdb_id=157336&top_n=10']) {
  for (;;) {
    const ok = await fetch(`${values.url}${probe}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${values.url}${probe} is not answering`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

interface Run {
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  /** Time to interactive: when the main thread is quiet after the page's scripts have run. */
  tti_ms: number;
  cls: number;
  /** What the largest paint was (Lighthouse's selector for the element), to see what to speed up. */
  lcp_element?: string | undefined;
  /** Why Lighthouse could not finish the run (its runtime error's code; the run then scores 0). */
  error?: string | undefined;
  /** How many times the run was repeated after Lighthouse failed to trace it. */
  retried?: number;
}

/** The LCP element's selector from the audit's details (a table whose first row holds the node). */
function lcpElement(details: unknown): string | undefined {
  type Node = { type?: string; selector?: string; nodeLabel?: string };
  type Table = { items?: { node?: Node; items?: { node?: Node }[] }[] };
  const first = (details as Table | undefined)?.items?.[0];
  const node = first?.node ?? first?.items?.[0]?.node;
  return node?.selector
    ? `${node.selector}${node.nodeLabel ? ` (${node.nodeLabel.slice(0, 40)})` : ''}`
    : undefined;
}

/** The hello-world page (scripts/bench/hello), built and served as the bench's web step serves it. */
async function startHello(): Promise<{ url: string; stop: () => void }> {
  const root = resolve(import.meta.dirname, '../..');
  const dir = mkdtempSync(resolve(tmpdir(), 'bench-hello-'));
  execFileSync(
    resolve(root, 'node_modules/.bin/vite'),
    ['build', '--logLevel', 'warn', '--outDir', dir, '--emptyOutDir'],
    {
      cwd: resolve(root, 'scripts/bench/hello'),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  const port = await new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => done(p));
    });
  });
  const server = fork(resolve(root, 'scripts/bench/static-server.mjs'), [dir, String(port)], {
    stdio: 'ignore',
  });
  await new Promise((r) => server.once('message', r));
  return { url: `http://127.0.0.1:${port}`, stop: () => server.kill() };
}
const hello = values.hello ? await startHello() : null;

/** One Lighthouse run of a page: its score and the metrics behind it. */
async function measure(path: string, base = values.url): Promise<{ score: number; run: Run }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const r = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      throttlingMethod: values.throttling === 'devtools' ? 'devtools' : 'simulate',
    });
    if (!r) throw new Error(`Lighthouse returned nothing for ${path}`);
    const lhr = r.lhr;
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      run: {
        fcp_ms: Math.round(metric('first-contentful-paint')),
        lcp_ms: Math.round(metric('largest-contentful-paint')),
        tbt_ms: Math.round(metric('total-blocking-time')),
        tti_ms: Math.round(metric('interactive')),
        cls: +metric('cumulative-layout-shift').toFixed(3),
        lcp_element: lcpElement(lhr.audits['largest-contentful-paint-element']?.details),
        error: lhr.runtimeError?.code,
      },
    };
  } finally {
    await chrome.kill();
  }
}

// One discarded run per page first: the server's first answers (generated images, cold caches)
// and the browser's first start are not what a visitor of a running site meets.
for (const path of pages) await measure(path);
if (hello) await measure('/', hello.url);

const results: Record<string, { scores: number[]; median: number; runs: Run[] }> = {};
/** The hello-world page's runs, one before each run of ours (--hello). */
const ceiling: Run[] = [];
for (const path of pages) {
  const measured = [];
  for (let i = 0; i < runs; i++) {
    if (hello) ceiling.push((await measure('/', hello.url)).run);
    // A run Lighthouse itself could not trace (a runtime error such as NO_NAVSTART: no score,
    // nothing measured of the page) is run again, at most twice, and says so.
    let m = await measure(path);
    for (let retry = 1; retry <= 2 && m.run.error; retry++) {
      console.log(`${path}: Lighthouse failed (${m.run.error}); run again`);
      m = await measure(path);
      m.run.retried = retry;
    }
    measured.push(m);
  }
  const scores = measured.map((m) => m.score);
  results[path] = { scores, median: median(scores), runs: measured.map((m) => m.run) };
  console.log(`${path}: performance ${scores.join(', ')} → median ${median(scores)} (target 95)`);
}
hello?.stop();
const ceilingLcp = ceiling.length ? median(ceiling.map((r) => r.lcp_ms)) : null;
if (ceilingLcp !== null) {
  console.log(`hello world: LCP median ${ceilingLcp} ms (${ceiling.map((r) => r.lcp_ms).join(', ')})`);
  for (const [path, r] of Object.entries(results)) {
    const lcp = median(r.runs.map((x) => x.lcp_ms));
    console.log(`${path}: LCP median ${lcp} ms = ${(lcp / ceilingLcp).toFixed(2)}× hello world's`);
  }
}
if (values.out) {
  const out = resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      {
        command: 'npm run bench:web',
        date: new Date().toISOString(),
        url: values.url,
        preset: 'mobile (Lighthouse default)',
        throttling: values.throttling,
        results,
        ...(ceilingLcp !== null ? { helloWorld: { lcpMedianMs: ceilingLcp, runs: ceiling } } : {}),
      },
      null,
      2,
    ) + '\n',
  );
}
