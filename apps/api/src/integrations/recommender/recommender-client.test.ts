import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecommenderClient } from './recommender-client';

// A real local service at the network edge: accepts only the bearer in `accepted`.
let accepted = 'one';
const seen: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    seen.push(auth);
    req.resume();
    req.on('end', () => {
      const ok = auth === `Bearer ${accepted}`;
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(ok ? '[]' : JSON.stringify({ message: 'A valid secret is required' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('RecommenderClient.recommendUser: the internal secret', () => {
  it('reads the secret once, and again only after the service answers 401', async () => {
    let current = 'one';
    let reads = 0;
    const client = new RecommenderClient(base, 2000, () => {
      reads++;
      return current;
    });
    const query = { items: [], top_n: 5, exclude: [] };
    try {
      for (let i = 0; i < 5; i++) await expect(client.recommendUser(query)).resolves.toEqual([]);
      expect(reads).toBe(1);
      // The secret changes on both sides: the remembered one is refused once, then re-read.
      current = 'two';
      accepted = 'two';
      await expect(client.recommendUser(query)).rejects.toThrow('Recommendations are unavailable');
      expect(reads).toBe(1);
      await expect(client.recommendUser(query)).resolves.toEqual([]);
      await expect(client.recommendUser(query)).resolves.toEqual([]);
      expect(reads).toBe(2);
      expect(seen.slice(-3)).toEqual(['Bearer one', 'Bearer two', 'Bearer two']);
    } finally {
      client.close();
    }
  });

  it('without a secret (or when reading it fails) refuses without calling the service', async () => {
    const before = seen.length;
    const none = new RecommenderClient(base, 2000, () => null);
    const broken = new RecommenderClient(base, 2000, () => {
      throw new Error('EACCES');
    });
    const query = { items: [], top_n: 5, exclude: [] };
    await expect(none.recommendUser(query)).rejects.toThrow('Recommendations are unavailable');
    await expect(broken.recommendUser(query)).rejects.toThrow('Recommendations are unavailable');
    expect(seen.length).toBe(before);
    none.close();
    broken.close();
  });
});

describe('RecommenderClient.recommend: "more like this" lists kept briefly', () => {
  /** A service whose answer for a film can change, fail, or be slow; it counts the calls. */
  async function service() {
    const calls: string[] = [];
    let answer: { status: number; body: unknown } = {
      status: 200,
      body: [{ tmdbId: 2, rating: 0.9, score: 0.5 }],
    };
    let delayMs = 0;
    const s = createServer((req, res) => {
      calls.push(req.url!);
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      }, delayMs);
    });
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    return {
      url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
      calls,
      answer: (a: typeof answer) => (answer = a),
      slow: (ms: number) => (delayMs = ms),
      close: () => new Promise<void>((r) => s.close(() => r())),
    };
  }

  it('asks the service once per list within the time it is kept; concurrent asks share one call', async () => {
    const svc = await service();
    const client = new RecommenderClient(svc.url, 2000, () => null, 60_000);
    try {
      svc.slow(100);
      const together = await Promise.all([1, 2, 3].map(() => client.recommend(550, 10)));
      expect(together).toEqual([1, 2, 3].map(() => [{ tmdbId: 2, rating: 0.9, score: 0.5 }]));
      expect(svc.calls).toEqual(['/recommend?tmdb_id=550&top_n=10']);
      svc.answer({ status: 200, body: [{ tmdbId: 3, rating: 0.5, score: 0.5 }] });
      expect(await client.recommend(550, 10)).toEqual([{ tmdbId: 2, rating: 0.9, score: 0.5 }]);
      // Another film or another length is another list.
      expect(await client.recommend(550, 5)).toEqual([{ tmdbId: 3, rating: 0.5, score: 0.5 }]);
      expect(await client.recommend(13, 10)).toEqual([{ tmdbId: 3, rating: 0.5, score: 0.5 }]);
      expect(svc.calls).toHaveLength(3);
    } finally {
      client.close();
      await svc.close();
    }
  });

  it('keeps no failure: after a 404 or a 5xx the next ask calls the service again', async () => {
    const svc = await service();
    const client = new RecommenderClient(svc.url, 2000, () => null, 60_000);
    try {
      svc.answer({ status: 404, body: { message: 'Movie not found' } });
      await expect(client.recommend(7, 10)).rejects.toThrow('No recommendations for this movie');
      // A service still preparing its first model (decision 0080) is not a failure of the list: said so.
      svc.answer({ status: 503, body: { message: 'Model not ready' } });
      await expect(client.recommend(7, 10)).rejects.toThrow('Recommendations are being prepared');
      svc.answer({ status: 500, body: { message: 'boom' } });
      await expect(client.recommend(7, 10)).rejects.toThrow('Recommendations are unavailable');
      svc.answer({ status: 200, body: [{ tmdbId: 9, rating: 1, score: 0.5 }] });
      expect(await client.recommend(7, 10)).toEqual([{ tmdbId: 9, rating: 1, score: 0.5 }]);
      expect(svc.calls).toHaveLength(4);
    } finally {
      client.close();
      await svc.close();
    }
  });

  it('a list is asked for again once its time is up, and not kept at all with 0', async () => {
    const svc = await service();
    const brief = new RecommenderClient(svc.url, 2000, () => null, 50);
    const never = new RecommenderClient(svc.url, 2000, () => null, 0);
    try {
      await brief.recommend(1, 10);
      await new Promise((r) => setTimeout(r, 120));
      svc.answer({ status: 200, body: [{ tmdbId: 4, rating: 0.2, score: 0.5 }] });
      expect(await brief.recommend(1, 10)).toEqual([{ tmdbId: 4, rating: 0.2, score: 0.5 }]);
      await never.recommend(1, 10);
      await never.recommend(1, 10);
      expect(svc.calls).toHaveLength(4);
    } finally {
      brief.close();
      never.close();
      await svc.close();
    }
  });
});
