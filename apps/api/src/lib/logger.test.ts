import Fastify, { LogController } from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions, registerRequestLog } from './logger';

async function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  const options = loggerOptions(level) as object;
  const app = Fastify({
    logger: { ...options, stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 1050));
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('request log', () => {
  it('writes nothing per request at the default level (info)', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ url: '/ok?token=abc' });
    expect(lines).toEqual([]);
    await app.close();
  });

  it('writes one line per request at debug, with the status and no secrets', async () => {
    const { app, lines } = await appLogging('debug');
    await app.inject({ url: '/ok?token=abc&page=2' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 20, method: 'GET', statusCode: 200, msg: 'request' });
    expect(lines[0]!.url).toBe('/ok?token=[redacted]&page=2');
    expect(lines[0]!.ms).toEqual(expect.any(Number));
    await app.close();
  });

  it('writes a slow request at warn even at the default level', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ url: '/slow' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, url: '/slow', statusCode: 200, msg: 'slow request' });
    await app.close();
  });
});
