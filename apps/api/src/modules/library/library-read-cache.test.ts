import { describe, expect, it } from 'vitest';
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
