import { join } from 'node:path';
import { NotFoundError } from './lib/errors';
import type { CatalogIndex } from '@app/catalog';
import type { ConfigResponse } from '@app/contracts';
import { HOME_ROWS_COOKIE, homeRowsStyle } from '@app/contracts';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
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
import { lazyApiDocs } from './lib/api-docs';
import { registerErrorHandling } from './lib/error-handler';
import { RateLimits, TOO_MANY_ATTEMPTS } from './lib/rate-limit';
import { lazyChildLogger, loggerOptions, registerRequestLog, SLOW_REQUEST_MS } from './lib/logger';
import { compressedFor, DYNAMIC_COMPRESSION } from './lib/compression';
import { ResponseCache } from './lib/response-cache';
import type { TrustProxy } from './lib/visitor-limit';
import {
  BODY_LIMIT,
  clientErrorAnswer,
  DEFAULT_TIMEOUTS,
  registerRequestGuards,
  timeoutOptions,
  type RequestTimeouts,
} from './lib/request-guards';
import {
  registerSecurityHeaders,
  securityHeaderValues,
  type SecurityHeaderOptions,
} from './lib/security-headers';
import { catalogRoutes, isPersonal, type HiddenMovies } from './modules/catalog/catalog.routes';
import { movieExtrasRoutes, type UserCountry } from './modules/catalog/movie-extras.routes';
import type { MovieSource } from './modules/catalog/movie-source';
import type { CatalogHolder } from './modules/catalog/catalog-holder';
import { trainChatVectorsApart } from './modules/catalog/children';
import type { Identity } from './modules/identity/identity';
import { authOpenApi, withAuthPaths } from './modules/identity/auth-openapi';
import { accountLookup } from './modules/identity/identity.repository';
import { identityRoutes } from './modules/identity/identity.routes';
import { imagesRoutes } from './modules/images/images.routes';
import { CdnProbe } from './modules/images/cdn-probe';
import { RecommenderClient } from './integrations/recommender/recommender-client';
import { forYouRoutes, recommendationsRoutes } from './modules/recommendations/recommendations.routes';
import { ForYouService } from './modules/recommendations/for-you.service';
import { readSignals } from './modules/library/signals.repository';
import { signalsRoutes, signalsSecret } from './modules/recommendations/signals.routes';
import { ChatEngine, filmCreditsOf } from './modules/chat/chat-engine';
import { chatRoutes, type ChatLimits } from './modules/chat/chat.routes';
import { ChatService } from './modules/chat/chat.service';
import { ChatStartup } from './modules/chat/chat-startup';
import { MemoryConversationStore, RedisConversationStore } from './modules/chat/conversation-store';
import { LlmChat } from './modules/chat/llm-chat';
import { CachedLikesAnswer } from './modules/library/cached-likes';
import { LibraryReadCache } from './modules/library/library-read-cache';
import { RedisGenerations, type Generations } from './integrations/redis/user-generations';
import { LibraryRepository } from './modules/library/library.repository';
import { libraryRoutes } from './modules/library/library.routes';
import { LibraryService } from './modules/library/library.service';
import { DiaryRepository } from './modules/library/diary.repository';
import { diaryRoutes } from './modules/library/diary.routes';
import { DiaryService } from './modules/library/diary.service';
import { systemRoutes } from './modules/system/system.routes';
import { imagePaths } from './modules/catalog/offline-movie-source';
import { ExportService } from './modules/transfer/export.service';
import { importQueueFor } from './modules/transfer/import-queue';
import { ImportService } from './modules/transfer/import.service';
import { SharingService } from './modules/transfer/sharing.service';
import { TransferRepository } from './modules/transfer/transfer.repository';
import { publicPlaylistRoutes, transferRoutes } from './modules/transfer/transfer.routes';
import { SettingsRepository } from './modules/settings/settings.repository';
import { countryOf, hiddenMoviesOf, settingsRoutes } from './modules/settings/settings.routes';
import { SettingsService } from './modules/settings/settings.service';
import { SocialRepository } from './modules/social/social.repository';
import { socialRoutes } from './modules/social/social.routes';
import { SOCIAL_LIMITS, SocialService } from './modules/social/social.service';
import { landingPage } from './modules/system/landing-page';
import { isServerRendered, ServerRenderer } from './modules/web/server-render';
import { moviePageId, WebPages, type PageMeta } from './modules/web/web-pages';

export interface AppDeps {
  config: AppConfig;
  db: Database;
  source: MovieSource;
  /** Present in offline mode: the catalog behind the generated images. */
  catalog?: CatalogIndex | undefined;
  /** The offline catalog for the chat in live mode (where `catalog` is absent). */
  chatCatalog?: CatalogIndex | undefined;
  /** The catalog following the sync (main.ts; decision 0084): the caches and the chat follow its swaps. */
  catalogHolder?: CatalogHolder | undefined;
  /** The file the catalog served at start was read from (a child process trains the chat's vectors from it). */
  catalogPath?: string | undefined;
  /** Where the chat's trained vectors are cached (default DATA_DIR/catalog/chat-vectors.bin, beside the catalog). */
  chatVectorsFile?: string | undefined;
  /** Make the chat ready at start rather than on its first message (main.ts; decision 0079). */
  prepareChat?: boolean;
  logLevel?: string;
  /** Where the log goes (stdout by default; tests capture it). */
  logStream?: { write(line: string): void };
  /** Accounts; without it the /api/auth and /api/user routes are not mounted (catalog-only tests). */
  identity?: Identity | undefined;
  chatLimits?: ChatLimits;
  /** The built web app (apps/web/dist); served with a client-side-routing fallback when present. */
  webDist?: string | undefined;
  /** The shared Redis (`REDIS_URL`): rate limits and chat conversations go there when present. */
  redis?: Redis | null;
  /** Namespaces this deployment's Redis keys (tests use their own). */
  redisPrefix?: string;
  /** The users' generations in Redis (main.ts makes them once for the sessions and the reads; decision 0091). */
  generations?: Generations | null;
  /** How long a client may take to send a request (tests shorten them). */
  timeouts?: RequestTimeouts;
  /** An answer slower than this is logged at `warn` (default SLOW_REQUEST_MS; tests lower it). */
  slowRequestMs?: number;
}

/** Where the generated offline art is served (modules/images). */
const GENERATED_IMAGES = '/api/images/';

export const TMDB_IMAGE_SIZES = {
  poster_sizes: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
  backdrop_sizes: ['w300', 'w780', 'w1280', 'original'],
  profile_sizes: ['w45', 'w185', 'h632', 'original'],
};

/** TRUST_PROXY as Fastify takes it: a number of hops becomes "trust the nearest N addresses". */
function trustProxy(setting: boolean | number | string): TrustProxy {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

export function recommenderUrl(config: AppConfig): string {
  return config.env.RECOMMENDER_URL ?? `http://127.0.0.1:${config.env.RECOMMENDER_PORT}`;
}

export function publicConfig(deps: AppDeps): ConfigResponse {
  const { env } = deps.config;
  return {
    images: {
      base_url:
        deps.source.mode === 'live' ? env.TMDB_IMAGE_BASE_URL : (env.IMAGE_CDN_URL ?? GENERATED_IMAGES),
      fallback_base_url: deps.source.mode === 'live' ? null : GENERATED_IMAGES,
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

const SITE_DESCRIPTION =
  'Discover movies: now playing, top rated, popular and trending, with recommendations and a movie chatbot.';
/** How long a movie page's HTML waits for the movie's facts (live mode) before going without them. */
const META_TIMEOUT_MS = 1500;

/**
 * The sharing tags of a page: a movie page's title, overview and poster (crawlers do not run the
 * app); the site's own for every other page. Never fails: without the movie, the site's tags.
 */
async function pageMeta(
  deps: AppDeps,
  request: FastifyRequest,
  path: string,
  sharing: SharingService,
  cdnReachable: boolean | undefined,
): Promise<PageMeta> {
  const { env } = deps.config;
  const origin = (env.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
  const site: PageMeta = {
    title: 'Cinelog — discover movies',
    description: SITE_DESCRIPTION,
    url: `${origin}${path}`,
  };
  const slug = /^\/p\/([^/]+)\/?$/.exec(path)?.[1];
  if (slug) return publicPlaylistMeta(deps, sharing, slug, site, origin);
  const id = moviePageId(path);
  // /movie/abc: the app's movie page route, but no film can have that id.
  if (id === null && /^\/movie\/[^/]+\/?$/.test(path)) return { ...site, missing: true };
  if (id === null) {
    if (path !== '/' || deps.source.mode !== 'offline') return site;
    // The home page's largest paint is the hero: the first popular film's backdrop (the offline
    // catalog answers from memory; a live one is not waited for).
    const first = (await deps.source.list('popular', 1).catch(() => null))?.results[0];
    return first ? { ...site, lcpImage: heroImage(deps, first, cdnReachable) } : site;
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    const movie = await Promise.race([
      deps.source.movie(id),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), META_TIMEOUT_MS);
      }),
    ]);
    const { images } = publicConfig(deps);
    const poster = movie.poster_path;
    const base = poster?.endsWith('.svg') ? (images.fallback_base_url ?? images.base_url) : images.base_url;
    const image = poster ? new URL(`${base}w500${poster}`, `${origin}/`).href : undefined;
    const year = movie.release_date?.slice(0, 4);
    const overview = movie.overview?.trim() ?? '';
    return {
      title: `${movie.title}${year ? ` (${year})` : ''} · Cinelog`,
      description:
        overview.length > 200 ? `${overview.slice(0, 197).trimEnd()}…` : overview || SITE_DESCRIPTION,
      url: site.url,
      image,
      type: 'video.movie',
      lcpImage: heroImage(deps, movie, cdnReachable),
    };
  } catch (err) {
    return err instanceof NotFoundError ? { ...site, missing: true } : site;
  } finally {
    clearTimeout(timer);
  }
}

/** A path of the generated offline art, which only this server has (as the web app's artwork.tsx). */
const GENERATED_ART = /^\/(poster|backdrop)-\d+\.svg$/;

/**
 * The URL the web app shows first for a film's backdrop at full size (the home hero, the top of a
 * movie page): the first of artwork.tsx's candidates, so the page's HTML can preload the very
 * image its largest paint waits for. Undefined where the app would show none.
 */
export function heroImage(
  deps: AppDeps,
  movie: { id: number; backdrop_path?: string | null | undefined },
  cdnReachable: boolean | undefined,
): string | undefined {
  const { base_url: base, fallback_base_url: fallback } = publicConfig(deps).images;
  const path = movie.backdrop_path;
  if (path && GENERATED_ART.test(path)) return `${fallback ?? base}original${path}`;
  // With the CDN found unreachable, the app goes straight to the generated art.
  if (path && !(fallback && cdnReachable === false)) return `${base}original${path}`;
  return fallback ? `${fallback}original/backdrop-${movie.id}.svg` : undefined;
}

/** A public playlist's sharing tags: its name, owner, first films and first poster; the site's if it is not public. */
async function publicPlaylistMeta(
  deps: AppDeps,
  sharing: SharingService,
  slug: string,
  site: PageMeta,
  origin: string,
): Promise<PageMeta> {
  // Like a movie's facts: the page is not held back for long by a slow database.
  let timer: NodeJS.Timeout | undefined;
  const p = await Promise.race([
    sharing.meta(slug),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), META_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  if (!p) return site;
  const count = `${p.movies.length} ${p.movies.length === 1 ? 'film' : 'films'}`;
  const titles = p.movies
    .slice(0, 5)
    .map((m) => m.title)
    .join(', ');
  const description = `${count}${p.owner_name ? ` · a list by ${p.owner_name}` : ''}${titles ? `: ${titles}${p.movies.length > 5 ? '…' : ''}` : ''}`;
  const poster = p.movies.find((m) => m.poster_path)?.poster_path;
  const { images } = publicConfig(deps);
  const base = poster?.endsWith('.svg') ? (images.fallback_base_url ?? images.base_url) : images.base_url;
  return {
    title: `${p.name} · Cinelog`,
    description: description.length > 200 ? `${description.slice(0, 197).trimEnd()}…` : description,
    url: site.url,
    image: poster ? new URL(`${base}w500${poster}`, `${origin}/`).href : undefined,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How many answers came from memory: catalog answers from the response cache, likes from bytes kept. */
    cachedAnswers(): { catalog: number; likes: number };
  }
}

/** What the security headers allow: the site's origin, the image host, Google and live trailers. */
function securityOptions(deps: AppDeps): SecurityHeaderOptions {
  const { env } = deps.config;
  return {
    publicUrl: env.PUBLIC_URL,
    imageBaseUrl: env.TMDB_IMAGE_BASE_URL,
    googleIssuer: env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? env.GOOGLE_ISSUER : undefined,
    // Live mode's trailers: YouTube's thumbnails and, on play, its cookie-less player (decision 0095).
    trailers: deps.source.mode === 'live',
  };
}

function createFastify(deps: AppDeps, security: SecurityHeaderOptions) {
  const app = Fastify({
    logger: {
      ...(loggerOptions(deps.logLevel ?? deps.config.env.LOG_LEVEL) as object),
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    childLoggerFactory: lazyChildLogger,
    bodyLimit: BODY_LIMIT,
    // A client sending its headers or body slowly is cut off (408), not waited for.
    ...timeoutOptions(deps.timeouts ?? DEFAULT_TIMEOUTS),
    // Node's own answers (a request it cannot read) carry the same security headers as the rest.
    clientErrorHandler: clientErrorAnswer(securityHeaderValues(security)),
    // One line per request, at debug (see registerRequestLog), instead of Fastify's two at info.
    logController: new LogController({ disableRequestLogging: true }),
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
  registerRequestLog(app, deps.slowRequestMs ?? SLOW_REQUEST_MS);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

type App = ReturnType<typeof createFastify>;

/** A redirect may go to the site's public origin and the origins Better Auth trusts. */
function siteOrigins(deps: AppDeps): string[] {
  const { env } = deps.config;
  const trusted = deps.identity?.auth.options.trustedOrigins;
  return [env.PUBLIC_URL ?? `http://localhost:${env.PORT}`, ...(Array.isArray(trusted) ? trusted : [])];
}

/**
 * The embedded database is this process's alone: its library reads can be kept until a write.
 * PostgreSQL is shared by every instance: with Redis, kept while the user's generation there stays
 * the same (decision 0091); without Redis, not kept.
 */
function libraryReadCache(deps: AppDeps, app: App): LibraryReadCache | null {
  if (!deps.identity) return null;
  if (deps.db.kind === 'pglite') return new LibraryReadCache(undefined, null);
  if (!deps.redis) return null;
  const generations =
    deps.generations ?? new RedisGenerations(deps.redis, deps.redisPrefix ?? 'cinelog', app.log);
  return new LibraryReadCache(undefined, generations);
}

/**
 * The web build: its files, and every page through the SPA fallback, the landing pages rendered on
 * the server from the build's own components (decision 0031). Null without a build.
 */
async function registerWebPages(
  app: App,
  deps: AppDeps,
  sharing: SharingService,
  cdnProbe: CdnProbe | null,
): Promise<WebPages | null> {
  const pages = deps.webDist ? WebPages.load(deps.webDist) : null;
  // Loaded with the first page asked for (a large module: not part of the start).
  let renderer: Promise<ServerRenderer | null> | null = null;
  const serverRenderer = () =>
    (renderer ??= deps.webDist
      ? ServerRenderer.load(deps.webDist, app).catch((err: unknown) => {
          app.log.warn({ err }, 'the web build has a server entry that could not be loaded');
          return null;
        })
      : Promise.resolve(null));
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
      // Only the landing pages: any other path (a page left to the browser, a scanner's probe)
      // never reaches the renderer; what the config says about the image CDN is part of it.
      const rendered = isServerRendered(path)
        ? serverRenderer().then((r) => (r ? r.render(path, String(cdnProbe?.reachable)) : null))
        : Promise.resolve(null);
      // Compressed here: @fastify/compress only hooks into routes, and this is the not-found handler.
      void Promise.all([pageMeta(deps, request, path, sharing, cdnProbe?.reachable), rendered]).then(
        ([meta, page]) =>
          reply
            .code(pages.knows(path) && !meta.missing ? 200 : 404)
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-cache')
            .send(compressedFor(request, reply, pages.html(path, meta, page, homeRowsHead(request, path)))),
      );
      return true;
    },
  });
  if (pages) {
    await app.register(fastifyStatic, {
      root: deps.webDist!,
      wildcard: false,
      // Pages (including /) go through the SPA fallback, which adds the page's data preloads.
      index: false,
      // The server's render module (dist/ssr) is this process's, not a file of the site.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
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
  return pages;
}

/** The OpenAPI document and the docs UI, made on first request (decision 0048). */
function registerApiDocs(app: App, deps: AppDeps) {
  const apiDocs = lazyApiDocs(app, {
    swagger: {
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
    },
    uiPrefix: '/api/docs',
  });
  app.get('/api/docs', { schema: { hide: true } }, apiDocs.forward);
  app.get('/api/docs/*', { schema: { hide: true } }, apiDocs.forward);
  // Better Auth describes its own endpoints; they join the document once, on first request.
  let authPaths: Promise<Awaited<ReturnType<typeof authOpenApi>>> | null = null;
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => {
    const doc = await apiDocs.document();
    if (!deps.identity) return doc;
    authPaths ??= authOpenApi(deps.identity.auth);
    return withAuthPaths(doc, await authPaths);
  });
}

/** What a signed-in user's settings give the routes mounted before the accounts (set once they are). */
interface UserHooks {
  hiddenMovies: HiddenMovies | null;
  country: UserCountry;
  /** The films a signed-in user has seen, for the chat to leave out. */
  seenBy: ((uid: string) => Promise<ReadonlySet<number>>) | null;
}

interface Shared {
  recommender: RecommenderClient;
  rateLimits: RateLimits;
  redisPrefix: string;
  user: UserHooks;
  /** A new catalog was swapped in: the caches made from the old one go. */
  onCatalogSwap: () => void;
}

/** The chat (when there is a catalog to retrieve from). */
async function registerChat(app: App, deps: AppDeps, shared: Shared) {
  const chatCatalog = deps.chatCatalog ?? deps.catalog;
  if (!chatCatalog) return;
  const { recommender, rateLimits, user } = shared;
  const { env } = deps.config;
  // The chat retrieves from the offline catalog in both modes: its ids are TMDB ids.
  // With `prepareChat` (main.ts) it is made ready at start, its indexes before listening and its
  // first search and answer once listening, so that the first message waits for none of them
  // (decision 0079, which undoes decision 0018's "on the first message"). Otherwise (tests) it
  // is made on the first message.
  const vectorsFile = deps.chatVectorsFile ?? join(deps.config.dataDir, 'catalog', 'chat-vectors.bin');
  const withPerson = deps.source.moviesWithPerson
    ? (name: string) => deps.source.moviesWithPerson!(name)
    : undefined;
  // Live mode: "who directed X?" answered from TMDB's credits when the catalog has none of X's.
  const filmCredits =
    deps.source.mode === 'live'
      ? {
          filmCredits: async (id: number) => filmCreditsOf(await deps.source.credits(id)),
        }
      : {};
  // Live mode: picks come from the offline catalog (TMDB ids) and are checked against TMDB.
  const liveCheck =
    deps.source.mode === 'live'
      ? {
          liveCheck: (id: number) =>
            deps.source.movie(id).then(
              () => true,
              (err: unknown) => !(err instanceof NotFoundError),
            ),
        }
      : {};
  const chatStartup: ChatStartup = new ChatStartup(
    (catalog = deps.catalogHolder?.current ?? chatCatalog): ChatEngine =>
      // The chat's vectors are trained from the catalog once, then cached here.
      new ChatEngine(catalog, recommender, withPerson, {
        vectorsFile,
        vectorsElsewhere: (): boolean => chatStartup.vectorsElsewhere,
        ...liveCheck,
        ...filmCredits,
      }),
    app.log,
  );
  if (deps.prepareChat) {
    app.addHook('onReady', async () => chatStartup.prepareIndexes(chatCatalog, vectorsFile));
    const servedPath = deps.catalogPath;
    app.addHook('onListen', async () => {
      void chatStartup.prepare({
        answerOnce: deps.source.mode !== 'live',
        vectorsFile,
        ...(servedPath ? { trainApart: () => trainChatVectorsApart(servedPath, vectorsFile) } : {}),
      });
    });
  }
  // A new catalog (a sync; decision 0084): the chat's engine for it, made ready before the swap
  // (its vectors trained in a child process); the catalog's cached answers go at the swap.
  deps.catalogHolder?.onSwap(async (next, { path }) =>
    chatStartup.prepareNext(
      chatStartup.make(next),
      vectorsFile,
      deps.prepareChat ? () => trainChatVectorsApart(path, vectorsFile) : undefined,
    ),
  );
  deps.catalogHolder?.onSwap(() => shared.onCatalogSwap);
  const engine = lazily(() => chatStartup.get());
  const llm =
    env.LLM_BASE_URL && env.LLM_MODEL
      ? new LlmChat({ baseUrl: env.LLM_BASE_URL, model: env.LLM_MODEL, apiKey: env.LLM_API_KEY }, engine)
      : null;
  const conversations = deps.redis
    ? new RedisConversationStore(deps.redis, shared.redisPrefix, app.log)
    : new MemoryConversationStore();
  const service = new ChatService(engine, llm, app.log, conversations, (uid) =>
    user.seenBy ? user.seenBy(uid) : Promise.resolve(new Set<number>()),
  );
  const routes = chatRoutes(
    service,
    deps.identity?.verifier ?? null,
    deps.chatLimits,
    rateLimits,
    () => chatStartup.warmingUp,
  );
  await app.register(routes, {
    prefix: '/api/chat',
  });
}

/** Import, export and public playlists (issue 16): the catalog matches imported titles in both modes. */
async function registerTransfer(
  app: App,
  deps: AppDeps,
  identity: Identity,
  parts: {
    transferRepo: TransferRepository;
    sharing: SharingService;
    readCache: LibraryReadCache | null;
    library: LibraryService;
    rateLimits: RateLimits;
  },
) {
  const importCatalog = deps.chatCatalog ?? deps.catalog;
  if (!importCatalog) return;
  const { env } = deps.config;
  const { readCache, library } = parts;
  const tmdbImages = deps.source.mode === 'live' || env.IMAGE_CDN_URL !== null;
  const imports = new ImportService(
    parts.transferRepo,
    importCatalog,
    (m) => imagePaths(m, tmdbImages),
    app.log,
    (uid) => readCache?.invalidate(uid),
    {
      // Live, a film the catalog lacks is looked up on TMDB (the first page of its search).
      ...(deps.source.mode === 'live'
        ? { search: async (q: string) => (await deps.source.search(q, 1)).results }
        : {}),
      // Jobs on pg-boss in this database, worked by every instance (decision 0090).
      ...importQueueFor(deps.db, app.log),
    },
  );
  // Listening, this instance works the queue (a job whose instance died is finished here), and
  // starts the import thread with a small catalog, so that the first upload waits for neither (a
  // large catalog's waits for the first upload: decision 0138).
  app.addHook('onListen', async () => {
    imports.startQueue().catch((err: unknown) => app.log.warn({ err }, 'the import queue did not start'));
    void imports.warmUpAtStart();
  });
  app.addHook('onClose', async () => imports.close());
  await app.register(
    transferRoutes(
      {
        imports,
        exports: new ExportService(parts.transferRepo),
        sharing: parts.sharing,
        accountExists: (uid) => library.accountExists(uid),
      },
      identity.verifier,
      parts.rateLimits,
    ),
    { prefix: '/api/user' },
  );
}

/** Issue 46: profiles, follows, blocks, the feed, public reviews (decision 0093). */
function socialService(deps: AppDeps, library: LibraryService, rateLimits: RateLimits): SocialService {
  const limit = (name: string, limits: { points: number; durationSeconds: number }) =>
    rateLimits.create({ name, ...limits, message: TOO_MANY_ATTEMPTS });
  return new SocialService(
    new SocialRepository(deps.db.db),
    {
      follow: limit('social-follow', SOCIAL_LIMITS.follow),
      reviewLike: limit('review-like', SOCIAL_LIMITS.reviewLike),
      reviewReport: limit('review-report', SOCIAL_LIMITS.reviewReport),
    },
    (tmdbId) => library.withMovie(tmdbId, async () => {}),
  );
}

/**
 * Accounts and everything a user owns (/api/auth, /api/user, social, For You); sets the user hooks
 * the earlier routes read. Returns the likes answer kept in memory (null without the read cache).
 */
async function registerAccounts(
  app: App,
  deps: AppDeps,
  identity: Identity,
  parts: Shared & {
    transferRepo: TransferRepository;
    sharing: SharingService;
    readCache: LibraryReadCache | null;
  },
): Promise<CachedLikesAnswer | null> {
  const { readCache, rateLimits, user } = parts;
  await app.register(identityRoutes, {
    auth: identity.auth,
    accounts: accountLookup(deps.db),
    limits: identity.limits,
    relink: identity.relink,
    rateLimits,
  });
  if (readCache) identity.userDeleted.add((userId) => readCache.invalidate(userId));
  const library = new LibraryService(new LibraryRepository(deps.db.db), deps.source, readCache);
  // With the read cache, a user's cached likes are encoded and compressed once per encoding.
  const likesAnswer = readCache ? new CachedLikesAnswer() : null;
  await app.register(libraryRoutes(library, identity.verifier, likesAnswer), { prefix: '/api/user' });
  const exists = (uid: string) => library.accountExists(uid);
  const diary = new DiaryService(
    new DiaryRepository(deps.db.db),
    new LibraryRepository(deps.db.db),
    library,
    deps.source,
    readCache,
  );
  const reviewWrite = rateLimits.create({
    name: 'review-write',
    ...SOCIAL_LIMITS.reviewWrite,
    message: TOO_MANY_ATTEMPTS,
  });
  await app.register(diaryRoutes(diary, identity.verifier, exists, reviewWrite), { prefix: '/api/user' });
  await registerTransfer(app, deps, identity, { ...parts, library });
  await app.register(publicPlaylistRoutes(parts.sharing), { prefix: '/api/public' });
  const settings = new SettingsService(new SettingsRepository(deps.db.db), readCache);
  await app.register(settingsRoutes(settings, identity.verifier, exists), { prefix: '/api/user' });
  await app.register(socialRoutes(socialService(deps, library, rateLimits), identity.verifier, exists), {
    prefix: '/api',
  });
  user.hiddenMovies = hiddenMoviesOf(settings, identity.verifier, exists);
  user.country = countryOf(settings, identity.verifier, exists);
  user.seenBy = (uid) => settings.seenIds(uid);
  await app.register(
    forYouRoutes(new ForYouService(deps.db.db, parts.recommender, deps.source), identity.verifier),
    { prefix: '/api/user' },
  );
  return likesAnswer;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const security = securityOptions(deps);
  const app = createFastify(deps, security);
  const { env } = deps.config;
  // Before any route: security headers on every answer, and bad input refused before handlers.
  await registerSecurityHeaders(app, security);
  registerRequestGuards(app, { siteOrigins: siteOrigins(deps) });
  // gzip/brotli for the larger dynamic answers (before any route), at a fast level: they are
  // compressed on every request. Cached answers and built assets are compressed once, harder.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    ...DYNAMIC_COMPRESSION,
  });
  const transferRepo = new TransferRepository(deps.db.db);
  const readCache = libraryReadCache(deps, app);
  const sharing = new SharingService(transferRepo, (uid) => readCache?.invalidate(uid));
  // Offline with the image CDN on: whether this server can reach it (an install without internet
  // then sends pages straight to the generated art).
  const cdnProbe =
    deps.source.mode === 'offline' && env.IMAGE_CDN_URL ? new CdnProbe(env.IMAGE_CDN_URL) : null;
  if (cdnProbe) {
    cdnProbe.start();
    app.addHook('onClose', async () => cdnProbe.stop());
  }
  const pages = await registerWebPages(app, deps, sharing, cdnProbe);
  registerApiDocs(app, deps);

  let config = publicConfig(deps);
  await app.register(
    systemRoutes(() =>
      cdnProbe?.reachable === undefined
        ? config
        : { ...config, images: { ...config.images, cdn_reachable: cdnProbe.reachable } },
    ),
    { prefix: '/api' },
  );
  const redisPrefix = deps.redisPrefix ?? 'cinelog';
  const rateLimits = new RateLimits(deps.redis ?? null, redisPrefix);
  // The offline catalog's answers depend on the URL only: each is serialized and compressed once.
  // A user's "hide what I've seen" answer is theirs alone: never cached (isPersonal).
  // A hit is answered by the route's onRequest hook, after the security headers' hooks and the
  // route's limit: the same headers, limits and request log as every other answer.
  const catalogCache = deps.source.mode === 'offline' ? new ResponseCache({ personal: isPersonal }) : null;
  // Until accounts are mounted below (or without accounts), hide_seen is refused and no country is known.
  const user: UserHooks = { hiddenMovies: null, country: async () => null, seenBy: null };
  const hidden: HiddenMovies | null = deps.identity ? (req) => user.hiddenMovies!(req) : null;
  await app.register(catalogRoutes(deps.source, rateLimits, catalogCache, hidden), {
    prefix: '/api/tmdb',
  });
  // Where to watch and trailers (decision 0095): the signed-in user's country once accounts are mounted.
  await app.register(
    movieExtrasRoutes(deps.source, (req) => user.country(req)),
    { prefix: '/api' },
  );
  if (deps.catalog) await app.register(imagesRoutes(deps.catalog), { prefix: '/api/images' });
  const recommender = new RecommenderClient(
    recommenderUrl(deps.config),
    2000,
    () => signalsSecret(deps.config.dataDir, env.RECOMMENDER_SIGNALS_SECRET),
    env.RECOMMEND_CACHE_SECONDS * 1000,
  );
  app.addHook('onClose', async () => recommender.close());
  await app.register(recommendationsRoutes(recommender, deps.source, hidden), { prefix: '/api' });
  await app.register(
    signalsRoutes(
      () => readSignals(deps.db.db),
      () => signalsSecret(deps.config.dataDir, env.RECOMMENDER_SIGNALS_SECRET),
    ),
    { prefix: '/api' },
  );
  const shared: Shared = {
    recommender,
    rateLimits,
    redisPrefix,
    user,
    onCatalogSwap: () => {
      catalogCache?.clear();
      config = publicConfig(deps);
    },
  };
  await registerChat(app, deps, shared);
  const likesAnswer = deps.identity
    ? await registerAccounts(app, deps, deps.identity, { ...shared, transferRepo, sharing, readCache })
    : null;

  // How many answers came from memory (tests; an operator's check that the caches work).
  app.decorate('cachedAnswers', () => ({
    catalog: catalogCache?.hits ?? 0,
    likes: likesAnswer?.served ?? 0,
  }));

  if (!pages)
    app.get('/', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').send(landingPage(config)),
    );
  return app;
}

/**
 * An object made on first use: every property read goes to the one `get` gives at that moment
 * (memoized by the caller; a new catalog's engine after a swap), methods bound to it.
 */
function lazily<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const real = get();
      const value: unknown = Reflect.get(real, key, real);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(real) : value;
    },
  });
}

/** A cookie's value from a request's Cookie header (undefined when absent). */
function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** On the home page, the space its signed-in rows took at the visitor's last visit (decision 0063). */
const homeRowsHead = (request: FastifyRequest, path: string) =>
  path === '/' ? homeRowsStyle(cookieValue(request, HOME_ROWS_COOKIE)) : '';
