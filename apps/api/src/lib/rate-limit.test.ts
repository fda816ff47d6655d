import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { REDIS_URL, testRedis } from '../../test/helpers/redis';
import { TooManyRequestsError } from './errors';
import { BoundedMemoryStorage, boundedMemoryLimiter, MAX_KEYS_PER_LIMITER, RateLimits } from './rate-limit';

const spec = { name: 'demo', points: 3, durationSeconds: 60, message: 'Slow down.' };

async function consumeAll(limits: RateLimits, key: string, n: number) {
  const outcomes: string[] = [];
  const limiter = limits.create(spec);
  for (let i = 0; i < n; i++) {
    outcomes.push(
      await limiter.consume(key).then(
        () => 'ok',
        (err: unknown) =>
          err instanceof TooManyRequestsError ? `429 ${err.message}` : `error ${String(err)}`,
      ),
    );
  }
  return outcomes;
}

describe('RateLimits in process', () => {
  it('allows the points, then answers 429 with the given message, per key', async () => {
    const limits = new RateLimits();
    expect(await consumeAll(limits, 'a', 4)).toEqual(['ok', 'ok', 'ok', '429 Slow down.']);
    expect(await consumeAll(limits, 'b', 1)).toEqual(['ok']);
  });

  it('refund gives one point back; reset forgets the key', async () => {
    const limiter = new RateLimits().create(spec);
    for (let i = 0; i < 3; i++) await limiter.consume('k');
    await limiter.refund('k');
    await expect(limiter.consume('k')).resolves.toBeUndefined();
    await expect(limiter.consume('k')).rejects.toBeInstanceOf(TooManyRequestsError);
    await limiter.reset('k');
    for (let i = 0; i < 3; i++) await expect(limiter.consume('k')).resolves.toBeUndefined();
  });

  it('consumeNow counts at once in the same window as consume: the same points, then the same 429', async () => {
    const limiter = new RateLimits().create(spec);
    expect(limiter.consumeNow).toBeTypeOf('function');
    limiter.consumeNow!('k');
    await limiter.consume('k');
    limiter.consumeNow!('k');
    expect(() => limiter.consumeNow!('k')).toThrow(new TooManyRequestsError('Slow down.'));
    await expect(limiter.consume('k')).rejects.toBeInstanceOf(TooManyRequestsError);
    // Refused attempts count too, as the library's consume counts them (5 now): three refunds
    // bring the count to 2, for either way of counting; another key has its own count.
    for (let i = 0; i < 3; i++) await limiter.refund('k');
    expect(() => limiter.consumeNow!('k')).not.toThrow();
    expect(() => limiter.consumeNow!('other')).not.toThrow();
  });

  it('counts per instance: two processes without Redis each allow the full limit', async () => {
    const one = new RateLimits().create(spec);
    const two = new RateLimits().create(spec);
    for (let i = 0; i < 3; i++) await one.consume('k');
    await expect(two.consume('k')).resolves.toBeUndefined();
  });

  it('falls back to in-process counting while Redis is unreachable (never a 500)', async () => {
    // Nothing listens on port 9; commands fail at once (no offline queue).
    const down = new Redis('redis://127.0.0.1:9', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on('error', () => {});
    try {
      expect(await consumeAll(new RateLimits(down, 'down'), 'k', 4)).toEqual([
        'ok',
        'ok',
        'ok',
        '429 Slow down.',
      ]);
    } finally {
      down.disconnect();
    }
  });
});

describe('the in-process store is bounded (thousands of visitors, one address each)', () => {
  afterEach(() => vi.useRealTimers());
  const storeOf = (limiter: unknown) => (limiter as { _memoryStorage: BoundedMemoryStorage })._memoryStorage;
  const timers = () => vi.getTimerCount();

  it('RateLimits counts in it: 500 visitors leave one timer, not 500', async () => {
    vi.useFakeTimers();
    const before = timers();
    const limiter = new RateLimits().create({ ...spec, name: 'visitors' });
    for (let i = 0; i < 500; i++) await limiter.consume(`10.1.${i >> 8}.${i & 255}`);
    expect(timers() - before).toBe(1);
    expect(MAX_KEYS_PER_LIMITER).toBeGreaterThanOrEqual(10_000);
  });

  it('keeps at most maxKeys keys, forgetting the oldest window under its limit first; the rest keep their counts', async () => {
    const limiter = boundedMemoryLimiter({ keyPrefix: 'cap', points: 2, duration: 60 }, 100);
    await limiter.consume('first');
    for (let i = 0; i < 1000; i++) await limiter.consume(`10.0.${i >> 8}.${i & 255}`);
    expect(storeOf(limiter).size).toBe(100);
    // 'first' was the oldest and under its limit: forgotten, a fresh count.
    await expect(limiter.consume('first')).resolves.toMatchObject({ consumedPoints: 1 });
    // The newest visitor's count is kept: one more is allowed, the next refused.
    const last = '10.0.3.231';
    await expect(limiter.consume(last)).resolves.toMatchObject({ consumedPoints: 2 });
    await expect(limiter.consume(last)).rejects.toMatchObject({ consumedPoints: 3 });
  });

  it('a key at or over its limit survives a flood of new keys (a lock cannot be lifted by rotating addresses)', async () => {
    const limiter = boundedMemoryLimiter({ keyPrefix: 'lock', points: 2, duration: 60 }, 100);
    await limiter.consume('victim');
    await limiter.consume('victim');
    await expect(limiter.consume('victim')).rejects.toMatchObject({ consumedPoints: 3 });
    await limiter.consume('at-limit');
    await limiter.consume('at-limit');
    for (let i = 0; i < 1000; i++) await limiter.consume(`10.0.${i >> 8}.${i & 255}`);
    expect(storeOf(limiter).size).toBe(100);
    await expect(limiter.consume('victim')).rejects.toMatchObject({ consumedPoints: 4 });
    await expect(limiter.consume('at-limit')).rejects.toMatchObject({ consumedPoints: 3 });
  });

  it('the eviction walk goes on where it stopped and starts over at the end, still skipping keys at their limit', async () => {
    const limiter = boundedMemoryLimiter({ keyPrefix: 'walk', points: 2, duration: 60 }, 3);
    for (const key of ['a', 'a', 'b', 'b', 'c']) await limiter.consume(key);
    await limiter.consume('d'); // the walk passes a and b (at their limit) and forgets c
    expect([...storeOf(limiter)._storage.keys()]).toEqual(['walk:a', 'walk:b', 'walk:d']);
    await limiter.consume('e'); // the walk is at the end: it starts over, passes a and b, forgets d
    expect([...storeOf(limiter)._storage.keys()]).toEqual(['walk:a', 'walk:b', 'walk:e']);
    await limiter.consume('e'); // now every key is at its limit
    await expect(limiter.consume('f')).rejects.toMatchObject({ remainingPoints: 0 });
    await expect(limiter.consume('a')).rejects.toMatchObject({ consumedPoints: 3 });
  });

  it('when every remembered key is at its limit, a new key is refused (fail closed) until windows end', async () => {
    vi.useFakeTimers();
    const limiter = boundedMemoryLimiter({ keyPrefix: 'full', points: 1, duration: 60 }, 3);
    for (const key of ['a', 'b', 'c']) await limiter.consume(key);
    await expect(limiter.consume('newcomer')).rejects.toMatchObject({ remainingPoints: 0 });
    expect(storeOf(limiter).size).toBe(3);
    await expect(limiter.consume('a')).rejects.toMatchObject({ consumedPoints: 2 });
    vi.advanceTimersByTime(60_001);
    await expect(limiter.consume('newcomer')).resolves.toMatchObject({ consumedPoints: 1 });
    // Through RateLimits: the refusal is the ordinary 429.
    const full = new RateLimits().create({ ...spec, name: 'full', points: 1, maxKeys: 2 });
    await full.consume('x');
    await full.consume('y');
    await expect(full.consume('z')).rejects.toThrow('Slow down.');
  });

  it('one sweeping timer, not one per key; ended windows are swept and never counted', async () => {
    vi.useFakeTimers();
    const before = timers();
    const limiter = boundedMemoryLimiter({ keyPrefix: 'sweep', points: 1, duration: 2 }, 10_000);
    for (let i = 0; i < 500; i++) await limiter.consume(`v${i}`);
    expect(timers() - before).toBe(1);
    await expect(limiter.consume('v1')).rejects.toMatchObject({ consumedPoints: 2 });
    vi.advanceTimersByTime(1_000);
    expect(storeOf(limiter).size).toBe(500); // windows of 2 s: none ended yet
    vi.advanceTimersByTime(1_500);
    expect(storeOf(limiter).size).toBe(0);
    expect(timers() - before).toBe(0); // nothing stored: the timer stops
    await expect(limiter.consume('v1')).resolves.toMatchObject({ consumedPoints: 1 });
  });

  it('an ended window is not counted even before the sweep runs', async () => {
    vi.useFakeTimers();
    const store = new BoundedMemoryStorage(10, 60_000, 5);
    store.incrby('k', 1, 1);
    store.incrby('k', 1, 1);
    expect(store.get('k')?.consumedPoints).toBe(2);
    vi.setSystemTime(Date.now() + 1_001);
    expect(store.get('k')).toBeNull();
    expect(store.incrby('k', 1, 1).consumedPoints).toBe(1);
    expect(store.delete('k')).toBe(true);
    expect(store.size).toBe(0);
  });
});

describe.runIf(REDIS_URL)('RateLimits in Redis', async () => {
  const r = REDIS_URL ? await testRedis(REDIS_URL) : null;
  afterAll(() => r?.close());

  it('shares one count between instances (every API process sees the same limit)', async () => {
    const one = new RateLimits(r!.redis, r!.prefix).create(spec);
    const two = new RateLimits(r!.redis, r!.prefix).create(spec);
    await one.consume('shared');
    await two.consume('shared');
    await one.consume('shared');
    await expect(two.consume('shared')).rejects.toThrow('Slow down.');
    expect(await r!.redis.keys(`${r!.prefix}:limit:demo*`)).not.toEqual([]);
  });

  it('counts only through Redis: no in-process consumeNow', () => {
    expect(new RateLimits(r!.redis, r!.prefix).create(spec).consumeNow).toBeUndefined();
  });

  it('refund and reset act on the shared count', async () => {
    const one = new RateLimits(r!.redis, r!.prefix).create(spec);
    const two = new RateLimits(r!.redis, r!.prefix).create(spec);
    for (let i = 0; i < 3; i++) await one.consume('pair');
    await two.refund('pair');
    await one.consume('pair');
    await expect(one.consume('pair')).rejects.toThrow('Slow down.');
    await two.reset('pair');
    await expect(one.consume('pair')).resolves.toBeUndefined();
  });
});
