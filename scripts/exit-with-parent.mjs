// Loaded first into each server `npm start` runs (`node --import`, scripts/start.mjs): when the
// supervisor that started the process is gone (killed with -9), the process stops itself as if
// it had been sent SIGTERM (the API closes its database), and exits within 3 s whatever happens.
// The supervisor's pid comes in START_PARENT_PID, removed here so that processes this one starts
// do not inherit it (a process node forks with the same --import watches its own parent).
import { watchParent } from './parent-watch.mjs';

const parent = Number(process.env.START_PARENT_PID) || process.ppid;
delete process.env.START_PARENT_PID;

watchParent(parent, () => {
  console.error(`[start] pid ${process.pid}: its supervisor (pid ${parent}) is gone; stopping`);
  setTimeout(() => process.exit(1), 3_000).unref();
  process.kill(process.pid, 'SIGTERM');
});
