#!/usr/bin/env tsx
/**
 * Lighthouse mobile on the same pages of several running sites, alternated run by run (the order
 * rotates each round), with the load average beside each run: an A/B of two builds beside the
 * hello-world ceiling in the same window, for a machine whose load changes from minute to minute.
 * Usage: npx tsx e2e/bench/lighthouse-ab.ts --site hello=http://127.0.0.1:4102 --site old=http://127.0.0.1:4103
 *          --site new=http://127.0.0.1:4100 [--pages /,/movie/157336] [--rounds 3] [--out ab.json]
 * A site named `hello` is measured on `/` only (the ceiling has one page).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';

const { values } = parseArgs({
  options: {
    site: { type: 'string', multiple: true, default: [] },
    pages: { type: 'string', default: '/,/movie/157336' },
    rounds: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
});
const sites = values.site.map((s) => {
  const at = s.indexOf('=');
  return { name: s.slice(0, at), url: s.slice(at + 1) };
});
const pages = values.pages.split(',');
const targets = sites.flatMap((s) =>
  (s.name === 'hello' ? ['/'] : pages).map((p) => ({ key: `${s.name} ${p}`, url: `${s.url}${p}` })),
);

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  load: number;
}
async function measure(url: string): Promise<Run> {
  const load = +loadavg()[0]!.toFixed(1);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const r = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
    });
    const lhr = r!.lhr;
    const n = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: n('first-contentful-paint'),
      lcp: n('largest-contentful-paint'),
      tbt: n('total-blocking-time'),
      cls: +(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3),
      load,
    };
  } finally {
    await chrome.kill();
  }
}

// One discarded run each: the servers' first answers and the browser's first start.
for (const t of targets) await measure(t.url);
const runs = new Map<string, Run[]>(targets.map((t) => [t.key, []]));
for (let round = 0; round < Number(values.rounds); round++) {
  const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
  for (const t of order) {
    const run = await measure(t.url);
    runs.get(t.key)!.push(run);
    console.log(`round ${round + 1} ${t.key}: ${JSON.stringify(run)}`);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
// A run Lighthouse could not finish (no paint within its time limit on a busy machine: score 0,
// no metrics) is listed as failed and left out of the medians.
const finished = (rs: Run[]) => rs.filter((r) => Number.isFinite(r.lcp));
const ceiling = runs.get('hello /') ? median(finished(runs.get('hello /')!).map((r) => r.lcp)) : NaN;
const summary = targets.map((t) => {
  const rs = runs.get(t.key)!;
  const ok = finished(rs);
  const lcp = median(ok.map((r) => r.lcp));
  return {
    page: t.key,
    scores: rs.map((r) => (Number.isFinite(r.lcp) ? String(r.score) : 'failed')),
    median: median(ok.map((r) => r.score)),
    fcp: median(ok.map((r) => r.fcp)),
    lcp,
    lcpRatio: +(lcp / ceiling).toFixed(2),
    tbt: ok.map((r) => r.tbt),
    cls: Math.max(...ok.map((r) => r.cls)),
    load: rs.map((r) => r.load),
  };
});
console.log('| page | scores | median | FCP ms | LCP ms | LCP ÷ hello-world | TBT ms | CLS | load average |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const s of summary)
  console.log(
    `| ${s.page} | ${s.scores.join(', ')} | ${s.median} | ${s.fcp} | ${s.lcp} | ${s.lcpRatio}× | ${s.tbt.join(', ')} | ${s.cls} | ${s.load.join(', ')} |`,
  );
if (values.out)
  writeFileSync(
    values.out,
    JSON.stringify({ date: new Date().toISOString(), runs: Object.fromEntries(runs), summary }, null, 2),
  );
