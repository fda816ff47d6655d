import { describe, expect, it } from 'vitest';
import type { JudgedSummary } from '../src/eval/judged';
import type { Metrics, PairedInterval } from '../src/eval/protocol';
import {
  evalReport,
  judgedVerdict,
  REPORT_END,
  REPORT_START,
  verdict,
  withReport,
  type QuestionResult,
} from '../src/eval/report';

const metrics = (ndcg10: number): Metrics => ({
  hr10: ndcg10 * 2,
  ndcg10,
  recall20: ndcg10 * 3,
  coverage10: 0.01,
  meanPopularity10: 50,
  cases: 100,
});
const interval = (ratio: number, low: number, high: number): PairedInterval => ({
  ratio,
  low,
  high,
  diff: 0,
  diffLow: 0,
  diffHigh: 0,
});
const question = (vs: PairedInterval): QuestionResult => ({
  cut: '2016-02-04T21:34:50.000Z',
  cases: 100,
  users: 20,
  methods: { TopPop: metrics(0.02), served: metrics(0.03) },
  served_vs: { TopPop: vs },
  best_baseline: 'TopPop',
});
const summary = (over: Partial<JudgedSummary> = {}): JudgedSummary => ({
  seeds: 20,
  picks_per_seed: 10,
  main_genre_share: 0.9,
  franchise_seeds: 5,
  franchise_seeds_hit: 5,
  franchise_recall: 1,
  near_year_share: 0.1,
  near_year_base: 0.08,
  near_year_excess: 0.02,
  recurring: [],
  max_lists_per_film: 1,
  ...over,
});

describe(verdict.name, () => {
  it('is met only when the ratio reaches 1.05 and its interval lies above 1', () => {
    expect(verdict(question(interval(1.3, 1.1, 1.6)), 'served')).toContain('**met**');
    expect(verdict(question(interval(1.3, 0.9, 1.6)), 'served')).toContain('does not exclude 1');
    expect(verdict(question(interval(0.5, 0.2, 0.9)), 'served')).toContain('missed by 2.10×');
  });

  it('writes an infinite bound (a baseline at 0 in some resamples, null in the JSON) as ∞', () => {
    const vs = { ...interval(1.2, 0, 2), high: null as unknown as number };
    expect(verdict(question(vs), 'served')).toContain('[0.00, ∞]');
    expect(verdict(question(interval(1.2, 0, Infinity)), 'served')).toContain('[0.00, ∞]');
  });
});

describe(judgedVerdict.name, () => {
  it('names every set and target that is missed', () => {
    expect(judgedVerdict({ a: summary() })).toBe('Every judged target holds on every set.');
    const text = judgedVerdict({
      a: summary({ main_genre_share: 0.6 }),
      b: summary({ franchise_seeds_hit: 4, recurring: [{ tmdb_id: 1, title: 'X', lists: 3, group: 0 }] }),
    });
    expect(text).toContain('a: main genre 60.0%');
    expect(text).toContain('b: franchise 4/5');
    expect(text).toContain('b: 1 recurring films');
  });
});

describe(evalReport.name, () => {
  it('has a table per question asked, with the served row marked and the best baseline named', () => {
    const md = evalReport(
      {
        command: 'npm run recommender:eval -- --ratings X',
        date: '2026-11-25T19:00:00.000Z',
        seconds: 400,
        served: 'served',
        oneSeed: question(interval(1.5, 1.2, 1.9)),
        history: null,
        perUser: null,
        judged: { 'content · development': summary() },
      },
      'for you',
    );
    expect(md).toContain('Global temporal split, one seed');
    expect(md).not.toContain('history → "For you"');
    expect(md).toContain('| **served** | 0.0300 |');
    expect(md).toContain('| TopPop (best baseline) | 0.0200 |');
    expect(md).toContain('| content · development | 20 | 90.0% | 5/5 |');
  });
});

describe(withReport.name, () => {
  it('replaces only what lies between the markers, and leaves a page without them alone', () => {
    const page = `# Title\n\nbefore\n${REPORT_START}\n\nold figures\n${REPORT_END}\nafter\n`;
    const next = withReport(page, 'new figures\n');
    expect(next).toBe(`# Title\n\nbefore\n${REPORT_START}\n\nnew figures\n\n${REPORT_END}\nafter\n`);
    expect(withReport(next, 'new figures\n')).toBe(next);
    expect(withReport('no markers', 'x')).toBe('no markers');
  });
});
