/**
 * The evaluation as markdown: every table of `npm run recommender:eval` (both protocols, both
 * questions, with the paired-bootstrap intervals, the targets met or missed and by how
 * much, the judged figures), made from the JSON document the command writes. The command writes it
 * beside the JSON and between the markers of docs/recommender.md, so the page shows the last run of
 * the one command rather than figures copied by hand.
 */
import type { JudgedSummary } from './judged';
import type { Metrics, PairedInterval } from './protocol';

/** What the report reads of one question's result (EvalResult and HistoryResult both fit). */
export interface QuestionResult {
  cut: string;
  cases: number;
  users: number;
  methods: Record<string, Metrics>;
  served_vs: Record<string, PairedInterval | undefined>;
  best_baseline: string;
}

export interface EvalDocument {
  command: string;
  date: string;
  seconds: number;
  served: string;
  /** The global split, one seed → "more like this". */
  oneSeed: QuestionResult | null;
  /** The global split, history → "For you". */
  history: QuestionResult | null;
  perUser: { one_seed: QuestionResult; history: QuestionResult } | null;
  judged: Record<string, JudgedSummary>;
}

export const REPORT_START = '<!-- recommender:eval report (written by the command; do not edit) -->';
export const REPORT_END = '<!-- end of the recommender:eval report -->';

/** The offline target: NDCG@10 ≥ 1.05 × the best baseline, its interval excluding it. */
export const TARGET_RATIO = 1.05;

const f4 = (x: number) => x.toFixed(4);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
/** A ratio's bound; a JSON null (an infinite bound: the baseline scored 0 in some resamples) is ∞. */
const bound = (x: number | null) => (x === null || !Number.isFinite(x) ? '∞' : x.toFixed(2));

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The served method's verdict against the best baseline, in words a reader can check. */
export function verdict(r: QuestionResult, servedName: string): string {
  const vs = r.served_vs[r.best_baseline];
  if (!vs) return `No comparison with the best baseline (${r.best_baseline}).`;
  const low = vs.low as number | null;
  const met = vs.ratio >= TARGET_RATIO && low !== null && low > 1;
  const how = met
    ? 'met'
    : vs.ratio >= TARGET_RATIO
      ? `missed: the ratio reaches ${TARGET_RATIO} but its interval does not exclude 1`
      : `missed by ${(TARGET_RATIO / Math.max(vs.ratio, 1e-9)).toFixed(2)}× (the ratio is ${vs.ratio.toFixed(2)} of the ${TARGET_RATIO} wanted)`;
  return (
    `${servedName} / best baseline (${r.best_baseline}), NDCG@10: **${vs.ratio.toFixed(2)} ` +
    `[${bound(low)}, ${bound(vs.high as number | null)}]**; target ≥ ${TARGET_RATIO} with the interval above 1: **${how}**.`
  );
}

function questionTable(r: QuestionResult, servedName: string): string {
  const rows = Object.entries(r.methods).map(([name, m]) => {
    const vs = r.served_vs[name];
    const served = name === servedName;
    const label = served ? `**${name}**` : name === r.best_baseline ? `${name} (best baseline)` : name;
    return [
      label,
      f4(m.ndcg10),
      f4(m.hr10),
      f4(m.recall20),
      f4(m.coverage10),
      m.meanPopularity10.toFixed(1),
      vs
        ? `${vs.ratio.toFixed(2)} [${bound(vs.low as number | null)}, ${bound(vs.high as number | null)}]`
        : '',
    ];
  });
  return table(
    ['method', 'NDCG@10', 'HR@10', 'Recall@20', 'coverage@10', 'mean pop@10', 'served / this, 95% CI'],
    rows,
  );
}

function judgedTable(judged: Record<string, JudgedSummary>): string {
  const rows = Object.entries(judged).map(([name, s]) => [
    name,
    String(s.seeds),
    pct(s.main_genre_share),
    `${s.franchise_seeds_hit}/${s.franchise_seeds}`,
    pct(s.franchise_recall),
    `${pct(s.near_year_share)} (${pct(s.near_year_base)})`,
    s.recurring.length ? s.recurring.map((x) => `${x.title} (${x.lists})`).join(', ') : 'none',
  ]);
  return table(
    [
      'model · seed set',
      'seeds',
      'main genre (≥ 70%)',
      'franchise seeds hit (all)',
      'franchise recall',
      '±2 years (genre base; ≤ 30% beyond it)',
      'films in > 2 unrelated lists (none)',
    ],
    rows,
  );
}

/** Whether every judged target holds on every set, and which do not. */
export function judgedVerdict(judged: Record<string, JudgedSummary>): string {
  const misses: string[] = [];
  for (const [name, s] of Object.entries(judged)) {
    if (s.main_genre_share < 0.7) misses.push(`${name}: main genre ${pct(s.main_genre_share)}`);
    if (s.franchise_seeds_hit < s.franchise_seeds)
      misses.push(`${name}: franchise ${s.franchise_seeds_hit}/${s.franchise_seeds}`);
    if (s.near_year_excess > 0.3) misses.push(`${name}: ±2 years ${pct(s.near_year_excess)} beyond genre`);
    if (s.recurring.length) misses.push(`${name}: ${s.recurring.length} recurring films`);
  }
  if (!Object.keys(judged).length) return 'Not run.';
  return misses.length
    ? `Judged targets missed: ${misses.join('; ')}.`
    : 'Every judged target holds on every set.';
}

export function evalReport(doc: EvalDocument, servedForYou: string): string {
  const parts: string[] = [
    `From \`${doc.command}\`, ${doc.date.slice(0, 16).replace('T', ' ')} UTC, ${doc.seconds} s.`,
  ];
  const question = (title: string, r: QuestionResult | null, served: string) => {
    if (!r) return;
    parts.push(
      `**${title}** (cut ${r.cut.slice(0, 10)}; ${r.cases} cases from ${r.users} users)`,
      questionTable(r, served),
      verdict(r, served),
    );
  };
  question('Global temporal split, one seed → "more like this"', doc.oneSeed, doc.served);
  question('Global temporal split, history → "For you"', doc.history, servedForYou);
  question(
    'Per-user temporal holdout, one seed → "more like this"',
    doc.perUser?.one_seed ?? null,
    doc.served,
  );
  question('Per-user temporal holdout, history → "For you"', doc.perUser?.history ?? null, servedForYou);
  if (Object.keys(doc.judged).length)
    parts.push(
      '**Judged check** (the served top 10 of each seed set under `services/recommender/eval/`)',
      judgedTable(doc.judged),
      judgedVerdict(doc.judged),
    );
  return parts.join('\n\n') + '\n';
}

/** `page` with the text between the report's markers replaced by `report` (unchanged without them). */
export function withReport(page: string, report: string): string {
  const start = page.indexOf(REPORT_START);
  const end = page.indexOf(REPORT_END);
  if (start < 0 || end < start) return page;
  return `${page.slice(0, start + REPORT_START.length)}\n\n${report}\n${page.slice(end)}`;
}
