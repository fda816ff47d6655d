// Does V8's size mode (--optimize-for-size) still bound the heap when it is set at run time
// AFTER start-up's allocations, as apps/api/src/main.ts now does (decision 0030)? A live set like
// the API's (~100 MB of small objects), then request-like garbage of which a rolling window
// survives a few collections (promoted, then dead): RSS and heap at the end, and the CPU used.
// Usage: node scripts/bench/size-mode-late.mjs none|early|late
import { setFlagsFromString } from 'node:v8';
const mode = process.argv[2];
if (mode === 'early') setFlagsFromString('--optimize-for-size');
// a live set like the API's (~100 MB of small objects)
const live = [];
for (let i = 0; i < 400_000; i++)
  live.push({ id: i, title: 'movie ' + i, overview: 'x'.repeat(150) + i, genres: [i % 7, i % 11] });
if (mode === 'late') setFlagsFromString('--optimize-for-size');
let peak = 0;
const ring = [];
const cpu0 = process.cpuUsage();
for (let r = 0; r < 3000; r++) {
  // request-like garbage: short-lived strings, objects, some surviving a while
  const keep = [];
  ring[r % 40] = keep;
  for (let j = 0; j < 2000; j++)
    keep.push({ a: 'req' + j + r, b: [j, r], c: JSON.stringify({ j, r, s: 'y'.repeat(50) }) });
  if (r % 50 === 0) {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
  }
}
const m = process.memoryUsage();
const c = process.cpuUsage(cpu0);
console.log(
  mode,
  'rss end',
  Math.round(m.rss / 1048576),
  'peak',
  Math.round(peak / 1048576),
  'heapTotal',
  Math.round(m.heapTotal / 1048576),
  'cpu ms',
  Math.round((c.user + c.system) / 1000),
  live.length > 0,
);
