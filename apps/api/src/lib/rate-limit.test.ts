import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_URL, testRedis } from '../../test/helpers/redis';
import { TooManyRequestsError } from './errors';
import { RateLimits } from './rate-limit';

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
