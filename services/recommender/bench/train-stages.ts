/**
 * Where the trainer's memory goes before its first list (issue 45): RSS and V8 heap after each
 * stage of `makeRanker` on a catalog of N films (the real one, or a synthetic one of N), each stage
 * kept alive as the training keeps it. Peak RSS (`maxRSS`) at the end.
 *
 *   cd services/recommender && nice -n 10 npx tsx --expose-gc bench/train-stages.ts [--movies N] [--base DIR]
 */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { benchCatalog } from './bench-catalog';
import { ContentModel } from '../src/model/content';
import { servedContent } from '../src/model/text-vectors';

const { values } = parseArgs({
  options: {
    movies: { type: 'string' },
    base: { type: 'string', default: join(tmpdir(), 'recommender-train-memory-base') },
  },
});
const mb = (b: number) => Math.round(b / 2 ** 20);
const gc = (globalThis as { gc?: () => void }).gc;
let last = process.memoryUsage();
const rows: string[] = [];
const stage = (name: string) => {
  gc?.();
  const m = process.memoryUsage();
  rows.push(
    `| ${name} | ${mb(m.rss)} | ${mb(m.rss - last.rss)} | ${mb(m.heapUsed)} | ${mb(m.arrayBuffers)} | ${mb(process.resourceUsage().maxRSS * 1024)} |`,
  );
  last = m;
};

stage('start');
const { movies, isCandidate } = await benchCatalog(resolve(values.base), values.movies);
stage(`catalog (${movies.length} films)`);
const tfidf = new ContentModel(movies, { isCandidate });
stage('TF-IDF content model (all films, by field)');
const served = servedContent(movies, isCandidate);
stage('served content (a second TF-IDF, documentaries, catalog vectors)');
console.log(
  [
    '| stage | RSS MB | Δ MB | heap used MB | array buffers MB | peak RSS MB |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n'),
);
void tfidf;
void served;
