import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack, type Client } from '../../../test/helpers/auth-stack';
import { DATABASES } from '../../../test/helpers/db';
import type { Database } from '../../db/database';

/**
 * The spec answers 403 for another user's playlist and 404 for a missing one, so a playlist's id
 * must not tell how many there are or where the next one is: ids are drawn at random (migration
 * 0009, decision 0078).
 */
describe.each(DATABASES)('playlist ids on $name', ({ open }) => {
  let db: Database;
  let s: AuthStack;
  let alice: { client: Client; bearer: Record<string, string> };
  let bob: { client: Client; bearer: Record<string, string> };

  beforeAll(async () => {
    db = await open();
    s = await startAuthStack({ db });
    alice = await s.verifiedUser('Alice', 'alice-ids@example.com');
    bob = await s.verifiedUser('Bob', 'bob-ids@example.com');
  });
  afterAll(async () => {
    await s.close();
    await db.close();
  });

  it('are not sequential: the next one cannot be guessed from one a user made', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const who = i % 2 ? alice : bob;
      const res = await who.client.post('/api/user/playlists', { name: `List ${i}` }, who.bearer);
      expect(res.status).toBe(201);
      ids.push(res.body.playlist_id as number);
    }
    for (const id of ids) {
      expect(Number.isSafeInteger(id)).toBe(true);
      expect(id).toBeGreaterThan(0);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // Counting up, neighbours differ by 1; drawn from 2^31, twelve of them are never that close.
    const sorted = [...ids].sort((a, b) => a - b);
    const gaps = sorted.slice(1).map((id, i) => id - sorted[i]!);
    expect(Math.min(...gaps)).toBeGreaterThan(1000);
    // Still the user's own, by the id the API gave: listed, readable, and another's stays 403.
    const mine = (await alice.client.get('/api/user/playlists', alice.bearer)).body as {
      playlist_id: number;
    }[];
    expect(mine.map((p) => p.playlist_id).sort()).toEqual(ids.filter((_, i) => i % 2).sort());
    expect((await alice.client.get(`/api/user/playlists/${ids[1]}/movies`, alice.bearer)).status).toBe(200);
    expect((await bob.client.get(`/api/user/playlists/${ids[1]}/movies`, bob.bearer)).status).toBe(403);
  });
});
