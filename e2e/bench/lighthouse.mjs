#!/usr/bin/env node
/**
 * Lighthouse 12 mobile performance on / and /movie/{id}, median of 3 runs each, against a running
 * site (default http://localhost:3000: start it with `npm start`). Uses Debian's Chromium.
 * Usage: npm run bench:web [-- --url http://localhost:3000 --out docs/perf/lighthouse.json]
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    out: { type: 'string' },
    runs: { type: 'string', default: '3' },
  },
});
const pages = ['/', '/movie/157336'];
const runs = Number(values.runs);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const results = {};
for (const path of pages) {
  const scores = [];
  const metrics = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const r = await lighthouse(`${values.url}${path}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
      });
      const lhr = r.lhr;
      scores.push(Math.round(lhr.categories.performance.score * 100));
      metrics.push({
        fcp_ms: Math.round(lhr.audits['first-contentful-paint'].numericValue),
        lcp_ms: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        tbt_ms: Math.round(lhr.audits['total-blocking-time'].numericValue),
        cls: +lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
      });
    } finally {
      await chrome.kill();
    }
  }
  results[path] = { scores, median: median(scores), runs: metrics };
  console.log(`${path}: performance ${scores.join(', ')} → median ${median(scores)} (target 95)`);
}
if (values.out) {
  writeFileSync(
    resolve(process.env.INIT_CWD ?? process.cwd(), values.out),
    JSON.stringify(
      {
        command: 'npm run bench:web',
        date: new Date().toISOString(),
        url: values.url,
        preset: 'mobile (Lighthouse default)',
        results,
      },
      null,
      2,
    ) + '\n',
  );
}
