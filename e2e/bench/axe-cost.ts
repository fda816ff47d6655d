/**
 * What an accessibility scan costs the browser, with every result described (axe's default) and
 * with only the violations (`resultTypes: ['violations']`, as tests/browser.ts asks): the home,
 * a movie and a genre page at 1280 and 390 px, each scanned three times per mode, alternated.
 * Prints Chromium's CPU seconds (its processes, from /proc) and wall seconds per mode.
 * Usage: tsx e2e/bench/axe-cost.ts http://127.0.0.1:PORT (a running site)
 */
import AxeBuilder from '@axe-core/playwright';
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';

/** CPU seconds so far of every Chromium process alive now. */
function chromiumCpu(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chrom')) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(f[11]) + Number(f[12])) / 100;
    } catch {
      /* gone */
    }
  }
  return total;
}

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const MODES = ['every result', 'violations only'] as const;
const cpu = { 'every result': 0, 'violations only': 0 };
const wall = { 'every result': 0, 'violations only': 0 };
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
for (const width of [1280, 390]) {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  const page = await context.newPage();
  for (const path of ['/', '/movie/550', '/genre/28']) {
    await page.goto(base + path, { waitUntil: 'load' });
    await page.waitForTimeout(2000);
    for (let i = 0; i < 3; i++)
      for (const mode of i % 2 ? [...MODES].reverse() : MODES) {
        const axe = new AxeBuilder({ page });
        if (mode === 'violations only') axe.options({ resultTypes: ['violations'] });
        const [c, t] = [chromiumCpu(), performance.now()];
        await axe.analyze();
        cpu[mode] += chromiumCpu() - c;
        wall[mode] += (performance.now() - t) / 1000;
      }
  }
  await context.close();
}
await browser.close();
for (const mode of MODES)
  console.log(`${mode}: ${cpu[mode].toFixed(1)} CPU-s, ${wall[mode].toFixed(1)} s wall over 18 scans`);
