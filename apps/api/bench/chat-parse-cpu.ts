/**
 * CPU time of the chat's parser alone (`understand()`, no catalog, no retrieval) over the user
 * messages of the dev, fresh4 and own6 sets, parsed five times after one warm-up pass.
 *
 * Usage: npx tsx bench/chat-parse-cpu.ts [--lru-get]
 * --lru-get reads the phrase-split cache with `Lru.get` (delete + re-insert on every hit, as before
 * the review of round 6) instead of `Lru.peek`, for an A/B of that read; alternate the two runs.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Lru } from '../src/modules/chat/lru';
import { FILLER } from '../src/modules/chat/understand/lexicon';
import { Speller } from '../src/modules/chat/understand/text';
import { LEXICON_WORDS, understand } from '../src/modules/chat/understand/understand';
import type { ParseContext } from '../src/modules/chat/understand/clauses';

const lruGet = process.argv.includes('--lru-get');
if (lruGet) (Lru.prototype as unknown as { peek: unknown }).peek = Lru.prototype.get;

const texts: string[] = [];
const walk = (x: unknown): void => {
  if (Array.isArray(x)) x.forEach(walk);
  else if (x && typeof x === 'object')
    for (const [k, v] of Object.entries(x)) {
      if ((k === 'user' || k === 'message' || k === 'text') && typeof v === 'string') texts.push(v);
      else walk(v);
    }
};
for (const set of ['dev', 'fresh4', 'own6'])
  walk(JSON.parse(readFileSync(resolve(import.meta.dirname, 'chat-sets', `${set}.json`), 'utf8')));

const ctx: ParseContext = { referenceYear: 2017, keywordVocabulary: new Set(), resolveTitle: () => null };
const speller = new Speller([...LEXICON_WORDS], (w) => LEXICON_WORDS.has(w) || FILLER.has(w), LEXICON_WORDS);
for (const t of texts) understand(t, ctx, speller);
const start = process.cpuUsage();
for (let r = 0; r < 5; r++) for (const t of texts) understand(t, ctx, speller);
const used = process.cpuUsage(start);
console.log(
  `${lruGet ? 'Lru.get ' : 'Lru.peek'}: ${texts.length} messages x 5, user CPU ${Math.round(used.user / 1000)} ms`,
);
