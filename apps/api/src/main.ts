import { CatalogIndex, ensureCatalogFile, terminalProgress } from '@app/catalog';
import type { FastifyBaseLogger } from 'fastify';
import { join, resolve } from 'node:path';
import { buildApp } from './app';
import { createIdentity } from './modules/identity/identity';
import { ConfigError, loadConfig } from './config/env';
import { migrateToLatest, openDatabase } from './db/database';
import { connectRedis } from './integrations/redis/redis';
import { TmdbClient } from './integrations/tmdb/tmdb-client';
import { TmdbMovieSource } from './integrations/tmdb/tmdb-movie-source';
import type { MovieSource } from './modules/catalog/movie-source';
import { OfflineMovieSource } from './modules/catalog/offline-movie-source';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      // EX_CONFIG: restarting cannot help (npm start's supervisor stops instead of retrying).
      process.exit(78);
    }
    throw err;
  }
  const { env } = config;
  const started = performance.now();

  // The app's logger exists once the app is built; earlier parts log through this reference.
  const logRef: { current?: FastifyBaseLogger } = {};
  const warn = (o: object, m: string) => logRef.current?.warn(o, m);

  const database = await openDatabase(
    env.DATABASE_URL
      ? {
          url: env.DATABASE_URL,
          onConnectionError: (err) => warn({ reason: err.message }, 'PostgreSQL dropped a connection'),
        }
      : { dataDir: join(config.dataDir, 'pglite') },
  );
  await migrateToLatest(database.db);
  const databaseMs = Math.round(performance.now() - started);
  const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL, { warn }) : null;

  let source: MovieSource;
  let catalog: CatalogIndex | undefined;
  // The offline catalog is always loaded: the chat recommends from it in both modes.
  // Its title search index is built once the API listens (a search before then completes it).
  const offline = new CatalogIndex(
    await ensureCatalogFile({
      dataDir: config.dataDir,
      tarball: config.datasetTarball,
      progress: terminalProgress(),
    }),
    { deferSearchIndex: true },
  );
  const catalogMs = Math.round(performance.now() - started) - databaseMs;
  if (config.dataMode === 'live') {
    source = new TmdbMovieSource(
      new TmdbClient({
        baseUrl: env.TMDB_BASE_URL,
        accessToken: env.TMDB_ACCESS_TOKEN,
        apiKey: env.TMDB_API_KEY,
        log: { warn },
        ...(redis ? { shared: { redis, prefix: 'cinelog' } } : {}),
      }),
    );
  } else {
    catalog = offline;
    source = new OfflineMovieSource(catalog, { tmdbImages: env.IMAGE_CDN_URL !== null });
  }

  const baseURL = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  // The names this machine answers to on our port. Without PUBLIC_URL a mailed link goes back to
  // whichever of them the visitor used (so its cookies match); any other Host gets baseURL's links.
  const loopback = ['localhost', '127.0.0.1', '[::1]'].map((h) => `http://${h}:${env.PORT}`);
  const identity = createIdentity({
    config,
    database,
    // The mailer logs through the app's logger, which exists once the app is built.
    log: { info: (o, m) => logRef.current?.info(o, m), error: (o, m) => logRef.current?.error(o, m) },
    baseURL,
    jwksOrigin: `http://127.0.0.1:${env.PORT}`,
    trustedOrigins: loopback,
    linkOrigins: env.PUBLIC_URL ? [] : loopback,
  });
  const webDist = resolve(import.meta.dirname, '../../web/dist');
  const app = await buildApp({
    redis,
    config,
    db: database,
    source,
    catalog,
    chatCatalog: offline,
    identity,
    webDist,
  });
  logRef.current = app.log;
  app.log.info(
    {
      dataMode: config.dataMode,
      database: database.kind,
      redis: redis ? 'shared limits and conversations' : 'unset (in process)',
      movies: catalog?.byId.size,
      startupMs: Math.round(performance.now() - started),
      // Since the process started: module loading included.
      sinceProcessStartMs: Math.round(performance.now()),
      databaseMs,
      catalogMs,
    },
    'ready to serve',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
      await redis?.quit().catch(() => redis.disconnect());
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const indexing = performance.now();
  void offline
    .buildSearchIndex()
    .then(() => app.log.info({ ms: Math.round(performance.now() - indexing) }, 'search index ready'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
