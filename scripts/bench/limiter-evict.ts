/**
 * The per-visitor limit's in-process store under a flood of new addresses: µs per new key once
 * the store is full (25,000 keys, as MAX_KEYS_PER_LIMITER), five rounds of 100,000 keys.
 * Usage: npx tsx scripts/bench/limiter-evict.ts
 */
import { BoundedMemoryStorage, MAX_KEYS_PER_LIMITER } from '../../apps/api/src/lib/rate-limit';

const store = new BoundedMemoryStorage(MAX_KEYS_PER_LIMITER, 60_000, 30);
let i = 0;
for (let round = 0; round < 5; round++) {
  const started = performance.now();
  for (let k = 0; k < 100_000; k++, i++)
    store.incrby(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, 1, 60);
  console.log(
    `round ${round + 1}: ${(((performance.now() - started) / 100_000) * 1000).toFixed(2)} µs a new key (${store.size} kept)`,
  );
}
process.exit(0);
