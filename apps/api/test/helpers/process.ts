import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, TEST_CATALOG_DIR } from './paths';

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

const TSX_LOADER = resolve(REPO_ROOT, 'node_modules/tsx/dist/loader.mjs');

/** A fresh DATA_DIR that reuses the test run's already built catalog. */
export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'api-data-'));
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(TEST_CATALOG_DIR, 'catalog'), join(dir, 'catalog'));
  return dir;
}

export interface RunningApi {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the real API process (`tsx src/main.ts`, or with `compiled` the build `npm start` runs,
 * `node dist/main.js`) and waits for /api/health.
 */
export async function startApiProcess(
  env: Record<string, string>,
  opts: { compiled?: boolean; healthyWithinMs?: number } = {},
): Promise<RunningApi> {
  const port = await freePort();
  const [command, args] = opts.compiled
    ? [process.execPath, [resolve(REPO_ROOT, 'apps/api/dist/main.js')]]
    : // tsx's loader inside the API's own node, not the `tsx` command: that one runs the API as a
      // child and relays a signal, and when the child has not acknowledged it within 30 ms (a busy
      // event loop: the title index builds after listening) it SIGKILLs the child and exits 143.
      // The CI saw exactly that; the signal must reach the process under test.
      [
        process.execPath,
        ['--import', pathToFileURL(TSX_LOADER).href, resolve(REPO_ROOT, 'apps/api/src/main.ts')],
      ];
  let out = '';
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  // A start, not its speed: a first start makes its database, which a machine at load 20 took over 45 s to do.
  const deadline = Date.now() + (opts.healthyWithinMs ?? 100_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited early:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    url,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      child.kill(signal);
      return exited;
    },
  };
}
