import { CatalogIndex, ensureCatalogFileAt, preparePeopleIndex, terminalProgress } from '@app/catalog';
import type { FastifyBaseLogger } from 'fastify';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from './app';
import { createIdentity } from './modules/identity/identity';
import { EXIT_CONFIG } from '@app/contracts/config';
import { ConfigError, loadConfig } from './config/env';
import { migrateToLatest, openDatabase } from './db/database';
import { connectRedis } from './integrations/redis/redis';
import { RedisGenerations } from './integrations/redis/user-generations';
import { TmdbClient } from './integrations/tmdb/tmdb-client';
import { TmdbMovieSource } from './integrations/tmdb/tmdb-movie-source';
import type { MovieSource } from './modules/catalog/movie-source';
import { OfflineMovieSource } from './modules/catalog/offline-movie-source';
import { CatalogHolder } from './modules/catalog/catalog-holder';
import { catalogSyncScheduler } from './modules/catalog/sync-scheduler';

/** How long a SIGTERM's shutdown may take before the process exits anyway (a container's stop waits 10 s). */
const SHUTDOWN_LIMIT_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      // EX_CONFIG: restarting cannot help (npm start's supervisor stops instead of retrying).
      process.exit(EXIT_CONFIG);
    }
    throw err;
  }
  const { env } = config;
  const started = performance.now();
  wasmBaselineOnly();

  // The app's logger exists once the app is built; earlier parts log through this reference.
  const logRef: { current?: FastifyBaseLogger } = {};
  const warn = (o: object, m: string) => logRef.current?.warn(o, m);

  // The database opens while the catalog is read and indexed: PGlite compiles its WebAssembly on
  // background threads, and reads its files, while the main thread parses the catalog and builds
  // its lists (decision 0037: the lists were built after the database was ready, and the main
  // thread sat idle while the compile finished). The schema check is two small queries once current.
  let catalogMs = 0;
  let indexMs = 0;
  let databaseMs = 0;
  let catalogPath: string | undefined;
  const [database, offline] = await Promise.all([
    openDatabase(
      env.DATABASE_URL
        ? {
            url: env.DATABASE_URL,
            onConnectionError: (err) => warn({ reason: err.message }, 'PostgreSQL dropped a connection'),
          }
        : {
            dataDir: join(config.dataDir, 'pglite'),
            // PGlite's start and queries on the second core (decision 0042). A worker that dies
            // leaves no database: exit, and npm start's supervisor starts the API again.
            inWorker: env.PGLITE_WORKER,
            onWorkerExit: (err) => {
              console.error(`the embedded database stopped: ${err.message}`);
              process.exit(1);
            },
          },
    ).then(async (db) => {
      await migrateToLatest(db.db);
      databaseMs = Math.round(performance.now() - started);
      return db;
    }),
    ensureCatalogFileAt({
      dataDir: config.dataDir,
      tarball: config.datasetTarball,
      progress: terminalProgress(),
    }).then(({ file, path }) => {
      catalogPath = path;
      catalogMs = Math.round(performance.now() - started);
      // The offline catalog is always loaded: the chat recommends from it in both modes.
      // Its title search index is built once the API listens (a search before then completes it).
      const index = new CatalogIndex(file, { deferSearchIndex: true });
      indexMs = Math.round(performance.now() - started) - catalogMs;
      return index;
    }),
  ]);
  const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL, { warn }) : null;
  // The catalog follows the sync without a restart (decision 0084): every consumer reads it
  // through the holder, which swaps in a new generation when current.json names one.
  const holder = new CatalogHolder(offline, {
    dataDir: config.dataDir,
    log: { info: (o, m) => logRef.current?.info(o, m), warn },
  });

  let source: MovieSource;
  let catalog: CatalogIndex | undefined;
  if (config.dataMode === 'live') {
    source = new TmdbMovieSource(
      new TmdbClient({
        baseUrl: env.TMDB_BASE_URL,
        accessToken: env.TMDB_ACCESS_TOKEN,
        apiKey: env.TMDB_API_KEY,
        log: { warn },
        ...(redis ? { shared: { redis, prefix: env.REDIS_KEY_PREFIX } } : {}),
      }),
    );
  } else {
    catalog = holder.view;
    source = new OfflineMovieSource(catalog, { tmdbImages: env.IMAGE_CDN_URL !== null });
  }

  // PostgreSQL is shared by every instance: with Redis, users' reads and sessions are kept in
  // process under each user's generation there (decision 0091).
  const generations =
    redis && database.kind === 'postgres'
      ? new RedisGenerations(redis, env.REDIS_KEY_PREFIX, { warn })
      : null;
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
    generations,
  });
  const webDist = config.webDist;
  const app = await buildApp({
    redis,
    redisPrefix: env.REDIS_KEY_PREFIX,
    generations,
    config,
    db: database,
    source,
    catalog,
    chatCatalog: holder.view,
    catalogHolder: holder,
    catalogPath,
    prepareChat: true,
    identity,
    webDist,
  });
  logRef.current = app.log;
  app.log.info(
    {
      dataMode: config.dataMode,
      database: database.kind,
      redis: redis
        ? `shared limits, conversations${database.kind === 'postgres' ? ' and read-cache generations' : ''}`
        : 'unset (in process)',
      movies: catalog?.byId.size,
      startupMs: Math.round(performance.now() - started),
      // Since the process started: module loading included.
      sinceProcessStartMs: Math.round(performance.now()),
      // Times since main() began: the database, and the catalog file then its lists, side by side.
      catalogReadMs: catalogMs,
      databaseReadyMs: databaseMs,
      catalogIndexMs: indexMs,
      ...memoryMb(),
    },
    'ready to serve',
  );

  holder.onSwap(() => () => {
    if (source instanceof OfflineMovieSource) source.forgetSearches();
    // The old catalog's memory back to the system now, as after the start (decision 0018).
    setImmediate(() => {
      fullGc();
      app.log.info(memoryMb(), 'catalog: the old catalog collected');
    });
  });
  // With a TMDB key the site syncs by itself: at start when the last sync is a day old, then daily.
  const syncs = catalogSyncScheduler(config, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    holder.stop();
    syncs?.stop();
    // Each step named in the log, so a shutdown that overruns says where it stood.
    let step = 'closing the server';
    const stepStarted = performance.now();
    const force = setTimeout(() => {
      app.log.error({ step, ms: Math.round(performance.now() - stepStarted) }, 'shutdown overran: exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    try {
      await app.close();
      step = 'closing the database';
      await database.close();
      step = 'closing Redis';
      await redis?.quit().catch(() => redis.disconnect());
      clearTimeout(force);
      app.log.info({ ms: Math.round(performance.now() - stepStarted) }, 'shut down');
      process.exit(0);
    } catch (err) {
      app.log.error({ err, step }, 'error during shutdown');
      process.exit(1);
    }
  };
  // A promise nobody awaited that fails: logged, and the process ends as Node would end it; while
  // shutting down, work still under way (an index being built, a background read) fails because
  // the database closed beneath it, which is expected and must not turn a clean stop into exit 1.
  process.on('unhandledRejection', (err) => {
    if (closing) return app.log.warn({ err }, 'background work ended by the shutdown');
    app.log.fatal({ err }, 'unhandled rejection');
    process.exit(1);
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  holder.start();
  syncs?.start();
  const indexing = performance.now();
  void offline.buildSearchIndex().then(() => {
    const ms = Math.round(performance.now() - indexing);
    // Loading left garbage behind (the catalog's 44 MB of JSON text, the index's build lists):
    // one full collection now returns those pages to the system, instead of whenever V8 next
    // decides to (RSS after start was 380–550 MB depending on that timing; decision 0018).
    const before = memoryMb();
    fullGc();
    sizeMode();
    app.log.info({ ms, before, ...memoryMb() }, 'search index ready');
    void preparePeopleIndex(offline);
  });
}

/**
 * V8 sized for memory rather than speed, from here on: the old generation grows by a smaller
 * factor between full collections, so garbage made under load is collected before it piles up
 * (RSS after the bench's read load: 471–482 MB without, 327–330 MB with; decision 0021). Set
 * once start-up is done, not before it: during start-up the same mode made V8 collect far more
 * often while the catalog was parsed and indexed (about 0.35 s more to /api/health on a quiet
 * machine); the heap's growing strategy reads the flag at each collection, so it applies from
 * the next one (decision 0030). Set here rather than on the command line so that every way of
 * running the API (npm start, the bench, a container) gets it.
 */
function sizeMode() {
  setFlagsFromString('--optimize-for-size');
}

/**
 * The embedded database's WebAssembly (PostgreSQL, 9 MB) compiled once by V8's baseline compiler
 * only, never again by its optimizing one. With both tiers the optimized code sat beside the
 * baseline code: 30–37 MB more RSS, and the optimizing compiles competed with the start for
 * CPU. Its queries cost the same either way (a PGlite query's time is mostly its protocol and
 * copying, not the generated code; decision 0045). Set before the database's worker starts:
 * V8's flags are the process's, and the worker compiles with them.
 */
function wasmBaselineOnly() {
  setFlagsFromString('--liftoff-only');
}

/** A full garbage collection, once, after start-up (node's gc(), reached without a command-line flag). */
function fullGc() {
  try {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  } catch {
    // not available: V8 collects on its own schedule
  }
}

/** Where the memory is, for the start-up log lines (the bench reads them). */
function memoryMb() {
  const m = process.memoryUsage();
  const mb = (x: number) => Math.round(x / 1_048_576);
  return { rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), externalMb: mb(m.external) };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
