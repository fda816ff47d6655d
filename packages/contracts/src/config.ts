// Configuration shared by the Node processes (the API and the recommendation service): how an
// environment is validated and reported, and how DATA_DIR is found. Node only: imported as
// `@app/contracts/config`, never by the web app.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** A whole number from `min` to `max`, with its default; one message for any other value. */
export const wholeNumber = (min: number, max: number, fallback: number, error: string) =>
  z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback);

/** A TCP port (0 picks a free one), with its default. */
export const port = (fallback: number) =>
  wholeNumber(0, 65535, fallback, 'must be a port number from 0 to 65535');

export const LogLevel = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info');

/** A secret shared between two processes: at least 32 characters. */
export const SharedSecret = z.string().min(32, { error: 'must be at least 32 characters' });

/** An invalid environment: every bad variable, one per line. Processes exit 78 (EX_CONFIG) on it. */
export class ConfigError extends Error {}

/** EX_CONFIG: restarting cannot help, so `npm start`'s supervisor stops instead of retrying. */
export const EXIT_CONFIG = 78;

/** Parses `source` with `schema`, or throws a ConfigError listing every bad variable at once. */
export function parseEnv<S extends z.ZodType>(schema: S, source: NodeJS.ProcessEnv): z.infer<S> {
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
}

/**
 * DATA_DIR as every process and command reads it: relative to where the command was started
 * (npm's INIT_CWD, so `npm run train -w services/recommender` means the caller's folder, not the
 * workspace's), else the working directory.
 */
export function resolveDataDir(value: string | undefined, source: NodeJS.ProcessEnv = process.env): string {
  return resolve(source.INIT_CWD ?? process.cwd(), value || 'data');
}

/**
 * The TMDB catalog sync's own variables (decision 0083), read by `npm run catalog:sync` and by the
 * API's daily sync (with TMDB_ACCESS_TOKEN / TMDB_API_KEY and TMDB_BASE_URL, as the API reads them).
 */
export const CatalogSyncEnvFields = {
  /** Where TMDB's daily id exports are (`movie_ids_MM_DD_YYYY.json.gz`). */
  TMDB_EXPORTS_URL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url().default('https://files.tmdb.org/p/exports'),
  ),
  /** Films whose details one sync fetches at most; the rest wait for the next. */
  CATALOG_SYNC_MAX_DETAILS: wholeNumber(0, 10_000_000, 5000, 'must be a whole number of films'),
};
export const CatalogSyncEnvSchema = z.object(CatalogSyncEnvFields);

/** Every environment variable the recommendation service reads. */
export const RecommenderEnvSchema = z.object({
  RECOMMENDER_PORT: port(3001),
  RECOMMENDER_HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: LogLevel,
  /** Minutes between signal checks; 0 turns scheduled retraining off. */
  RECOMMENDER_RETRAIN_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes (0 = off)' })
    .min(0, { error: 'must be a number of minutes (0 = off)' })
    .default(2),
  /** The API's port, for the default signals URL. */
  PORT: port(3000),
  RECOMMENDER_SIGNALS_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  RECOMMENDER_SIGNALS_SECRET: z.preprocess((v) => (v === '' ? undefined : v), SharedSecret.optional()),
  DATASET_TARBALL: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
});
export type RecommenderEnv = z.infer<typeof RecommenderEnvSchema>;

/**
 * The secret the recommender presents on `GET /api/internal/signals`: RECOMMENDER_SIGNALS_SECRET,
 * or, when both run on one host with nothing configured, one generated once into
 * DATA_DIR/recommender-secret (mode 600; created exclusively, so whichever of the two processes
 * starts first writes it and the other reads the same value).
 */
export function signalsSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'recommender-secret');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}
