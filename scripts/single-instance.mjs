// One `npm start` at a time per data folder and per port. A second start while one runs (or while
// servers an earlier one left behind still hold the ports) used to restart its API forever on
// EADDRINUSE; it now says once what is in the way and what to do, and exits 1 before building
// or starting anything. The running instance writes its pid to DATA_DIR/npm-start.pid.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';

/** DATA_DIR as the servers resolve it (resolveDataDir in @app/contracts/config). */
export const dataDirOf = (env = process.env) =>
  resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR || 'data');

const pidFileOf = (dataDir) => join(dataDir, 'npm-start.pid');

/** Whether something accepts a connection on host:port (within 1 s). */
function answers(host, port) {
  return new Promise((done) => {
    const socket = connect({ host, port });
    const finish = (yes) => {
      socket.destroy();
      done(yes);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/** A wildcard address is reached through the loopback. */
const reachable = (host) => (!host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);

/** A live process that is an `npm start` (on Linux its command line says so; elsewhere, alive is enough). */
function isStart(pid) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if (err.code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('start.mjs');
  } catch {
    return !existsSync('/proc/self');
  }
}

/**
 * What stops this start, as one message, or null: a live `npm start` on this data folder, or a
 * port of ours that something already answers on.
 */
export async function whatIsInTheWay(env = process.env) {
  const dataDir = dataDirOf(env);
  const pidFile = pidFileOf(dataDir);
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : 0;
  if (pid && pid !== process.pid && isStart(pid))
    return (
      `Cinelog is already running (pid ${pid}) on the data folder ${dataDir}. ` +
      `Stop it first (Ctrl+C where it runs, or kill ${pid}), or give this one another DATA_DIR.`
    );
  const ports = [
    { name: 'PORT', port: Number(env.PORT || 3000), host: reachable(env.HOST) },
    {
      name: 'RECOMMENDER_PORT',
      port: Number(env.RECOMMENDER_PORT || 3001),
      host: reachable(env.RECOMMENDER_HOST),
    },
  ];
  for (const { name, port, host } of ports) {
    if (!Number.isInteger(port) || port <= 0) continue; // the servers report a bad value themselves
    if (await answers(host, port))
      return (
        `Cannot start: port ${port} is already in use (${name}; something answers on ${host}:${port}), ` +
        `probably an earlier npm start, or the servers one left behind, still running. ` +
        `Stop it (\`lsof -i :${port}\` or \`ss -ltnp 'sport = :${port}'\` names the process), ` +
        `or set ${name} to a free port, then start again.`
      );
  }
  return null;
}

/** Records this process as the data folder's running instance until it exits. */
export function claimDataDir(env = process.env) {
  const dataDir = dataDirOf(env);
  const pidFile = pidFileOf(dataDir);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(pidFile, `${process.pid}\n`);
  process.on('exit', () => {
    try {
      if (Number(readFileSync(pidFile, 'utf8').trim()) === process.pid) rmSync(pidFile);
    } catch {
      // already gone
    }
  });
}
