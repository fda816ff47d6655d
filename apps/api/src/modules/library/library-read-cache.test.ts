import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, testRedis } from '../../../test/helpers/redis';
import { RedisGenerations } from '../../integrations/redis/user-generations';
import { LibraryReadCache } from './library-read-cache';

describe('LibraryReadCache', () => {
  it('loads a read once, until that user writes; other users keep theirs', async () => {
    const cache = new LibraryReadCache();
    let loads = 0;
    const load = (v: string) => async () => {
      loads++;
      return v;
    };
    expect(await cache.read('u1', 'likes', load('a'))).toBe('a');
    expect(await cache.read('u1', 'likes', load('b'))).toBe('a');
    expect(await cache.read('u2', 'likes', load('c'))).toBe('c');
    expect(loads).toBe(2);
    cache.invalidate('u1');
    expect(await cache.read('u1', 'likes', load('d'))).toBe('d');
    expect(await cache.read('u2', 'likes', load('e'))).toBe('c');
    expect(loads).toBe(3);
  });

  it('does not keep a read that was in flight while its user wrote', async () => {
    const cache = new LibraryReadCache();
    let finish!: (v: string) => void;
    const slow = cache.read('u1', 'likes', () => new Promise<string>((r) => (finish = r)));
    cache.invalidate('u1');
    finish('before the write');
    expect(await slow).toBe('before the write');
    expect(await cache.read('u1', 'likes', async () => 'after the write')).toBe('after the write');
  });

  it('does not keep a failed read', async () => {
    const cache = new LibraryReadCache();
    await expect(
      cache.read('u1', 'likes', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await cache.read('u1', 'likes', async () => 'ok')).toBe('ok');
  });
});

/**
 * Two instances' caches on one Redis (decision 0091): each keeps a user's reads under the
 * generation it read before loading them; a write on either ends both copies before it is answered.
 */
describe.runIf(REDIS_URL)('LibraryReadCache with generations in Redis (two instances)', () => {
  let shared: Awaited<ReturnType<typeof testRedis>>;
  let other: Redis;
  const silent = { warn: () => {} };
  let a: LibraryReadCache;
  let b: LibraryReadCache;
  beforeAll(async () => {
    shared = await testRedis(REDIS_URL!);
    // Each instance has its own connection.
    other = new Redis(REDIS_URL!, { maxRetriesPerRequest: 1 });
    a = new LibraryReadCache(100, new RedisGenerations(shared.redis, shared.prefix, silent));
    b = new LibraryReadCache(100, new RedisGenerations(other, shared.prefix, silent));
  });
  afterAll(async () => {
    await other?.quit();
    await shared?.close();
  });

  it("keeps a read until the user writes on any instance, and the writer's answer waits for that", async () => {
    const db = { likes: ['550'] };
    let loads = 0;
    const load = async () => {
      loads++;
      return [...db.likes];
    };
    expect(await b.read('u1', 'likes', load)).toEqual(['550']);
    expect(await b.read('u1', 'likes', load)).toEqual(['550']);
    expect(loads).toBe(1);
    expect(await a.read('u2', 'likes', async () => ['other user'])).toEqual(['other user']);
    // The write commits, then A invalidates (awaited before its answer).
    db.likes.push('155');
    await a.invalidate('u1');
    expect(await b.read('u1', 'likes', load)).toEqual(['550', '155']);
    expect(loads).toBe(2);
    // Another user's copies are untouched.
    expect(await a.read('u2', 'likes', async () => ['reloaded'])).toEqual(['other user']);
  });

  it('never serves a read loaded before a write that another instance acknowledged', async () => {
    let finish!: (v: string) => void;
    const slow = b.read('u3', 'likes', () => new Promise<string>((r) => (finish = r)));
    // B has read the generation and is loading; meanwhile A's write commits and is acknowledged.
    await new Promise((r) => setTimeout(r, 20));
    await a.invalidate('u3');
    finish('before the write');
    expect(await slow).toBe('before the write');
    expect(await b.read('u3', 'likes', async () => 'after the write')).toBe('after the write');
  });

  it('reads the database every time while Redis cannot be read, and keeps nothing', async () => {
    const down = new Redis('redis://127.0.0.1:9', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on('error', () => {});
    const c = new LibraryReadCache(100, new RedisGenerations(down, shared.prefix, silent));
    let loads = 0;
    const load = async () => ++loads;
    expect(await c.read('u4', 'likes', load)).toBe(1);
    expect(await c.read('u4', 'likes', load)).toBe(2);
    await expect(c.invalidate('u4')).resolves.toBeUndefined();
    down.disconnect();
  });

  it('forgets every copy when its connection to Redis drops (Redis may have restarted empty)', async () => {
    const own = new Redis(REDIS_URL!, { maxRetriesPerRequest: 1 });
    const c = new LibraryReadCache(100, new RedisGenerations(own, shared.prefix, silent));
    let loads = 0;
    const load = async () => ++loads;
    await c.read('u5', 'likes', load);
    expect(await c.read('u5', 'likes', load)).toBe(1);
    // The connection drops and comes back: the generation in Redis is the same, the copy is gone.
    own.disconnect(true);
    await new Promise((r) => own.once('ready', r));
    expect(await c.read('u5', 'likes', load)).toBe(2);
    expect(await c.read('u5', 'likes', load)).toBe(2);
    await own.quit();
  });
});
