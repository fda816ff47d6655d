/** How long one check of the image CDN may take. */
export const CDN_PROBE_TIMEOUT_MS = 2_000;
/** How often it is checked again. */
export const CDN_PROBE_INTERVAL_MS = 5 * 60_000;

/**
 * Whether the server can reach the image CDN: any HTTP answer (even a 404) counts, a network
 * error or a timeout does not. A server that cannot reach it is an install without internet,
 * whose visitors most likely cannot either: the page then shows the generated art at once and
 * tries the CDN with a single image instead of letting every poster fail first. A server that can reach it says nothing about a visitor behind
 * a firewall, so each image still falls back on its own (decision 0019, point 8).
 */
export class CdnProbe {
  reachable: boolean | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<boolean> | undefined;

  constructor(
    private readonly url: string,
    private readonly opts: { timeoutMs?: number; intervalMs?: number } = {},
  ) {}

  /** One check now (a check in flight is shared). */
  check(): Promise<boolean> {
    this.running ??= fetch(this.url, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? CDN_PROBE_TIMEOUT_MS),
    })
      .then(
        async (res) => {
          await res.body?.cancel();
          return true;
        },
        () => false,
      )
      .then((ok) => {
        this.reachable = ok;
        this.running = undefined;
        return ok;
      });
    return this.running;
  }

  /** Checks now and then every interval, in the background (never keeps the process alive). */
  start(): void {
    void this.check();
    this.timer = setInterval(() => void this.check(), this.opts.intervalMs ?? CDN_PROBE_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
