/**
 * Two builds of the API started on one DATA_DIR in turn (A B, B A, ...), each to /api/health: its
 * time, its CPU, the start log's catalogReadMs / catalogIndexMs / databaseReadyMs, and its RSS then
 * (decision 0111). The DATA_DIR must have been started once (its database and chat vectors made).
 *
 *   node scripts/build-server.mjs   # in each checkout
 *   nice -n 19 npx tsx scripts/bench/ab-start.ts DATA_DIR A/apps/api/dist/main.js B/apps/api/dist/main.js [--rounds 3]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { rssOf, startApi } from './lib';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '3' } },
});
const [dataDir, mainA, mainB] = positionals.map((p) => resolve(p));
if (!dataDir || !mainA || !mainB) throw new Error('usage: ab-start.ts DATA_DIR A/main.js B/main.js');
const mains = { A: mainA, B: mainB };
for (let round = 0; round < Number(values.rounds); round++) {
  for (const name of round % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
    const api = await startApi(dataDir, {}, mains[name]);
    const { rssMb } = rssOf(api.child.pid!);
    // The log line is written just after the listen.
    await new Promise((r) => setTimeout(r, 300));
    const ready = /\{[^\n]*"ready to serve"[^\n]*\}/.exec(api.log())?.[0] ?? '';
    const field = (k: string) => Number(new RegExp(`"${k}":(\\d+)`).exec(ready)?.[1]);
    console.log(
      JSON.stringify({
        build: name,
        round,
        load: api.load,
        startMs: api.startMs,
        startCpuMs: api.startCpuMs,
        catalogReadMs: field('catalogReadMs'),
        catalogIndexMs: field('catalogIndexMs'),
        databaseReadyMs: field('databaseReadyMs'),
        rssMb,
      }),
    );
    await api.stop();
  }
}
