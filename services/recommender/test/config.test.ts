import { ConfigError } from '@app/contracts/config';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, loadRecommenderConfig } from '../src/config';

const errorOf = (source: NodeJS.ProcessEnv) => {
  try {
    loadRecommenderConfig(source);
  } catch (err) {
    return err;
  }
  throw new Error('expected a ConfigError');
};

describe('recommender configuration', () => {
  it('has the documented defaults', () => {
    const c = loadRecommenderConfig({ INIT_CWD: '/srv/cinelog' });
    expect(c.env.RECOMMENDER_PORT).toBe(3001);
    expect(c.env.RECOMMENDER_HOST).toBe('127.0.0.1');
    expect(c.env.RECOMMENDER_RETRAIN_MINUTES).toBe(2);
    expect(c.env.LOG_LEVEL).toBe('info');
    expect(c.dataDir).toBe('/srv/cinelog/data');
    expect(c.signalsUrl).toBe('http://127.0.0.1:3000/api/internal/signals');
  });

  it('reads every variable', () => {
    const c = loadRecommenderConfig({
      INIT_CWD: '/srv/cinelog',
      RECOMMENDER_PORT: '4301',
      RECOMMENDER_HOST: '0.0.0.0',
      RECOMMENDER_RETRAIN_MINUTES: '0',
      DATA_DIR: 'var/data',
      LOG_LEVEL: 'debug',
      PORT: '4300',
      RECOMMENDER_SIGNALS_SECRET: 'x'.repeat(32),
    });
    expect(c.env.RECOMMENDER_PORT).toBe(4301);
    expect(c.env.RECOMMENDER_RETRAIN_MINUTES).toBe(0);
    expect(c.dataDir).toBe('/srv/cinelog/var/data');
    expect(c.signalsUrl).toBe('http://127.0.0.1:4300/api/internal/signals');
    expect(loadRecommenderConfig({ RECOMMENDER_SIGNALS_URL: 'http://api:3000/s' }).signalsUrl).toBe(
      'http://api:3000/s',
    );
  });

  it('refuses RECOMMENDER_PORT=abc (no NaN port)', () => {
    const err = errorOf({ RECOMMENDER_PORT: 'abc' });
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/RECOMMENDER_PORT/);
  });

  it('lists every bad variable at once', () => {
    const err = errorOf({
      RECOMMENDER_PORT: '70000',
      RECOMMENDER_RETRAIN_MINUTES: 'soon',
      RECOMMENDER_SIGNALS_URL: 'not a url',
      RECOMMENDER_SIGNALS_SECRET: 'short',
      LOG_LEVEL: 'loud',
    }) as Error;
    for (const name of [
      'RECOMMENDER_PORT',
      'RECOMMENDER_RETRAIN_MINUTES',
      'RECOMMENDER_SIGNALS_URL',
      'RECOMMENDER_SIGNALS_SECRET',
      'LOG_LEVEL',
    ])
      expect(err.message).toContain(`${name}:`);
  });

  it('refuses a negative retrain interval instead of falling back', () => {
    expect((errorOf({ RECOMMENDER_RETRAIN_MINUTES: '-1' }) as Error).message).toMatch(
      /RECOMMENDER_RETRAIN_MINUTES: must be a number of minutes/,
    );
  });

  it('replicas: DATABASE_URL and the model poll (decision 0092)', () => {
    const none = loadRecommenderConfig({});
    expect(none.databaseUrl).toBeUndefined();
    expect(none.modelPollMs).toBe(5000);
    const set = loadRecommenderConfig({
      DATABASE_URL: 'postgres://u@db:5432/cinelog',
      RECOMMENDER_MODEL_POLL_SECONDS: '0.5',
    });
    expect(set.databaseUrl).toBe('postgres://u@db:5432/cinelog');
    expect(set.modelPollMs).toBe(500);
    expect(errorOf({ RECOMMENDER_MODEL_POLL_SECONDS: '0' })).toBeInstanceOf(ConfigError);
    expect((errorOf({ DATABASE_URL: 'mysql://x' }) as Error).message).toMatch(/DATABASE_URL/);
  });

  it('the service exits 78 on an invalid environment, naming the variables', () => {
    const main = resolve(import.meta.dirname, '../src/main.ts');
    const tsx = resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
    const run = spawnSync(tsx, [main], {
      env: { PATH: process.env.PATH, RECOMMENDER_PORT: 'abc', RECOMMENDER_RETRAIN_MINUTES: 'x' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain('RECOMMENDER_PORT:');
    expect(run.stderr).toContain('RECOMMENDER_RETRAIN_MINUTES:');
  }, 70_000);

  it('logs through pino in the API format, tagged with the service', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('info', sink);
    logger.info('listening on 3001');
    logger.debug('not shown at info');
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, msg: 'listening on 3001', service: 'recommender' });
    expect(typeof line.time).toBe('number');
    expect(line.pid).toBe(process.pid);
    expect(typeof line.hostname).toBe('string');
  });
});
