import { join } from 'node:path';
import { NotFoundError } from './lib/errors';
import type { CatalogIndex } from '@app/catalog';
import type { ConfigResponse } from '@app/contracts';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env';
import type { Database } from './db/database';
import type { Redis } from './integrations/redis/redis';
import { registerErrorHandling } from './lib/error-handler';
import { RateLimits } from './lib/rate-limit';
import { loggerOptions } from './lib/logger';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import type { MovieSource } from './modules/catalog/movie-source';
import type { Identity } from './modules/identity/identity';
import { identityRoutes } from './modules/identity/identity.routes';
import { imagesRoutes } from './modules/images/images.routes';
import { RecommenderClient } from './integrations/recommender/recommender-client';
import { recommendationsRoutes } from './modules/recommendations/recommendations.routes';
import { ChatEngine } from './modules/chat/chat-engine';
import { chatRoutes, type ChatLimits } from './modules/chat/chat.routes';
import { ChatService } from './modules/chat/chat.service';
import { MemoryConversationStore, RedisConversationStore } from './modules/chat/conversation-store';
import { LlmChat } from './modules/chat/llm-chat';
import { LibraryRepository } from './modules/library/library.repository';
import { libraryRoutes } from './modules/library/library.routes';
import { LibraryService } from './modules/library/library.service';
import { systemRoutes } from './modules/system/system.routes';
import { landingPage } from './modules/system/landing-page';
import { WebPages } from './modules/web/web-pages';

export interface AppDeps {
  config: AppConfig;
  db: Database;
  source: MovieSource;
  /** Present in offline mode: the catalog behind the generated images. */
  catalog?: CatalogIndex | undefined;
  /** The offline catalog for the chat in live mode (where `catalog` is absent). */
  chatCatalog?: CatalogIndex | undefined;
  /** Where the chat's trained vectors are cached (default DATA_DIR/catalog/chat-vectors.bin, beside the catalog). */
  chatVectorsFile?: string | undefined;
  logLevel?: string;
  /** Accounts; without it the /api/auth and /api/user routes are not mounted (catalog-only tests). */
  identity?: Identity | undefined;
  chatLimits?: ChatLimits;
  /** The built web app (apps/web/dist); served with a client-side-routing fallback when present. */
  webDist?: string | undefined;
  /** The shared Redis (`REDIS_URL`): rate limits and chat conversations go there when present. */
  redis?: Redis | null;
  /** Namespaces this deployment's Redis keys (tests use their own). */
  redisPrefix?: string;
}

export const TMDB_IMAGE_SIZES = {
  poster_sizes: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
  backdrop_sizes: ['w300', 'w780', 'w1280', 'original'],
  profile_sizes: ['w45', 'w185', 'h632', 'original'],
};

/** TRUST_PROXY as Fastify takes it: a number of hops becomes "trust the nearest N addresses". */
function trustProxy(setting: boolean | number | string) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

export function recommenderUrl(config: AppConfig): string {
  return config.env.RECOMMENDER_URL ?? `http://127.0.0.1:${config.env.RECOMMENDER_PORT}`;
}

export function publicConfig(deps: AppDeps): ConfigResponse {
  const { env } = deps.config;
  return {
    images: {
      base_url: deps.source.mode === 'live' ? env.TMDB_IMAGE_BASE_URL : '/api/images/',
      ...TMDB_IMAGE_SIZES,
    },
    data_mode: deps.source.mode,
    features: {
      google_sign_in: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
      smtp: Boolean(env.SMTP_URL),
      llm_chat: Boolean(env.LLM_BASE_URL && env.LLM_MODEL),
      redis: Boolean(env.REDIS_URL),
      external_database: Boolean(env.DATABASE_URL),
      recommender: true,
    },
    catalog: deps.catalog
      ? { movies: deps.catalog.byId.size, reference_date: deps.catalog.referenceDate }
      : null,
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.logLevel ?? deps.config.env.LOG_LEVEL),
    bodyLimit: 64 * 1024,
    // Behind a load balancer, the per-IP limits must see the visitor's address, not the balancer's.
    trustProxy: trustProxy(deps.config.env.TRUST_PROXY),
    // A path that is not valid percent-encoding never reaches a route: answer it like every other
    // bad input, `{message}` only.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .send({ message: error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : 'Bad request' });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // gzip/brotli for the web app's assets and the larger JSON answers (before any route).
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  const pages = deps.webDist ? WebPages.load(deps.webDist) : null;
  registerErrorHandling(app, {
    spaFallback: (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (
        !pages ||
        (request.method !== 'GET' && request.method !== 'HEAD') ||
        path.startsWith('/api/') ||
        path.startsWith('/assets/')
      )
        return false;
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(pages.html(path));
      return true;
    },
  });
  if (pages) {
    await app.register(fastifyStatic, {
      root: deps.webDist!,
      wildcard: false,
      // Pages (including /) go through the SPA fallback, which adds the page's data preloads.
      index: false,
      // The build writes brotli (quality 11) and gzip (level 9) copies of every script and style.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite's assets carry a content hash: cache them for a year; the HTML is always revalidated.
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Movie discovery API',
        description: 'Movie data (offline catalog or TMDB), accounts, personal library and chat.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const config = publicConfig(deps);
  await app.register(
    systemRoutes(() => config),
    { prefix: '/api' },
  );
  const redisPrefix = deps.redisPrefix ?? 'cinelog';
  const rateLimits = new RateLimits(deps.redis ?? null, redisPrefix);
  await app.register(catalogRoutes(deps.source, rateLimits), { prefix: '/api/tmdb' });
  if (deps.catalog) await app.register(imagesRoutes(deps.catalog), { prefix: '/api/images' });
  const recommender = new RecommenderClient(recommenderUrl(deps.config));
  await app.register(recommendationsRoutes(recommender), { prefix: '/api' });
  const chatCatalog = deps.chatCatalog ?? deps.catalog;
  if (chatCatalog) {
    // The chat retrieves from the offline catalog in both modes: its ids are TMDB ids.
    const engine = new ChatEngine(
      chatCatalog,
      recommender,
      deps.source.moviesWithPerson ? (name) => deps.source.moviesWithPerson!(name) : undefined,
      // The chat's vectors are trained from the catalog on the first message, then cached here.
      {
        vectorsFile: deps.chatVectorsFile ?? join(deps.config.dataDir, 'catalog', 'chat-vectors.bin'),
        // Live mode: picks come from the offline catalog (TMDB ids) and are checked against TMDB.
        ...(deps.source.mode === 'live'
          ? {
              liveCheck: (id: number) =>
                deps.source.movie(id).then(
                  () => true,
                  (err: unknown) => !(err instanceof NotFoundError),
                ),
            }
          : {}),
      },
    );
    const { env } = deps.config;
    const llm =
      env.LLM_BASE_URL && env.LLM_MODEL
        ? new LlmChat({ baseUrl: env.LLM_BASE_URL, model: env.LLM_MODEL, apiKey: env.LLM_API_KEY }, engine)
        : null;
    const conversations = deps.redis
      ? new RedisConversationStore(deps.redis, redisPrefix, app.log)
      : new MemoryConversationStore();
    const service = new ChatService(engine, llm, app.log, conversations);
    await app.register(chatRoutes(service, deps.identity?.verifier ?? null, deps.chatLimits, rateLimits), {
      prefix: '/api/chat',
    });
  }
  if (deps.identity) {
    await app.register(identityRoutes, {
      auth: deps.identity.auth,
      database: deps.db,
      limits: deps.identity.limits,
      rateLimits,
    });
    const library = new LibraryService(new LibraryRepository(deps.db.db), deps.source);
    await app.register(libraryRoutes(library, deps.identity.verifier), { prefix: '/api/user' });
  }

  if (!pages)
    app.get('/', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').send(landingPage(config)),
    );
  return app;
}
