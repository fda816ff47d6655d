import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelStore } from '../src/http/model-store';
import { createRecommenderServer } from '../src/http/server';
import { writeArtifact } from '../src/model/artifact';
import { buildModel } from '../src/train/build-model';
import { smallCatalog } from './fixture';

const dir = mkdtempSync(join(tmpdir(), 'rec-'));
const store = new ModelStore(dir);
const server = createRecommenderServer(store);
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const get = async (path: string) => {
  const res = await fetch(base + path);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
};

describe('recommender HTTP API', () => {
  it('answers 503 until a model is loaded', async () => {
    expect((await get('/health')).status).toBe(503);
    expect((await get('/recommend?tmdb_id=101')).status).toBe(503);
  });

  it('serves unique neighbours, never the seed, ordered by score, exactly top_n when possible', async () => {
    writeArtifact(dir, buildModel({ catalog: smallCatalog(), now: new Date('2026-01-01T00:00:00Z') }));
    expect(store.reload()).toBe(true);
    expect((await get('/health')).body).toMatchObject({ status: 'ok', model: '20260101T000000Z' });
    const { status, body } = await get('/recommend?tmdb_id=101&top_n=5');
    expect(status).toBe(200);
    expect(body).toHaveLength(5);
    const ids = body.map((r: { tmdbId: number }) => r.tmdbId);
    expect(new Set(ids).size).toBe(5);
    expect(ids).not.toContain(101);
    const scores = body.map((r: { score: number }) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(body[0]).toEqual({ tmdbId: 102, rating: 7.2, score: expect.any(Number) });
    expect((await get('/recommend?tmdb_id=101')).body).toHaveLength(10); // default top_n
  });

  it.each([
    ['/recommend', 400],
    ['/recommend?tmdb_id=abc', 400],
    ['/recommend?tmdb_id=-1', 400],
    ['/recommend?tmdb_id=101&top_n=0', 400],
    ['/recommend?tmdb_id=101&top_n=51', 400],
    ['/recommend?tmdb_id=101&top_n=x', 400],
    ['/recommend?tmdb_id=999999', 404],
    ['/nope', 404],
  ])('%s → %i with a message', async (path, status) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('serves the popular-lately list (empty for a content-only model)', async () => {
    expect(await get('/trending')).toEqual({ status: 200, body: [] });
    expect((await get('/trending?top_n=201')).status).toBe(400);
    expect((await get('/trending?top_n=0')).status).toBe(400);
  });

  it('describes the model', async () => {
    const { body } = await get('/model');
    expect(body).toMatchObject({
      algorithm: expect.stringMatching(/content/),
      items: 16,
      trained_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('picks up a new model without a restart', async () => {
    const later = buildModel({ catalog: smallCatalog(), now: new Date('2026-02-01T00:00:00Z') });
    writeArtifact(dir, later);
    expect(store.reload()).toBe(true);
    expect((await get('/health')).body.model).toBe('20260201T000000Z');
    expect(store.reload()).toBe(false); // nothing new
  });
});
