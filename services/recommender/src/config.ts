import { parseEnv, RecommenderEnvSchema, resolveDataDir, type RecommenderEnv } from '@app/contracts/config';
import pino, { type DestinationStream, type Logger } from 'pino';

export interface RecommenderConfig {
  env: RecommenderEnv;
  /** DATA_DIR, resolved as the API resolves it (@app/contracts/config). */
  dataDir: string;
  /** Where the API serves the product's signals. */
  signalsUrl: string;
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
  };
}

/** pino, in the API's format (one JSON line per event: level, time, pid, hostname, msg), tagged. */
export function createLogger(level: RecommenderEnv['LOG_LEVEL'], destination?: DestinationStream): Logger {
  const base = destination ? pino({ level }, destination) : pino({ level });
  return base.child({ service: 'recommender' });
}
