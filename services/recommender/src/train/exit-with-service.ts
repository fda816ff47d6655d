import { Worker } from 'node:worker_threads';

/** The service's pid, given to the trainers it starts (`spawnTrainer`). */
export const SERVICE_PID_ENV = 'RECOMMENDER_SERVICE_PID';

/**
 * A trainer the service started stops when the service is gone, however it went (killed with -9
 * included): nothing else would end it, and it would go on for minutes, holding a core and
 * hundreds of MB. A building trainer blocks its own event loop for minutes (`buildModel`), so the
 * check runs in a worker thread, which kills the whole process once the service's pid no longer
 * answers. The service is not this process's parent (`tsx` stands between them), so its pid is
 * checked, not `process.ppid`.
 */
export function exitWithService(servicePid: number, everyMs = 500): Worker {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
     const timer = setInterval(() => {
       if (alive(workerData.pid)) return;
       clearInterval(timer);
       process.kill(workerData.self, 'SIGKILL');
     }, workerData.everyMs);`,
    { eval: true, workerData: { pid: servicePid, self: process.pid, everyMs } },
  );
  worker.unref();
  return worker;
}

/** In a trainer: when the service passed its pid, watch it. */
export function exitWithServiceFromEnv(): void {
  const pid = Number(process.env[SERVICE_PID_ENV]);
  if (Number.isSafeInteger(pid) && pid > 0) exitWithService(pid);
}
