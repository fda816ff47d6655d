import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TOO_FAST } from '../src/modules/chat/chat.routes';
import { createTestApp, type TestApp } from './helpers/app';
import { REDIS_URL, testRedis } from './helpers/redis';

/**
 * Two API instances behind one load balancer share their state through Redis (REDIS_URL): a
 * conversation continues on either, and a visitor's limits count on both.
 */
describe.runIf(REDIS_URL)('two API instances on one Redis', async () => {
  const r = REDIS_URL ? await testRedis(REDIS_URL) : null;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const opts = {
      env: { RECOMMENDER_URL: 'http://127.0.0.1:9' },
      chatLimits: { perIpPerMinute: 4, perUserPerMinute: 30 },
      redis: r!.redis,
      redisPrefix: r!.prefix,
    };
    a = await createTestApp(opts);
    b = await createTestApp(opts);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await r?.close();
  });

  const chat = (app: TestApp, payload: object, ip: string) =>
    app.app.inject({ method: 'POST', url: '/api/chat/send', payload, remoteAddress: ip });

  it('continues a conversation started on one instance on the other', async () => {
    const first = (await chat(a, { message: 'a feel-good comedy' }, '10.1.0.1')).json();
    const next = (
      await chat(b, { message: 'another', conversation_id: first.conversation_id }, '10.1.0.1')
    ).json();
    expect(next.conversation_id).toBe(first.conversation_id);
    const ids = [...first.movies, ...next.movies].map((m: { id: number }) => m.id);
    expect(next.movies.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length); // the second instance knew what was already suggested
    expect(await r!.redis.exists(`${r!.prefix}:chat:${first.conversation_id}`)).toBe(1);
  });

  it("counts a visitor's chat messages on both instances together", async () => {
    const ip = '10.1.0.2';
    const codes = [];
    for (const app of [a, b, a, b, a])
      codes.push((await chat(app, { message: 'a thriller' }, ip)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429]);
    expect((await chat(b, { message: 'a thriller' }, ip)).json()).toEqual({ message: CHAT_TOO_FAST });
  });
});
