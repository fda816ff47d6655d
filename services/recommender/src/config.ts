import {
  ConfigError,
  parseEnv,
  RecommenderEnvSchema,
  resolveDataDir,
  type RecommenderEnv,
} from '@app/contracts/config';
import pino, { type DestinationStream, type Logger } from 'pino';

export interface RecommenderConfig {
  env: RecommenderEnv;
  /** DATA_DIR, resolved as the API resolves it (@app/contracts/config). */
  dataDir: string;
  /** Where the API serves the product's signals. */
  signalsUrl: string;
  /** How often the synced catalog's `current.json` is read, in ms (0: never; decision 0085). */
  catalogPollMs: number;
  /** DATABASE_URL: replicas share the trainer's lock and the published models through it (decision 0092). */
  databaseUrl: string | undefined;
  /** How often a replica looks for a newer published model, in ms (`RECOMMENDER_MODEL_POLL_SECONDS`). */
  modelPollMs: number;
}

/** `RECOMMENDER_CATALOG_POLL_SECONDS` (default 15, 0 = off): seconds between reads of `catalog/current.json`. */
export function catalogPollMs(source: NodeJS.ProcessEnv): number {
  const raw = source.RECOMMENDER_CATALOG_POLL_SECONDS;
  if (raw === undefined || raw === '') return 15_000;
  const s = Number(raw);
  if (!Number.isFinite(s) || s < 0)
    throw new ConfigError(
      `Invalid environment:\n  RECOMMENDER_CATALOG_POLL_SECONDS: expected seconds ≥ 0, got "${raw}"`,
    );
  return Math.round(s * 1000);
}

/** `RECOMMENDER_MODEL_POLL_SECONDS` (default 5, > 0): seconds between looks for a newer published model. */
export function modelPollMs(source: NodeJS.ProcessEnv): number {
  const raw = source.RECOMMENDER_MODEL_POLL_SECONDS;
  if (raw === undefined || raw === '') return 5_000;
  const s = Number(raw);
  if (!Number.isFinite(s) || s <= 0)
    throw new ConfigError(
      `Invalid environment:\n  RECOMMENDER_MODEL_POLL_SECONDS: expected seconds > 0, got "${raw}"`,
    );
  return Math.round(s * 1000);
}

/** DATABASE_URL as the API reads it (a postgres:// URL), or undefined (one process, DATA_DIR only). */
export function databaseUrl(source: NodeJS.ProcessEnv): string | undefined {
  const raw = source.DATABASE_URL?.trim();
  if (!raw) return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw))
    throw new ConfigError('Invalid environment:\n  DATABASE_URL: expected a postgres:// URL');
  return raw;
}

/**
 * The service's environment, validated once at start like the API's: every bad variable is listed
 * in one ConfigError (main.ts exits 78 on it, so `npm start` stops instead of restarting).
 */
export function loadRecommenderConfig(source: NodeJS.ProcessEnv = process.env): RecommenderConfig {
  const env = parseEnv(RecommenderEnvSchema, source);
  return {
    env,
    dataDir: resolveDataDir(env.DATA_DIR, source),
    signalsUrl: env.RECOMMENDER_SIGNALS_URL ?? `http://127.0.0.1:${env.PORT}/api/internal/signals`,
    catalogPollMs: catalogPollMs(source),
    databaseUrl: databaseUrl(source),
    modelPollMs: modelPollMs(source),
  };
}

/** pino, in the API's format (one JSON line per event: level, time, pid, hostname, msg), tagged. */
export function createLogger(level: RecommenderEnv['LOG_LEVEL'], destination?: DestinationStream): Logger {
  const base = destination ? pino({ level }, destination) : pino({ level });
  return base.child({ service: 'recommender' });
}
