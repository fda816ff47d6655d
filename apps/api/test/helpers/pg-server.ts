import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's PostgreSQL binaries (the newest installed version), or null when there are none. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0]!, 'bin') : null;
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((res) => {
    const s = createServer();
    s.once('error', () => res(false));
    s.listen(port, '127.0.0.1', () => s.close(() => res(true)));
  });
}

async function freeHighPort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = 55_001 + Math.floor(Math.random() * 10_000);
    if (await portIsFree(port)) return port;
  }
  throw new Error('no free port above 55000');
}

export interface PgServer {
  url: string;
  port: number;
  readonly running: boolean;
  /** Stops the server: 'fast' rolls back and disconnects sessions, 'immediate' kills it (crash recovery on start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops (immediate) and deletes the cluster. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the test's own, in a temporary folder on a port above 55000, that the
 * test may stop and start at will (never the machine's shared server). initdb refuses to run as
 * root, so as root every command runs as the `postgres` user, which owns the folder.
 */
export async function startPgServer(): Promise<PgServer> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin');
  const asRoot = process.getuid?.() === 0;
  // Asynchronous, so that the test's own clients keep running while the server stops and starts.
  const run = (cmd: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [file, argv] = asRoot
        ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]]
        : [join(bin, cmd), args];
      execFile(file, argv, { encoding: 'utf8', cwd: tmpdir() }, (err, stdout, stderr) =>
        err
          ? reject(new Error(`${cmd} ${args.join(' ')} failed: ${err.message}\n${stdout}\n${stderr}`))
          : resolve(),
      );
    });
  const dir = mkdtempSync(join(tmpdir(), 'pg-fault-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freeHighPort();
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  // fsync off: this server is only ever killed as a process, never the machine, so the kernel
  // keeps every committed write (the point of the test) and the disk on a shared machine is spared.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  await start();
  let running = true;
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    get running() {
      return running;
    },
    async stop(mode) {
      await run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      try {
        if (running) await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
