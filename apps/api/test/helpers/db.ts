import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, openDatabase, type Database } from '../../src/db/database';

let snapshot: Promise<Blob> | undefined;

/** A migrated PGlite, dumped once per worker: a new database then loads in under a second. */
async function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const db = await openDatabase();
    await migrateToLatest(db.db);
    const blob = (await db.pglite!.dumpDataDir('none')) as Blob;
    await db.close();
    return blob;
  })();
  return snapshot;
}

export async function freshPglite(): Promise<Database> {
  return openDatabase({ snapshot: await migratedSnapshot() });
}

/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server, dropped on close. */
export async function freshPostgres(serverUrl: string): Promise<Database> {
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // close() drops the database WITH (FORCE): a pooled connection still closing is then terminated.
  const db = await openDatabase({ url: url.toString(), onConnectionError: () => {} });
  await migrateToLatest(db.db);
  return {
    ...db,
    close: async () => {
      await db.close();
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** The databases every repository test runs on: PGlite always, PostgreSQL when configured. */
export const DATABASES: { name: string; open: () => Promise<Database> }[] = [
  { name: 'PGlite', open: freshPglite },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'PostgreSQL', open: () => freshPostgres(process.env.TEST_DATABASE_URL!) }]
    : []),
];

/** Users for tests that need only their rows (no sign-in): each id is also its name, `<id>@example.com` its address. */
export async function insertUsers(db: Database, ids: string[]): Promise<void> {
  await db.db
    .insertInto('user')
    .values(ids.map((id) => ({ id, name: id, email: `${id}@example.com`, emailVerified: true, image: null })))
    .execute();
}
