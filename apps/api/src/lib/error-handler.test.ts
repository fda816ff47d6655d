import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  HANDLER_TIMEOUT_MESSAGE,
  HANDLER_TIMEOUT_RETRY_SECONDS,
  registerErrorHandling,
} from './error-handler';
import { RecommendationsPreparingError } from '../integrations/recommender/recommender-client';
import {
  ConflictError,
  ForbiddenError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
} from './errors';
import { loggerOptions, redactUrl } from './logger';

async function appWithLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  const logger = { ...(loggerOptions('info') as object), stream };
  const app = Fastify({ logger }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.get('/boom', async () => {
    throw new Error('database password=hunter2 exploded at /secret/path.ts:12');
  });
  app.get('/typed/:kind', async (req) => {
    const kind = (req.params as { kind: string }).kind;
    if (kind === '401') throw new UnauthorizedError();
    if (kind === '403') throw new ForbiddenError('You don’t own this playlist');
    if (kind === '409') throw new ConflictError('Movie already liked');
    if (kind === '503') throw new ServiceUnavailableError('Recommendations are unavailable.', 5);
    if (kind === 'preparing') throw new RecommendationsPreparingError(3);
    throw new TooManyRequestsError();
  });
  // Never answers by itself: Fastify's handlerTimeout answers for it.
  app.get('/slow', { handlerTimeout: 50 }, () => new Promise<never>(() => {}));
  app.post('/echo', { schema: { body: z.object({ name: z.string().min(1) }) } }, async (req) => req.body);
  app.get(
    '/bad-response',
    { schema: { response: { 200: z.object({ n: z.number() }) } } },
    async () => ({ n: 'x' }) as never,
  );
  await app.ready();
  return { app, lines };
}

describe(registerErrorHandling.name, () => {
  it('an unknown error is a 500 with the request id only; the details go to the log', async () => {
    const { app, lines } = await appWithLogs();
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: expect.stringMatching(/^Internal server error \(request id req-\w+\)$/),
    });
    expect(res.body).not.toContain('hunter2');
    expect(lines.join('')).toContain('exploded');
  });

  it("a route's handlerTimeout running out is a 503 to retry with a message, never a 500", async () => {
    const { app, lines } = await appWithLogs();
    const res = await app.inject({ url: '/slow' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(HANDLER_TIMEOUT_RETRY_SECONDS));
    expect(res.json()).toEqual({ message: HANDLER_TIMEOUT_MESSAGE });
    // A warning with the route, not an unhandled error.
    expect(lines.join('')).toContain('/slow');
    expect(lines.join('')).not.toContain('unhandled error');
  });

  it.each([
    ['401', 401, 'Authentication required'],
    ['403', 403, 'You don’t own this playlist'],
    ['409', 409, 'Movie already liked'],
    ['429', 429, 'Too many requests. Please try again later.'],
  ])('typed error %s keeps its status and message', async (kind, status, message) => {
    const { app } = await appWithLogs();
    const res = await app.inject({ url: `/typed/${kind}` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message });
  });

  it('a 503 is a warning in the log, but not a model still being prepared (an expected state, polled)', async () => {
    const { app, lines } = await appWithLogs();
    const down = await app.inject({ url: '/typed/503' });
    expect([down.statusCode, down.headers['retry-after']]).toEqual([503, '5']);
    expect(lines.filter((l) => JSON.parse(l).level === 40)).toHaveLength(1);
    lines.length = 0;
    const preparing = await app.inject({ url: '/typed/preparing' });
    expect([preparing.statusCode, preparing.headers['retry-after']]).toEqual([503, '3']);
    expect(preparing.json()).toMatchObject({ code: 'RECOMMENDATIONS_PREPARING' });
    expect(lines.filter((l) => JSON.parse(l).level >= 40)).toEqual([]);
  });

  it('malformed JSON, a wrong body and a wrong content type are 4xx with a message', async () => {
    const { app } = await appWithLogs();
    const bad = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Malformed JSON body' });
    const wrong = await app.inject({ method: 'POST', url: '/echo', payload: { name: '' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/name/);
    const type = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(type.statusCode).toBe(415);
    expect(type.json()).toEqual({ message: expect.any(String) });
  });

  it('a response that breaks its own schema is a 500, not a leak', async () => {
    const { app } = await appWithLogs();
    const res = await app.inject({ url: '/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('"x"');
  });

  it('never logs authorization headers, cookies or token query parameters', async () => {
    const { app, lines } = await appWithLogs();
    await app.inject({
      url: '/typed/401?token=tok-secret-123&page=2',
      headers: { authorization: 'Bearer eyJ.secret.jwt', cookie: 'session=cookie-secret' },
    });
    const all = lines.join('');
    expect(all).toContain('page=2');
    expect(all).not.toContain('tok-secret-123');
    expect(all).not.toContain('eyJ.secret.jwt');
    expect(all).not.toContain('cookie-secret');
  });
});

describe(redactUrl.name, () => {
  it('redacts secret query parameters and keeps the rest', () => {
    expect(redactUrl('/api/auth/verify-email?token=abc&callbackURL=/x')).toBe(
      '/api/auth/verify-email?token=[redacted]&callbackURL=[redacted]',
    );
    expect(redactUrl('/a?page=1&api_key=k')).toBe('/a?page=1&api_key=[redacted]');
  });
});
