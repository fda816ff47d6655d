/**
 * What a first visit to a page asks of the image CDN, and when its largest paint happens (no
 * throttling: a count, not a score). Usage: npx tsx e2e/bench/cdn-requests.ts http://127.0.0.1:3000/ [runs]
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';

const url = process.argv[2] ?? 'http://127.0.0.1:3000/';
const runs = Number(process.argv[3] ?? 3);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdn = { asked: 0, failed: 0 };
    const cdnHost = new URL((await (await fetch(new URL('/api/config', url))).json()).images.base_url).host;
    page.on('request', (r) => {
      if (new URL(r.url()).host === cdnHost) cdn.asked++;
    });
    page.on('requestfailed', (r) => {
      if (new URL(r.url()).host === cdnHost) cdn.failed++;
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(Math.round(entries[entries.length - 1]!.startTime));
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    console.log(`${url}: CDN requests ${cdn.asked} (${cdn.failed} failed), LCP ${lcp} ms`);
    await context.close();
  }
} finally {
  await browser.close();
}
