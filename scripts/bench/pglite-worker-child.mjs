// The worker of pglite-worker.mjs: opens PGlite, runs the start's schema check, says so.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const pg = await PGlite.create({ dataDir: workerData.dir, startParams: workerData.startParams });
await pg.query(`select to_regclass('kysely_migration')::text as t`);
const r = await pg.query(`select name from kysely_migration`);
parentPort.postMessage({ migrations: r.rows.length });
parentPort.once('message', async () => {
  await pg.close();
  parentPort.postMessage('closed');
});
