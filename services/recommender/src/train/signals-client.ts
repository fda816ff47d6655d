import type { Signal } from './signals';

export { signalsSecret } from '@app/contracts/config';

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
