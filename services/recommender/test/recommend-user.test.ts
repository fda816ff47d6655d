import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelStore } from '../src/http/model-store';
import { createRecommenderServer } from '../src/http/server';
import { ARTIFACT_FORMAT, modelsDir, writeArtifact, type ModelArtifact } from '../src/model/artifact';
import { buildModel } from '../src/train/build-model';
import type { Interaction } from '../src/data/interactions';
import { smallCatalog } from './fixture';

const SECRET = 'test-secret-0123456789abcdef';
const dir = mkdtempSync(join(tmpdir(), 'rec-user-'));
const store = new ModelStore(dir);
const server = createRecommenderServer(store, { secret: () => SECRET });
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const post = async (body: unknown, secret: string | null = SECRET) => {
  const res = await fetch(`${base}/recommend/user`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
};

const group = (from: number, n: number, items: number[]): Interaction[] =>
  Array.from({ length: n }, (_, u) =>
    items.map((item) => ({ user: from + u, item, rating: 4.5, timestamp: 1_600_000_000 })),
  ).flat();

describe('POST /recommend/user', () => {
  it('is internal: no or a wrong secret is a 401, another method a 405', async () => {
    expect(await post({ items: [] }, null)).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect((await post({ items: [] }, 'wrong')).status).toBe(401);
    const res = await fetch(`${base}/recommend/user`);
    expect(res.status).toBe(405);
  });

  it('answers 503 until a model is served', async () => {
    expect((await post({ items: [{ tmdbId: 101, weight: 1 }] })).status).toBe(503);
  });

  it.each([
    ['not JSON', '{'],
    ['no items', {}],
    ['a bad id', { items: [{ tmdbId: -1, weight: 1 }] }],
    ['a weight out of range', { items: [{ tmdbId: 101, weight: 5 }] }],
    ['top_n 0', { items: [], top_n: 0 }],
    ['top_n 51', { items: [], top_n: 51 }],
    ['exclude not ids', { items: [], exclude: ['x'] }],
  ])('%s → 400 with a message', async (_, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('ranks a history on the content-only model: films like theirs, none of theirs, none excluded', async () => {
    writeArtifact(dir, buildModel({ catalog: smallCatalog(), now: new Date('2026-01-01T00:00:00Z') }));
    store.reload();
    const { status, body } = await post({
      items: [
        { tmdbId: 101, weight: 1, timestamp: 1_700_000_000 },
        { tmdbId: 102, weight: 0.3, timestamp: 1_690_000_000 },
      ],
      top_n: 5,
      exclude: [201],
    });
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThanOrEqual(5);
    const ids = body.map((p: { tmdbId: number }) => p.tmdbId);
    expect(ids[0]).toBe(103); // the other space film
    expect(ids).not.toContain(101);
    expect(ids).not.toContain(102);
    expect(ids).not.toContain(201);
    for (const p of body) {
      expect([101, 102]).toContain(p.because);
      expect(p).toEqual({
        tmdbId: expect.any(Number),
        rating: expect.any(Number),
        score: expect.any(Number),
        because: expect.any(Number),
        popular: false,
      });
    }
    // Only a dislike: nothing to go on.
    expect((await post({ items: [{ tmdbId: 101, weight: -1 }] })).body).toEqual([]);
  });

  it('with collaborative data, follows what people liked together across genres', async () => {
    // Twelve people like a space film and a heist film; content alone does not link them.
    const interactions = [...group(1, 12, [101, 201]), ...group(50, 12, [202, 301])];
    writeArtifact(
      dir,
      buildModel({
        catalog: smallCatalog(),
        ratings: { path: 'test', interactions },
        now: new Date('2026-02-01T00:00:00Z'),
      }),
    );
    store.reload();
    const { body } = await post({ items: [{ tmdbId: 101, weight: 1 }], top_n: 10 });
    expect(body[0]).toMatchObject({ tmdbId: 201, because: 101 });
  });
});

describe('a model of another format on disk', () => {
  it('is not served (the service builds a new one at start)', () => {
    const stale = mkdtempSync(join(tmpdir(), 'rec-stale-'));
    const artifact = buildModel({ catalog: smallCatalog(), now: new Date('2026-01-01T00:00:00Z') });
    // What decision 0026's branch wrote: the same shape, format 2, no collaborative lists or genres.
    const { genres: _g, ...old } = artifact;
    mkdirSync(modelsDir(stale), { recursive: true });
    writeFileSync(join(modelsDir(stale), 'recommender-old.json'), JSON.stringify({ ...old, format: 2 }));
    writeFileSync(join(modelsDir(stale), 'current'), 'recommender-old.json');
    const s = new ModelStore(stale);
    expect(ARTIFACT_FORMAT).toBeGreaterThan(2);
    expect(() => s.reload()).toThrow(/unsupported model format 2/);
    expect(s.current()).toBeNull();
    // A model of the current format in the same place is served.
    writeArtifact(stale, artifact);
    expect(s.reload()).toBe(true);
    expect(s.current()?.format).toBe(ARTIFACT_FORMAT);
  });
});

describe('POST /recommend/user: a failure while ranking', () => {
  it('is a 500 {message}, reported, not a 400 blaming the request', async () => {
    // A served model that breaks while being read (as a corrupt artifact would).
    const broken = {
      genres: {},
      trending: [],
      ratings: {},
      get neighbours(): never {
        throw new Error('corrupt neighbours');
      },
    } as unknown as ModelArtifact;
    const reported: { err: unknown; what: string }[] = [];
    const failing = createRecommenderServer(
      { current: () => broken, evaluation: () => null },
      { secret: () => SECRET, onError: (err, what) => reported.push({ err, what }) },
    );
    await new Promise<void>((r) => failing.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/recommend/user`;
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` };
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ items: [{ tmdbId: 101, weight: 1 }] }),
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: 'Could not rank this history' });
      expect(reported).toHaveLength(1);
      expect((reported[0]!.err as Error).message).toBe('corrupt neighbours');
      expect(reported[0]!.what).toBe('POST /recommend/user failed');
      // Bad input on the same server is still a 400, and not reported.
      const bad = await fetch(url, { method: 'POST', headers, body: '{' });
      expect(bad.status).toBe(400);
      expect(reported).toHaveLength(1);
    } finally {
      await new Promise<void>((r) => failing.close(() => r()));
    }
  });
});
