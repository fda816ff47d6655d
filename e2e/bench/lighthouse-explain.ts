#!/usr/bin/env tsx
/**
 * Why a page's first paint is when it is under Lighthouse's simulation (lantern): one Lighthouse
 * mobile run, then the observed trace's requests and main-thread tasks that came before the
 * observed first paint (lantern's FCP graph takes from them the High-priority scripts that ended
 * before it, unless their evaluation started after it, and the CPU tasks that started before it).
 * Usage: npx tsx e2e/bench/lighthouse-explain.ts --url http://127.0.0.1:3000/ [--out lhr.json]
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';

const { values } = parseArgs({
  options: { url: { type: 'string', default: 'http://127.0.0.1:3000/' }, out: { type: 'string' } },
});

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
try {
  const r = await lighthouse(values.url, {
    port: chrome.port,
    onlyCategories: ['performance'],
    logLevel: 'error',
  });
  if (!r) throw new Error('Lighthouse returned nothing');
  const lhr = r.lhr;
  if (values.out) writeFileSync(values.out, JSON.stringify(lhr));
  type Items = Record<string, unknown>[];
  const items = (id: string) =>
    ((lhr.audits[id]?.details as { items?: Items } | undefined)?.items ?? []) as Items;
  const m = items('metrics')[0] as Record<string, number>;
  const fcp = m.observedFirstContentfulPaint!;
  console.log(
    `score ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}; simulated FCP ${Math.round(m.firstContentfulPaint!)} LCP ${Math.round(m.largestContentfulPaint!)} TBT ${Math.round(m.totalBlockingTime!)}; observed FCP ${Math.round(fcp)} LCP ${Math.round(m.observedLargestContentfulPaint!)} DCL ${Math.round(m.observedDomContentLoaded!)} load ${Math.round(m.observedLoad!)}`,
  );
  const lcpEl = (
    lhr.audits['largest-contentful-paint-element']?.details as {
      items?: { items?: { node?: { selector?: string } }[] }[];
    }
  )?.items?.[0]?.items?.[0]?.node?.selector;
  console.log(`LCP element: ${lcpEl}`);
  console.log('requests (observed ms from navigation start; * = ended before the observed FCP):');
  for (const q of items('network-requests')) {
    const end = q.networkEndTime as number;
    console.log(
      `${end <= fcp ? '*' : ' '} ${String(Math.round(q.networkRequestTime as number)).padStart(5)}–${String(Math.round(end)).padStart(5)} ${String(q.priority).padEnd(8)} ${String(q.resourceType).padEnd(10)} ${String(q.transferSize).padStart(7)} B ${String(
        q.url,
      )
        .replace(/^https?:\/\/[^/]+/, '')
        .slice(0, 70)}`,
    );
  }
  console.log('main-thread tasks ≥ 5 ms (observed start ms, duration):');
  for (const t of items('main-thread-tasks'))
    if ((t.duration as number) >= 5)
      console.log(
        `${(t.startTime as number) <= fcp ? '*' : ' '} ${Math.round(t.startTime as number)} ${Math.round(t.duration as number)} ms`,
      );
} finally {
  await chrome.kill();
}
