import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureTestModel, seedTestModel } from '../../../scripts/test/test-model';
import { seedPgliteDir } from './helpers/db';
import { REPO_ROOT, TEST_CATALOG_DIR } from './helpers/paths';
import { freePort, tempDataDir } from './helpers/process';

/**
 * A fresh DATA_DIR as after a first start: the test catalog's model (built once per catalog and
 * recommender, scripts/test/test-model.ts) and a migrated database (from the run's snapshot) already
 * in it. These tests are about the processes; a first start would otherwise build the model in
 * the background of each group (minutes of CPU) and make a database (seconds). process.test.ts
 * covers the first start on an empty DATA_DIR.
 */
async function startDataDir(): Promise<string> {
  const dir = tempDataDir();
  await Promise.all([seedTestModel(dir, TEST_CATALOG_DIR), seedPgliteDir(join(dir, 'pglite'))]);
  return dir;
}

// On a fresh clone the model is built here first (or by the browser suite beside: one waits for
// the other), outside the tests' own time limits.
beforeAll(() => ensureTestModel(TEST_CATALOG_DIR).then(() => undefined), 900_000);

// A process that has exited but is not yet reaped (a zombie, state Z) is gone: an orphan waits
// for whoever adopted it to reap it, which the test does not control.
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return !existsSync('/proc/self/stat'); // gone between the two looks, or no /proc to look in
  }
};
const listening = (port: number) =>
  new Promise<boolean>((res) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), res(true)));
    s.once('error', () => res(false));
  });
const until = async (cond: () => boolean | Promise<boolean>, ms: number, what: string) => {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** `npm start` (scripts/start.mjs) as a user runs it; each child is killed in turn. */
describe('npm start supervises its processes', () => {
  let out = '';
  let supervisor: ReturnType<typeof spawn>;
  let dataDir: string;
  let api: string;
  let recPort: number;
  /** The pid of the latest `name` the supervisor started. */
  const pidOf = (name: string) => {
    const all = [...out.matchAll(new RegExp(`${name} started \\(pid (\\d+)\\)`, 'g'))];
    return all.length ? Number(all.at(-1)![1]) : undefined;
  };
  const starts = (name: string) => [...out.matchAll(new RegExp(`${name} started`, 'g'))].length;
  const status = (path: string) =>
    fetch(`${api}${path}`).then(
      (r) => r.status,
      () => 0,
    );

  beforeAll(async () => {
    dataDir = await startDataDir();
    const port = await freePort();
    recPort = await freePort();
    api = `http://127.0.0.1:${port}`;
    supervisor = spawn(process.execPath, [resolve(REPO_ROOT, 'scripts/start.mjs')], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: String(port),
        RECOMMENDER_PORT: String(recPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        RECOMMENDER_RETRAIN_MINUTES: '0',
        START_SKIP_WEB_BUILD: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    supervisor.stdout!.on('data', (d) => (out += d));
    supervisor.stderr!.on('data', (d) => (out += d));
    // The machine may be busy (the first start of a fresh DATA_DIR creates its database).
    await until(async () => (await status('/api/health')) === 200, 100_000, 'the API');
    await until(() => pidOf('recommender') !== undefined, 10_000, 'the recommender');
    // Its model loaded (a busy machine took more than the 15 s the first test allows itself).
    const ready = () =>
      fetch(`http://127.0.0.1:${recPort}/health`).then(
        (r) => r.status === 200,
        () => false,
      );
    await until(ready, 100_000, 'the recommender’s model');
  }, 220_000);

  afterAll(() => {
    if (supervisor.exitCode === null) supervisor.kill('SIGKILL');
    for (const name of ['api', 'recommender']) {
      const pid = pidOf(name);
      if (pid) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a stopped recommender is restarted while the site keeps serving; recommendations are 502 meanwhile', async () => {
    const first = pidOf('recommender')!;
    // Recommendations are asked for over and over from before the stop until the new recommender
    // answers: the outage (0.5 s of back-off plus the new process's start) is seen however slow
    // one request is on a busy machine, where a single request after the stop could miss it. A list
    // the API has had is kept for 30 s (RecommenderClient), so each ask is one not asked before (a
    // failure is not kept): one every 50 ms, 300 in all, well past the outage.
    const asks = [550, 13, 680, 603, 278, 155].flatMap((id) =>
      Array.from({ length: 50 }, (_, i) => `/api/recommend?tmdb_id=${id}&top_n=${i + 1}`),
    );
    const seen: number[] = [];
    let polling = true;
    const poll = (async () => {
      for (const ask of asks) {
        if (!polling) break;
        seen.push(await status(ask));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await until(() => seen.includes(200), 15_000, 'recommendations before the stop');
    process.kill(first, 'SIGTERM'); // stopped by someone: exits cleanly, and still comes back
    await until(() => !alive(first), 15_000, 'the recommender to stop');
    expect(await status('/api/tmdb/movie/550')).toBe(200);
    await until(() => pidOf('recommender') !== first, 15_000, 'a new recommender');
    const fromStop = seen.length;
    await until(() => seen.slice(fromStop).includes(200), 30_000, 'recommendations again');
    polling = false;
    await poll;
    expect(seen).toContain(502);
    // Nothing else meanwhile: 503 is the new process still loading its model, never a 500.
    expect(seen.filter((s) => ![200, 502, 503].includes(s))).toEqual([]);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(alive(pidOf('recommender')!)).toBe(true);
    expect(supervisor.exitCode).toBeNull();
    expect(out).toMatch(/recommender exited \((code 0|code 143|SIGTERM)\); restarting in 0\.5 s/);
  }, 90_000);

  it('a crashed recommender (the whole process tree killed) is restarted, with a growing delay', async () => {
    const before = starts('recommender');
    const pid = pidOf('recommender')!;
    process.kill(-pid, 'SIGKILL');
    await until(() => starts('recommender') === before + 1, 20_000, 'a new recommender');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(alive(pidOf('recommender')!)).toBe(true);
    expect(alive(pid)).toBe(false);
    // The second failure in a row waits twice as long as the first.
    expect(out).toMatch(/recommender exited \(SIGKILL\); restarting in 1\.0 s/);
    expect(await status('/api/health')).toBe(200);
  }, 90_000);

  it('a crashed API is restarted', async () => {
    const pid = pidOf('api')!;
    process.kill(pid, 'SIGKILL'); // tsx dies; the supervisor also kills the node it left behind
    await until(() => pidOf('api') !== pid, 20_000, 'a new API');
    // Meanwhile nothing answers on the port: the old node (tsx's child) went with its group.
    expect(alive(pid)).toBe(false);
    await until(async () => (await status('/api/health')) === 200, 100_000, 'the new API');
    expect(await status('/api/tmdb/movie/550')).toBe(200);
    expect(out).toMatch(/api exited \(SIGKILL\); restarting in/);
  }, 150_000);

  it('SIGTERM stops everything cleanly, exit code 0, no process or port left behind', async () => {
    const pids = [pidOf('api')!, pidOf('recommender')!];
    const exited = new Promise<number | null>((r) => supervisor.once('exit', (code) => r(code)));
    supervisor.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of pids) expect(alive(pid)).toBe(false);
    expect(await status('/api/health')).toBe(0);
    expect(await listening(recPort)).toBe(false);
    expect(out).toMatch(/api stopped/);
    expect(out).toMatch(/recommender stopped/);
  }, 30_000);
});

describe('npm start with a wrong environment', () => {
  /** Runs `npm start`'s script once with `env` on top of a fresh data folder and free ports. */
  async function startOnce(env: Record<string, string>) {
    const dataDir = await startDataDir();
    try {
      let out = '';
      const child = spawn(process.execPath, [resolve(REPO_ROOT, 'scripts/start.mjs')], {
        env: {
          PATH: process.env.PATH,
          DATA_DIR: dataDir,
          PORT: String(await freePort()),
          RECOMMENDER_PORT: String(await freePort()),
          START_SKIP_WEB_BUILD: '1',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (out += d));
      const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
      return { code, out };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it.each<{ name: string; whose: string; env: Record<string, string>; says: RegExp }>([
    // Only the API reads it: the recommender starts, the API refuses.
    { name: 'api', whose: 'the API’s', env: { TMDB_BASE_URL: 'not-a-url' }, says: /TMDB_BASE_URL/ },
    // It validates its environment like the API.
    {
      name: 'recommender',
      whose: 'the recommender’s',
      env: { RECOMMENDER_RETRAIN_MINUTES: 'soon' },
      says: /RECOMMENDER_RETRAIN_MINUTES: must be a number of minutes/,
    },
  ])(
    'stops at once with $whose configuration error instead of restarting it forever',
    async (c) => {
      const { code, out } = await startOnce(c.env);
      expect(code).toBe(78);
      expect(out).toMatch(c.says);
      expect(out).toMatch(new RegExp(`${c.name} refused its configuration; stopping`));
      expect([...out.matchAll(new RegExp(`${c.name} started`, 'g'))]).toHaveLength(1);
    },
    60_000,
  );
});

/** `npm start`'s script with its own DATA_DIR and ports, up to a healthy API and a listening recommender. */
async function startGroup(env: Record<string, string> = {}, via: 'node' | 'npm' = 'node') {
  const dataDir = env.DATA_DIR ?? (await startDataDir());
  const port = Number(env.PORT ?? (await freePort()));
  const recPort = Number(env.RECOMMENDER_PORT ?? (await freePort()));
  let out = '';
  const [command, args] =
    via === 'npm'
      ? ['npm', ['start', '--silent']]
      : [process.execPath, [resolve(REPO_ROOT, 'scripts/start.mjs')]];
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      RECOMMENDER_PORT: String(recPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RECOMMENDER_RETRAIN_MINUTES: '0',
      START_SKIP_WEB_BUILD: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const pidOf = (name: string) => {
    const all = [...out.matchAll(new RegExp(`${name} started \\(pid (\\d+)\\)`, 'g'))];
    return all.length ? Number(all.at(-1)![1]) : undefined;
  };
  return { child, exited, out: () => out, pidOf, dataDir, port, recPort };
}
type Group = Awaited<ReturnType<typeof startGroup>>;

async function healthy(g: Group) {
  await until(
    async () =>
      (await fetch(`http://127.0.0.1:${g.port}/api/health`).then(
        (r) => r.status,
        () => 0,
      )) === 200,
    100_000,
    'the API',
  );
  await until(() => listening(g.recPort), 30_000, 'the recommender');
}

/** Kills whatever a test left running, by the pids the supervisor printed. */
function cleanUp(g: Group) {
  if (g.child.exitCode === null) g.child.kill('SIGKILL');
  try {
    // Under npm, the supervisor is npm's grandchild: its pid file names it.
    process.kill(Number(readFileSync(resolve(g.dataDir, 'npm-start.pid'), 'utf8')), 'SIGKILL');
  } catch {
    /* gone, or never started */
  }
  for (const name of ['api', 'recommender']) {
    const pid = g.pidOf(name);
    if (!pid) continue;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

describe('npm start’s processes go with it, and a second start refuses while one runs', () => {
  const groups: Group[] = [];
  afterEach(() => {
    for (const g of groups.splice(0)) {
      cleanUp(g);
      rmSync(g.dataDir, { recursive: true, force: true });
    }
  });

  const portsFree = async (g: Group, ms: number) => {
    const since = Date.now();
    await until(
      async () => !(await listening(g.port)) && !(await listening(g.recPort)),
      ms,
      'the ports to be free',
    );
    return Date.now() - since;
  };

  it('a supervisor killed with -9: its API and recommender notice and stop within seconds, freeing their ports', async () => {
    const g = await startGroup();
    groups.push(g);
    await healthy(g);
    const pids = [g.pidOf('api')!, g.pidOf('recommender')!];
    g.child.kill('SIGKILL');
    await g.exited;
    expect(await portsFree(g, 6_000)).toBeLessThan(6_000);
    // Each child stops itself within 3 s of noticing; a loaded machine (CI runs the browser suite
    // beside) can hold a process's last steps for longer than that.
    await until(() => pids.every((p) => !alive(p)), 15_000, 'the children to exit');
  }, 150_000);

  it('a second start on the same ports says once which port is taken and what to do, and exits non-zero', async () => {
    const g = await startGroup();
    groups.push(g);
    await healthy(g);
    // Another data folder, the same ports: the port is what is in the way.
    const second = await startGroup({ PORT: String(g.port), RECOMMENDER_PORT: String(g.recPort) });
    groups.push(second);
    const code = await Promise.race([
      second.exited,
      new Promise((r) => setTimeout(() => r('still running'), 20_000)),
    ]);
    expect(code).toBe(1);
    const said = second.out();
    expect(said).toContain(`port ${g.port} is already in use`);
    expect(said).toMatch(/npm start/);
    expect([...said.matchAll(/already in use/g)]).toHaveLength(1);
    expect(said).not.toMatch(/started \(pid/);
    expect(said).not.toMatch(/EADDRINUSE/);
    // The same data folder on other ports: the running instance's pid file says who has it.
    const third = await startGroup({ DATA_DIR: g.dataDir });
    const code3 = await Promise.race([
      third.exited,
      new Promise((r) => setTimeout(() => r('still running'), 20_000)),
    ]);
    if (third.child.exitCode === null) third.child.kill('SIGKILL');
    expect(code3).toBe(1);
    expect(third.out()).toContain(`already running (pid ${g.child.pid})`);
    expect(third.out()).not.toMatch(/started \(pid/);
    // The first instance kept serving.
    expect(await listening(g.port)).toBe(true);
    expect(g.child.exitCode).toBeNull();
    // Once it is stopped, its pid file is gone and the ports are free.
    g.child.kill('SIGTERM');
    expect(await g.exited).toBe(0);
    expect(() => readFileSync(resolve(g.dataDir, 'npm-start.pid'))).toThrow();
  }, 180_000);

  it('`npm start` stopped by its own pid (SIGTERM to npm): the supervisor and its children stop too', async () => {
    const g = await startGroup({}, 'npm');
    groups.push(g);
    await healthy(g);
    const pids = [g.pidOf('api')!, g.pidOf('recommender')!];
    g.child.kill('SIGTERM');
    await g.exited;
    await portsFree(g, 15_000);
    await until(() => pids.every((p) => !alive(p)), 15_000, 'the children to exit');
  }, 150_000);

  it('SIGHUP (the terminal closed) stops the children too, and the supervisor exits 0', async () => {
    const g = await startGroup();
    groups.push(g);
    await healthy(g);
    const pids = [g.pidOf('api')!, g.pidOf('recommender')!];
    g.child.kill('SIGHUP');
    expect(await g.exited).toBe(0);
    for (const pid of pids) expect(alive(pid)).toBe(false);
    expect(await listening(g.port)).toBe(false);
    expect(await listening(g.recPort)).toBe(false);
  }, 150_000);
});
