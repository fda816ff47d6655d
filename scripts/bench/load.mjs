// The load generator, in its own process: autocannon with many simulated visitors (a random
// X-Forwarded-For per request, for a server that trusts its proxy). Prints one JSON result.
// Usage: node load.mjs '{"url": ..., "headers": {...}, "paths": [...], "connections": 16, "duration": 5}'
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2]);
const ip = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;
if (opts.mode === 'latency') {
  // Each path (or request: {path, method, body}) once, `concurrency` at a time: the latency of
  // every request, in ms.
  const queue = [...(opts.requests ?? opts.paths.map((path) => ({ path })))];
  const times = [];
  let failed = 0;
  const worker = async () => {
    for (let r = queue.shift(); r !== undefined; r = queue.shift()) {
      const t0 = performance.now();
      const res = await fetch(new URL(r.path, opts.url), {
        method: r.method ?? 'GET',
        headers: {
          ...opts.headers,
          ...(r.body ? { 'content-type': 'application/json' } : {}),
          'x-forwarded-for': ip(),
        },
        ...(r.body ? { body: JSON.stringify(r.body) } : {}),
      });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (!res.ok) failed++;
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  times.sort((a, b) => a - b);
  const pct = (p) => +times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(2);
  console.log(JSON.stringify({ requests: times.length, failed, p50: pct(50), p95: pct(95), p99: pct(99) }));
  process.exit(0);
}

let i = 0;
const paths = opts.paths ?? [new URL(opts.url).pathname + new URL(opts.url).search];
const result = await autocannon({
  url: new URL(opts.url).origin,
  connections: opts.connections ?? 16,
  duration: opts.duration ?? 5,
  amount: opts.amount,
  requests: [
    {
      setupRequest: (req) => ({
        ...req,
        path: paths[i++ % paths.length],
        headers: { ...req.headers, ...opts.headers, 'x-forwarded-for': ip() },
      }),
    },
  ],
});
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    latency: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99 },
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerSecond: result.throughput.average,
  }),
);
