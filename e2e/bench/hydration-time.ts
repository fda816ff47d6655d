#!/usr/bin/env tsx
/**
 * When a server-rendered page becomes interactive, against its load event, in an unthrottled
 * Chromium: the moment the app has hydrated (main.tsx appends the toaster's root to <body> right
 * after `hydrateRoot`) and `loadEventStart`, for each site alternated, 5 runs a page.
 * A test (or a visitor) that clicks as soon as the page has loaded clicks before hydration when the
 * first exceeds the second. With --throttle, the load is throttled as Lighthouse's mobile
 * devtools throttling does it (150 ms round trips, 1.6 Mbps down, 750 kbps up, CPU ×4): when a
 * slow phone's visitor can use the page, and when it painted its largest content. Usage:
 *   npx tsx e2e/bench/hydration-time.ts --site old=http://127.0.0.1:4103 --site new=http://127.0.0.1:4100 [--throttle]
 */
import { parseArgs } from 'node:util';
import { launch } from '../tests/browser';

const { values } = parseArgs({
  options: {
    site: { type: 'string', multiple: true, default: [] },
    pages: { type: 'string', default: '/,/movie/157336' },
    runs: { type: 'string', default: '5' },
    throttle: { type: 'boolean', default: false },
  },
});
const sites = values.site.map((s) => [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)] as const);
const browser = await launch();
const out: Record<string, number[]> = {};
for (let rep = 0; rep < Number(values.runs); rep++)
  for (const [name, base] of rep % 2 ? [...sites].reverse() : sites)
    for (const path of values.pages.split(',')) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      if (values.throttle) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      }
      await page.addInitScript(`new PerformanceObserver((l) => {
          for (const e of l.getEntries()) window.__lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });`);
      await page.addInitScript(`new MutationObserver((_, o) => {
          const last = document.body && document.body.lastElementChild;
          if (last && last.tagName === 'DIV' && last.id !== 'root') { window.__hydrated = performance.now(); o.disconnect(); }
        }).observe(document, { childList: true, subtree: true });`);
      await page.goto(base + path);
      await page.waitForFunction(() => (window as unknown as { __hydrated?: number }).__hydrated, undefined, {
        timeout: 60_000,
      });
      const [hydrated, load, lcp] = (await page.evaluate(
        '[window.__hydrated, performance.getEntriesByType("navigation")[0].loadEventStart, window.__lcp]',
      )) as [number, number, number];
      (out[`${name} ${path} largest paint`] ??= []).push(Math.round(lcp));
      (out[`${name} ${path} hydrated`] ??= []).push(Math.round(hydrated));
      (out[`${name} ${path} load`] ??= []).push(Math.round(load));
      (out[`${name} ${path} hydrated − load`] ??= []).push(Math.round(hydrated - load));
      await context.close();
    }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [k, v] of Object.entries(out)) console.log(`${k}: ${v.join(', ')} ms (median ${median(v)})`);
await browser.close();
