/**
 * The catalog at TMDB's size in PostgreSQL (decision 0018): a million synthetic titles in a table
 * with pg_trgm GIN and B-tree indexes, and the title suggestions the search box asks for, as SQL:
 * 2–6 character prefixes (word starts, most popular first) and typos (trigram similarity). Times
 * are client-side over a local connection, one query at a time, each query once.
 * Needs a PostgreSQL server: BENCH_DATABASE_URL (or TEST_DATABASE_URL); it creates and drops its
 * own database.
 */
import { benchTitles, CATALOG_VERSION, readCatalogFile, syntheticCatalog } from '@app/catalog';
import { join } from 'node:path';
import pg from 'pg';
import { makeQueries } from './lib';

export interface PgGrowthRow {
  movies: number;
  loadSeconds: number;
  indexSeconds: number;
  indexMb: number;
  prefixes: { p50: number; p95: number; p99: number };
  typos: { p50: number; p95: number; p99: number };
}

const pct = (xs: number[], p: number) =>
  +[...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!.toFixed(2);

export async function pgGrowthBench(catalogDir: string, url: string, movies: number): Promise<PgGrowthRow> {
  const real = await readCatalogFile(join(catalogDir, `catalog/catalog.v${CATALOG_VERSION}.json`));
  const dbName = `bench_trgm_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${dbName}`;
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    await db.connect();
    await db.query('create extension pg_trgm');
    await db.query(
      'create table movies (id int primary key, title text not null, popularity real not null, vote_count int not null)',
    );
    let t0 = performance.now();
    const all = syntheticCatalog(real, movies).movies;
    for (let i = 0; i < all.length; i += 10_000) {
      const batch = all.slice(i, i + 10_000);
      await db.query(
        'insert into movies select * from unnest($1::int[], $2::text[], $3::real[], $4::int[])',
        [
          batch.map((m) => m.id),
          batch.map((m) => m.title),
          batch.map((m) => m.popularity),
          batch.map((m) => m.vote_count),
        ],
      );
    }
    const loadSeconds = +((performance.now() - t0) / 1000).toFixed(1);
    t0 = performance.now();
    // Word-start prefixes: a trigram GIN index answers 3+ characters, 2 characters use the B-tree
    // on the title's start. Typos: the nearest titles by trigram distance, from a GiST index
    // (an ordered index scan: no similarity threshold to tune, no candidate set to sort).
    await db.query('create index movies_title_trgm on movies using gin (lower(title) gin_trgm_ops)');
    await db.query('create index movies_title_gist on movies using gist (lower(title) gist_trgm_ops)');
    await db.query('create index movies_title_prefix on movies (lower(title) text_pattern_ops)');
    await db.query('create index movies_popularity on movies (popularity desc)');
    await db.query('analyze movies');
    const indexSeconds = +((performance.now() - t0) / 1000).toFixed(1);
    const size = await db.query<{ mb: string }>(
      "select (pg_relation_size('movies_title_trgm') + pg_relation_size('movies_title_prefix') + pg_relation_size('movies_title_gist')) / 1048576 as mb",
    );
    const titles = benchTitles(real.movies);
    const { prefixes, typos } = makeQueries(titles);
    const time = async (sql: string, params: unknown[]) => {
      const s = performance.now();
      await db.query(sql, params);
      return performance.now() - s;
    };
    // The search box's first six suggestions.
    const prefixSql = (q: string) =>
      q.length < 3
        ? // a title starting so (B-tree range), most popular first
          ['select id from movies where lower(title) like $1 order by popularity desc limit 6', [`${q}%`]]
        : // any word starting so (trigram index), most popular first
          [
            'select id from movies where lower(title) like $1 and (lower(title) like $2 or lower(title) like $3) order by popularity desc limit 6',
            [`%${q}%`, `${q}%`, `% ${q}%`],
          ];
    const typoSql = 'select id from movies order by lower(title) <-> $1 limit 6';
    const p: number[] = [];
    for (const q of prefixes) {
      const [sql, params] = prefixSql(q) as [string, unknown[]];
      p.push(await time(sql, params));
    }
    const t: number[] = [];
    for (const q of typos) t.push(await time(typoSql, [q]));
    return {
      movies,
      loadSeconds,
      indexSeconds,
      indexMb: Number(size.rows[0]!.mb),
      prefixes: { p50: pct(p, 50), p95: pct(p, 95), p99: pct(p, 99) },
      typos: { p50: pct(t, 50), p95: pct(t, 95), p99: pct(t, 99) },
    };
  } finally {
    await db.end().catch(() => {});
    await admin.query(`drop database if exists ${dbName}`);
    await admin.end();
  }
}

if (process.argv[1] === import.meta.filename) {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('set BENCH_DATABASE_URL');
  const row = await pgGrowthBench(
    process.argv[2] ?? join(import.meta.dirname, '../../.cache/bench-catalog'),
    url,
    Number(process.argv[3] ?? 1_000_000),
  );
  console.log(JSON.stringify(row));
}
