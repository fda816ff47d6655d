// A small process supervisor for `npm start` (scripts/start.mjs): keeps each process of the product
// running, restarting one that exits with exponential back-off, and stops them all on SIGTERM/SIGINT.
import { spawn } from 'node:child_process';
import { watchParent } from './parent-watch.mjs';

/** Exit code a process uses to say "my configuration is wrong": restarting it cannot help. */
export const EXIT_CONFIG = 78;

const DEFAULT_BACKOFF = { initialMs: 500, maxMs: 30_000, resetAfterMs: 30_000 };

/**
 * Runs `services` ({name, command, args}) under supervision:
 * - a process that exits (crash, kill, or a clean exit nobody asked for) is started again after a
 *   delay that doubles from `initialMs` up to `maxMs`, and falls back to `initialMs` once a run has
 *   lasted `resetAfterMs`;
 * - a process that exits with EXIT_CONFIG stops everything (a wrong environment is not transient);
 * - SIGTERM/SIGINT are passed on to every process (SIGHUP, the terminal closing, as SIGTERM), which
 *   get `stopTimeoutMs` to exit before SIGKILL; then the supervisor exits (0, or the config error's
 *   code); with `stopWithParent`, so does the supervisor's own parent going away;
 * - each process gets the supervisor's pid in START_PARENT_PID (scripts/exit-with-parent.mjs stops
 *   it when the supervisor is killed with -9 and can pass nothing on).
 * Each process runs in its own process group, so that what it started itself (tsx runs node as a
 * child) is cleaned up with it and never keeps a port after a crash.
 */
export function superviseAll(services, opts = {}) {
  const log = opts.log ?? ((msg) => console.error(`[start] ${msg}`));
  const backoff = { ...DEFAULT_BACKOFF, ...opts.backoff };
  const stopTimeoutMs = opts.stopTimeoutMs ?? 12_000;
  let stopping = false;
  let exitCode = 0;

  const units = services.map((service) => ({ ...service, child: null, failures: 0, timer: null }));

  function launch(unit) {
    unit.timer = null;
    if (stopping) return;
    const started = Date.now();
    const child = spawn(unit.command, unit.args, {
      stdio: 'inherit',
      env: { ...process.env, ...unit.env, START_PARENT_PID: String(process.pid) },
      cwd: opts.cwd,
      detached: true,
    });
    unit.child = child;
    log(`${unit.name} started (pid ${child.pid})`);
    child.on('error', (err) => log(`${unit.name} could not start: ${err.message}`));
    child.on('exit', (code, signal) => {
      unit.child = null;
      killGroup(child.pid, 'SIGKILL'); // whatever it left behind
      if (stopping) {
        log(`${unit.name} stopped`);
        return;
      }
      if (code === EXIT_CONFIG) {
        log(`${unit.name} refused its configuration; stopping`);
        stop('SIGTERM', EXIT_CONFIG);
        return;
      }
      unit.failures = Date.now() - started >= backoff.resetAfterMs ? 1 : unit.failures + 1;
      const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** (unit.failures - 1));
      log(`${unit.name} exited (${signal ?? `code ${code}`}); restarting in ${(delay / 1000).toFixed(1)} s`);
      unit.timer = setTimeout(() => launch(unit), delay);
    });
  }

  function stop(signal, code = 0) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const unit of units) {
      if (unit.timer) clearTimeout(unit.timer);
      // The process itself first, so it shuts down in order (tsx passes the signal on to node).
      unit.child?.kill(signal);
    }
    const force = setTimeout(() => {
      for (const unit of units) if (unit.child) killGroup(unit.child.pid, 'SIGKILL');
    }, stopTimeoutMs);
    const wait = setInterval(() => {
      if (units.every((u) => !u.child)) {
        clearInterval(wait);
        clearTimeout(force);
        process.exit(exitCode);
      }
    }, 50);
  }

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // A closed terminal: the servers shut down as on SIGTERM (they have no SIGHUP handler of their own).
  process.on('SIGHUP', () => stop('SIGTERM'));
  if (opts.stopWithParent)
    watchParent(process.ppid, () => {
      log('the process that started npm start is gone; stopping');
      stop('SIGTERM');
    });
  for (const unit of units) launch(unit);
  return { stop };
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}
