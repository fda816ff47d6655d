import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Signal } from './signals';

/**
 * The secret for the API's internal signals endpoint: RECOMMENDER_SIGNALS_SECRET, or, when the API
 * and the recommender share a host and nothing is configured, the one in DATA_DIR/recommender-secret
 * (created exclusively by whichever process needs it first, mode 600).
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

/** Where the API serves the signals by default: the API on this host, on PORT. */
export const defaultSignalsUrl = (env: NodeJS.ProcessEnv = process.env) =>
  env.RECOMMENDER_SIGNALS_URL || `http://127.0.0.1:${env.PORT || 3000}/api/internal/signals`;

/**
 * Fetches the product's signals from the API over HTTP (`GET /api/internal/signals`, bearer
 * secret). Remembers the last answer and its ETag: an unchanged library is a 304 and no transfer.
 */
export class SignalsClient {
  private etag: string | null = null;
  private last: Signal[] = [];

  constructor(
    private readonly url: string,
    private readonly secret: () => string,
    private readonly timeoutMs = 10_000,
  ) {}

  async fetch(): Promise<Signal[]> {
    const res = await fetch(this.url, {
      headers: {
        authorization: `Bearer ${this.secret()}`,
        ...(this.etag ? { 'if-none-match': this.etag } : {}),
      },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (res.status === 304) return this.last;
    if (!res.ok) throw new Error(`signals endpoint answered ${res.status}`);
    const body = (await res.json()) as { signals?: unknown };
    if (!Array.isArray(body.signals)) throw new Error('signals endpoint answered without a signals list');
    this.last = (body.signals as Signal[]).filter(
      (s) => typeof s.user === 'string' && Number.isInteger(s.item) && Number.isFinite(s.timestamp),
    );
    this.etag = res.headers.get('etag');
    return this.last;
  }
}
