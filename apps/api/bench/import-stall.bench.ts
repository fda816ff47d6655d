// How much one large import preview stalls everyone else's requests (issue 45, decision 0090).
// Starts the real API process (tsx src/main.ts, embedded database, offline catalog), signs up a
// verified user through a local SMTP capture, then, while GET /api/tmdb/movie/popular
// (Accept-Encoding: br) is asked every 10 ms, uploads a 10,000-row Letterboxd diary.csv for a
// preview. Prints the p50/p95/max latency of those cheap reads before and during the preview.
//   nice -n 10 npx tsx apps/api/bench/import-stall.bench.ts [rows=10000] [rounds=3]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSmtpCapture } from '../test/fixtures/smtp-capture';
import { Client } from '../test/helpers/auth-stack';
import { bigDiary } from '../test/helpers/import-fixtures';
import { fullCatalog } from '../test/helpers/catalog';
import { REPO_ROOT, TEST_CATALOG_DIR } from '../test/helpers/paths';
import { freePort } from '../test/helpers/process';

const rows = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 3);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

async function main() {
  const catalog = await fullCatalog();
  const films = [...catalog.byId.values()]
    .filter((m) => m.release_date && m.vote_count > 50)
    .slice(0, 4000)
    .map((m) => ({ title: m.title, year: m.release_date!.slice(0, 4) }));
  const csv = new TextEncoder().encode(bigDiary(films, rows));

  const smtp = await startSmtpCapture();
  const dataDir = mkdtempSync(join(tmpdir(), 'import-stall-'));
  symlinkSync(join(TEST_CATALOG_DIR, 'catalog'), join(dataDir, 'catalog'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const loader = pathToFileURL(resolve(REPO_ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  const child = spawn(process.execPath, ['--import', loader, resolve(REPO_ROOT, 'apps/api/src/main.ts')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      RECOMMENDER_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error('the API did not start');
      if (
        await fetch(`${base}/api/health`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const client = new Client(base);
    const email = 'bench@example.com';
    await client.post('/api/auth/sign-up/email', { name: 'Bench', email, password: 'secret123' });
    await client.post('/api/auth/send-verification-email', { email, callbackURL: '/login' });
    await client.get(smtp.linkFor(email));
    await client.post('/api/auth/sign-in/email', { email, password: 'secret123' });
    const token = (await client.get('/api/auth/token')).body.token as string;
    // Warm: the title index and the first preview's code.
    await fetch(`${base}/api/tmdb/movie/popular`, { headers: { 'accept-encoding': 'br' } });
    const small = new TextEncoder().encode(bigDiary(films, 50));
    await preview(base, token, small);

    for (let round = 0; round < rounds; round++) {
      const idle = await probe(base, async () => new Promise((r) => setTimeout(r, 1500)));
      let took = 0;
      const during = await probe(base, async () => {
        const t = performance.now();
        const status = await preview(base, token, csv);
        took = performance.now() - t;
        if (status !== 200) throw new Error(`preview answered ${status}`);
      });
      console.log(
        JSON.stringify({
          round,
          rows,
          preview_ms: Math.round(took),
          idle: { n: idle.length, p50: pct(idle, 50), p95: pct(idle, 95), max: pct(idle, 100) },
          during: { n: during.length, p50: pct(during, 50), p95: pct(during, 95), max: pct(during, 100) },
        }),
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function preview(base: string, token: string, bytes: Uint8Array): Promise<number> {
  const res = await fetch(`${base}/api/user/import/preview?name=diary.csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: bytes as unknown as BodyInit,
  });
  await res.arrayBuffer();
  return res.status;
}

/** Latencies (ms) of cheap reads sent every 10 ms, one at a time, while `work` runs. */
async function probe(base: string, work: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  const loop = (async () => {
    while (!done) {
      const t = performance.now();
      const res = await fetch(`${base}/api/tmdb/movie/popular`, { headers: { 'accept-encoding': 'br' } });
      await res.arrayBuffer();
      times.push(Math.round(performance.now() - t));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  await work();
  done = true;
  await loop;
  return times;
}

await main();
