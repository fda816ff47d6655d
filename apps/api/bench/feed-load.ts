/**
 * The activity feed under load (issue 46, decision 0093): 10,000 users, each following 200 others
 * (2,000,000 accepted follows), 50 rated films each (500,000 ratings and activity items), seeded
 * in bulk with generate_series on a fresh PostgreSQL database made for the run (dropped after,
 * unless --keep). Then, for random users, GET /api/feed's service call (SocialService.feed:
 * the query and the mapping, no HTTP) for the first page and the page after it, timed one at a
 * time, in rounds after a warm-up. Prints p50/p95/p99 in milliseconds and the plan's execution
 * time (EXPLAIN ANALYZE) of one first page.
 * Usage (in apps/api): nice -n 10 npx tsx bench/feed-load.ts [users-sampled rounds] [--keep]
 * Prints CPU time per page too (the server process's, from /proc, and Node's): wall times on a
 * busy machine mostly measure the wait for a core.
 * Server: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); the bench
 * creates and drops its own database there.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../src/db/database';
import type { DatabaseSchema } from '../src/db/schema';
import { SocialRepository } from '../src/modules/social/social.repository';
import { SocialService } from '../src/modules/social/social.service';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const keep = process.argv.includes('--keep');
const sampled = Number(args[0] ?? 300);
const rounds = Number(args[1] ?? 3);
const USERS = 10_000;
const FOLLOWING = 200;
const RATED = 50;
const MOVIES = 2_000;

const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_FEED_DB names a database a --keep run left seeded: measured again without seeding.
const reuse = process.env.BENCH_FEED_DB;
const name = reuse ?? `bench_feed_${Date.now()}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
if (!reuse) await admin.query(`create database ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;
const db = await openDatabase({ url: url.toString(), onConnectionError: () => {} });
// The measured queries go through one connection, so that its server process's CPU time is theirs.
const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
const one = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
/** CPU seconds (user + system) of a process, from /proc (Linux; the server runs on this machine). */
const cpuOf = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};

const step = async (label: string, run: () => Promise<unknown>) => {
  const t = performance.now();
  await run();
  console.log(`${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
};

try {
  if (!reuse) await migrateToLatest(db.db);
  if (!reuse)
    await step('seed', async () => {
      await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
      select 'u' || i, 'User ' || i, 'u' || i || '@example.com', true, now(), now()
      from generate_series(1, ${USERS}) i`.execute(db.db);
      await sql`insert into profiles (user_id, username, is_public)
      select 'u' || i, 'user' || i, i % 2 = 0 from generate_series(1, ${USERS}) i`.execute(db.db);
      await sql`insert into movies (tmdb_id, title, overview, vote_average)
      select i, 'Film ' || i, '', 7 from generate_series(1, ${MOVIES}) i`.execute(db.db);
      // User i follows i+37k (mod USERS) for k = 1..200: distinct, never themselves. Bulk: the
      // insert trigger (which reads blocks and privacy) is off while seeding; every follow accepted.
      await sql`alter table follows disable trigger follows_before_insert`.execute(db.db);
      await sql`insert into follows (follower_id, followee_id, state, created_at)
      select 'u' || i, 'u' || (((i - 1 + 37 * k) % ${USERS}) + 1), 'accepted', now() - k * interval '1 minute'
      from generate_series(1, ${USERS}) i, generate_series(1, ${FOLLOWING}) k`.execute(db.db);
      await sql`alter table follows enable trigger follows_before_insert`.execute(db.db);
      // 50 ratings a user over the last year; their activity written in time order.
      await sql`alter table ratings disable trigger activity_on_rating`.execute(db.db);
      await sql`insert into ratings (user_id, tmdb_id, rating, review, created_at, updated_at)
      select 'u' || i, ((i * 7 + j) % ${MOVIES}) + 1, ((i + j) % 10 + 1) / 2.0,
        case when j % 5 = 0 then 'Review ' || i || '-' || j end, t, t
      from generate_series(1, ${USERS}) i, generate_series(0, ${RATED - 1}) j,
        lateral (select now() - (random() * 365) * interval '1 day' as t) ts`.execute(db.db);
      await sql`alter table ratings enable trigger activity_on_rating`.execute(db.db);
      await sql`insert into activity (user_id, kind, tmdb_id, created_at)
      select user_id, case when review is null then 'rating' else 'review' end, tmdb_id, updated_at
      from ratings order by updated_at`.execute(db.db);
      await sql`vacuum analyze`.execute(db.db);
    });

  const repo = new SocialRepository(one);
  const noLimit = { consume: async () => {}, refund: async () => {}, reset: async () => {} };
  const service = new SocialService(
    repo,
    { follow: noLimit, reviewLike: noLimit, reviewReport: noLimit },
    async () => {},
  );
  const pick = () => `u${1 + Math.floor(Math.random() * USERS)}`;
  // Warm-up: the indexes the feed reads, as a running site has them.
  for (let i = 0; i < 200; i++) await service.feed(pick(), undefined);

  const first: number[] = [];
  const second: number[] = [];
  const { rows: who } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(one);
  const serverCpu0 = cpuOf(who[0]!.pid);
  const clientCpu0 = process.cpuUsage();
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < sampled; i++) {
      const uid = pick();
      let t = performance.now();
      const page = await service.feed(uid, undefined);
      first.push(performance.now() - t);
      if (page.results.length !== 20 || !page.next_cursor) throw new Error(`short feed for ${uid}`);
      t = performance.now();
      await service.feed(uid, page.next_cursor);
      second.push(performance.now() - t);
    }
  }
  const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;
  const line = (label: string, xs: number[]) =>
    console.log(
      `${label}: n=${xs.length} p50=${q(xs, 0.5).toFixed(2)} ms p95=${q(xs, 0.95).toFixed(2)} ms p99=${q(xs, 0.99).toFixed(2)} ms`,
    );
  const calls = first.length + second.length;
  const serverMs = ((cpuOf(who[0]!.pid) - serverCpu0) * 1000) / calls;
  const clientUsage = process.cpuUsage(clientCpu0);
  const clientMs = (clientUsage.user + clientUsage.system) / 1000 / calls;
  line('feed, first page', first);
  line('feed, second page (cursor)', second);
  console.log(
    `CPU per feed page: PostgreSQL ${serverMs.toFixed(2)} ms + Node ${clientMs.toFixed(2)} ms (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`,
  );

  const { rows: counts } = await sql<{ follows: string; activity: string }>`
    select (select count(*) from follows) as follows, (select count(*) from activity) as activity`.execute(
    db.db,
  );
  console.log(`rows: follows=${counts[0]!.follows} activity=${counts[0]!.activity}`);
  const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, format text)
    select a.id from follows f cross join lateral (
      select a.id from activity a where a.user_id = f.followee_id order by a.id desc limit 21) a
    where f.follower_id = ${pick()} and f.state = 'accepted' order by a.id desc limit 21`.execute(db.db);
  console.log(
    plan
      .map((p) => p['QUERY PLAN'])
      .filter((l) => /Execution Time|Planning Time/.test(l))
      .join('\n'),
  );
} finally {
  await one.destroy();
  await db.close();
  if (!keep && !reuse) await admin.query(`drop database if exists ${name} with (force)`);
  else console.log(`kept database ${name}`);
  await admin.end();
}
