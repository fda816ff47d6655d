import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

const MIGRATIONS = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));
let template: Promise<string> | undefined;

/**
 * A migrated PostgreSQL database to copy, made once per migration set on the TEST_DATABASE_URL
 * server (named by a hash of the migrations' text, so a branch with other migrations makes its
 * own). Copying a template is one statement; migrating each test's database took eight
 * migrations' worth of round trips. A template left half-made is completed on each copy.
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256');
    for (const f of readdirSync(MIGRATIONS).sort()) hash.update(f).update(readFileSync(join(MIGRATIONS, f)));
    const name = `test_template_${hash.digest('hex').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      // Workers of one run (and concurrent runs) make it once.
      await admin.query('SELECT pg_advisory_lock(7261001)');
      const { rows } = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'test\\_template\\_%'",
      );
      if (!rows.some((r) => r.datname === name)) {
        await admin.query(`CREATE DATABASE ${name}`);
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        const db = await openDatabase({ url: url.toString(), onConnectionError: () => {} });
        try {
          await migrateToLatest(db.db);
        } finally {
          await db.close();
        }
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(7261001)').catch(() => {});
      await admin.end();
    }
    return name;
  })();
  return template;
}

/** A new PostgreSQL database on the TEST_DATABASE_URL server, migrated (a copy of the template), dropped on close. */
export async function freshPostgres(serverUrl: string): Promise<Database> {
  const source = await migratedTemplate(serverUrl);
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // close() drops the database WITH (FORCE): a pooled connection still closing is then terminated.
  const db = await openDatabase({ url: url.toString(), onConnectionError: () => {} });
  // Nothing to do on a copy of the template; kept so a template made by another build still ends current.
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
