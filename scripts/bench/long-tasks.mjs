// The main thread's tasks while a page loads, with Chromium's CPU slowed four times (as
// Lighthouse's mobile preset assumes): each task of at least MIN ms, when it started and what ran
// in it. Decision 0075 was measured with it. Needs a running site.
//   node scripts/bench/long-tasks.mjs URL [--width 412] [--min 25] [--runs 1]
import { chromium } from 'playwright-core';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    width: { type: 'string', default: '412' },
    min: { type: 'string', default: '25' },
    runs: { type: 'string', default: '1' },
  },
});
const url = positionals[0];
if (!url) throw new Error('usage: long-tasks.mjs URL [--width 412] [--min 25] [--runs 1]');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
for (let run = 1; run <= Number(values.runs); run++) {
  const context = await browser.newContext({ viewport: { width: Number(values.width), height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(6000);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  // The page's renderer: the main thread with the most tasks.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  const tasksOf = (m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask');
  const main = mains.sort((a, b) => tasksOf(b).length - tasksOf(a).length)[0];
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ts > 0);
  const t0 = Math.min(...own.map((e) => e.ts));
  const long = tasksOf(main).filter((t) => t.dur >= Number(values.min) * 1000);
  console.log(
    `run ${run}: ${url} at ${values.width} px, CPU ×4: ${long.length} tasks of ${values.min} ms or more`,
  );
  for (const t of long) {
    const inside = own
      .filter((e) => e.ts >= t.ts && e.ts < t.ts + t.dur && e.dur > 3000 && e.name !== 'RunTask')
      .slice(0, 6)
      .map(
        (e) =>
          `${e.name}${e.args?.data?.url ? `(${e.args.data.url.split('/').pop()})` : ''}:${Math.round(e.dur / 1000)}`,
      );
    console.log(
      `  at ${Math.round((t.ts - t0) / 1000)} ms: ${Math.round(t.dur / 1000)} ms  ${inside.join(' ')}`,
    );
  }
  await context.close();
}
await browser.close();
