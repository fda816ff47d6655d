/**
 * Named films: how many of each judged seed's top 10 the evaluator's own words name (the
 * `expect` text of the seeds.json files under eval/, written before any tuning), from lists dumped
 * by `bench/judge-default.ts --dump FILE`; with two or more dumps, the per-seed difference of each
 * against the first with a paired bootstrap 95% interval over the seeds. A stand-in for a person:
 * a film the evaluator named is one a person expects; a good pick they did not name counts nothing.
 *
 *   npx tsx bench/named-films.ts BEFORE.json [AFTER.json …]
 */
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
const root = 'eval';
const expects = new Map<string, string>();
for (const d of ['.', ...readdirSync(root)]) {
  const f = join(root, d, 'seeds.json');
  if (!existsSync(f)) continue;
  for (const s of JSON.parse(readFileSync(f, 'utf8'))) expects.set(`${d}/${s.tmdb_id}`, s.expect);
}
const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
for (const file of process.argv.slice(2)) {
  const dump = JSON.parse(readFileSync(file, 'utf8'));
  let hits = 0,
    seeds = 0,
    anyHit = 0;
  const per: Record<string, [number, number]> = {};
  for (const row of dump) {
    const e = expects.get(`${row.set}/${row.seed.tmdb_id}`);
    if (!e) continue;
    seeds++;
    let h = 0;
    for (const p of row.picks) {
      if (p.title.length < 3) continue;
      if (new RegExp(`(^|[^\\w])${esc(p.title)}($|[^\\w])`).test(e)) h++;
    }
    hits += h;
    if (h) anyHit++;
    per[row.set] ??= [0, 0];
    per[row.set]![0] += h;
    per[row.set]![1]++;
  }
  console.log(
    file,
    `named hits ${hits} over ${seeds} seeds (${(hits / seeds).toFixed(3)}/seed), seeds with ≥1: ${anyHit}`,
  );
  console.log(
    '  ' +
      Object.entries(per)
        .map(([s, [h, n]]) => `${s}:${(h / n).toFixed(2)}`)
        .join(' '),
  );
}
// Paired bootstrap of the per-seed hit difference, each file against the first.
const perSeed = (file: string) => {
  const m = new Map<string, number>();
  for (const row of JSON.parse(readFileSync(file, 'utf8'))) {
    const e = expects.get(`${row.set}/${row.seed.tmdb_id}`);
    if (!e) continue;
    m.set(
      `${row.set}/${row.seed.tmdb_id}`,
      row.picks.filter(
        (p: { title: string }) =>
          p.title.length >= 3 && new RegExp(`(^|[^\\w])${esc(p.title)}($|[^\\w])`).test(e),
      ).length,
    );
  }
  return m;
};
const [first, ...rest] = process.argv.slice(2);
const a = perSeed(first!);
let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
for (const f of rest) {
  const b = perSeed(f);
  const d = [...a.keys()].map((k) => (b.get(k) ?? 0) - a.get(k)!);
  const means: number[] = [];
  for (let r = 0; r < 2000; r++) {
    let s = 0;
    for (let i = 0; i < d.length; i++) s += d[Math.floor(rnd() * d.length)]!;
    means.push(s / d.length);
  }
  means.sort((x, y) => x - y);
  const mean = d.reduce((x, y) => x + y, 0) / d.length;
  console.log(
    `${f} − ${first}: ${mean.toFixed(3)} [${means[50]!.toFixed(3)}, ${means[1949]!.toFixed(3)}]  better ${d.filter((x) => x > 0).length} worse ${d.filter((x) => x < 0).length}`,
  );
}
