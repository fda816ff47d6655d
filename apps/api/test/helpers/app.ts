import type { CatalogIndex } from '@app/catalog';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';
import type { RequestTimeouts } from '../../src/lib/request-guards';
import type { Redis } from '../../src/integrations/redis/redis';
import type { ChatLimits } from '../../src/modules/chat/chat.routes';
import type { Database } from '../../src/db/database';
import type { MovieSource } from '../../src/modules/catalog/movie-source';
import { OfflineMovieSource } from '../../src/modules/catalog/offline-movie-source';
import { join } from 'node:path';
import { fullCatalog } from './catalog';
import { TEST_CATALOG_DIR } from './paths';
import { freshPglite } from './db';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  catalog?: CatalogIndex;
  close(): Promise<void>;
}

export async function createTestApp(
  opts: {
    source?: MovieSource;
    env?: Record<string, string>;
    db?: Database;
    logLevel?: string;
    webDist?: string;
    chatLimits?: ChatLimits;
    redis?: Redis;
    redisPrefix?: string;
    timeouts?: RequestTimeouts;
    /** Where the log goes (with `logLevel`), and the slow-answer threshold of its `warn` lines. */
    logStream?: { write(line: string): void };
    slowRequestMs?: number;
  } = {},
): Promise<TestApp> {
  // Generated art only unless a test asks for the image CDN.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent-test-data-dir',
    IMAGE_CDN_URL: 'off',
    ...opts.env,
  });
  const db = opts.db ?? (await freshPglite());
  let catalog: CatalogIndex | undefined;
  let source = opts.source;
  if (!source) {
    catalog = await fullCatalog();
    source = new OfflineMovieSource(catalog, { tmdbImages: config.env.IMAGE_CDN_URL !== null });
  }
  const app = await buildApp({
    config,
    db,
    source,
    catalog,
    logLevel: opts.logLevel ?? 'silent',
    webDist: opts.webDist,
    // The chat's vectors are cached beside the shared test catalog: trained once, not per run.
    chatVectorsFile: join(TEST_CATALOG_DIR, 'catalog', 'chat-vectors.bin'),
    ...(opts.chatLimits ? { chatLimits: opts.chatLimits } : {}),
    ...(opts.timeouts ? { timeouts: opts.timeouts } : {}),
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
    ...(opts.slowRequestMs !== undefined ? { slowRequestMs: opts.slowRequestMs } : {}),
    ...(opts.redis ? { redis: opts.redis, redisPrefix: opts.redisPrefix } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    ...(catalog ? { catalog } : {}),
    close: async () => {
      await app.close();
      if (!opts.db) await db.close();
    },
  };
}
