// The load generator, in its own process: autocannon with many simulated visitors (a random
// X-Forwarded-For per request, for a server that trusts its proxy). Prints one JSON result.
// Usage: node load.mjs '{"url": ..., "headers": {...}, "paths": [...], "connections": 16, "duration": 5}'
import autocannon from 'autocannon';
import http from 'node:http';
import { createRequire } from 'node:module';

const opts = JSON.parse(process.argv[2]);
if (!opts.decodeBodies) {
  // autocannon appends every response body to a string (`body += chunk`: a UTF-8 decoding) that
  // nothing here reads. On brotli bytes that decoding took the generator ~110–150 µs of CPU a
  // request against ~50–70 µs on JSON text (scripts/bench/ab-bare.ts, decision 0041): the
  // generator, not the server, set the pace of the brotli reads. Bytes are still counted.
  const Queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js');
  Queue.prototype.addBody = function () {};
}
const ip = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;
if (opts.mode === 'latency') {
  // Each path (or request: {path, method, body}) once, `concurrency` at a time: the latency of
  // every request, in ms, to its last byte (the body as sent: not decoded). node:http with
  // keep-alive, one connection per worker (as a browser keeps one to the site), opened before
  // the clock starts; fetch cost the client itself about a millisecond a request.
  const concurrency = opts.concurrency ?? 4;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(opts.url);
  const send = (r) =>
    new Promise((done, fail) => {
      const body = r.body ? JSON.stringify(r.body) : undefined;
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: r.path,
          method: r.method ?? 'GET',
          headers: {
            // What fetch sent, which this client replaced (over http, undici asks for no brotli).
            'accept-encoding': 'gzip, deflate',
            ...opts.headers,
            ...(body
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
              : {}),
            'x-forwarded-for': ip(),
          },
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => done(res.statusCode));
        },
      );
      req.on('error', fail);
      req.end(body);
    });
  await Promise.all(Array.from({ length: concurrency }, () => send({ path: '/api/health' })));
  const queue = [...(opts.requests ?? opts.paths.map((path) => ({ path })))];
  const times = [];
  let failed = 0;
  const worker = async () => {
    for (let r = queue.shift(); r !== undefined; r = queue.shift()) {
      const t0 = performance.now();
      const status = await send(r);
      times.push(performance.now() - t0);
      if (status >= 400) failed++;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  const pct = (p) => +times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(2);
  console.log(
    JSON.stringify({
      requests: times.length,
      failed,
      p50: pct(50),
      p95: pct(95),
      p99: pct(99),
      requestsPerSecond: Math.round(times.length / seconds),
    }),
  );
  process.exit(0);
}

let i = 0;
const paths = opts.paths ?? [new URL(opts.url).pathname + new URL(opts.url).search];
const result = await autocannon({
  url: new URL(opts.url).origin,
  connections: opts.connections ?? 16,
  duration: opts.duration ?? 5,
  amount: opts.amount,
  // A fixed rate (requests per second, all connections together): CPU per request compared at
  // the same rate, where batching does not differ (scripts/bench/ab-bare.ts --rate).
  ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
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
