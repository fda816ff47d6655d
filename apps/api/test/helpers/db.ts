import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrateToLatest, openDatabase, type Database } from '../../src/db/database';
import { REPO_ROOT, TEST_CATALOG_DIR } from './paths';

const MIGRATIONS = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));

/** A hash of the migrations' text: a branch with other migrations gets templates of its own. */
function migrationsHash(extra = ''): string {
  const hash = createHash('sha256').update(extra);
  for (const f of readdirSync(MIGRATIONS).sort()) hash.update(f).update(readFileSync(join(MIGRATIONS, f)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Where the migrated PGlite snapshot of this migration set (and PGlite version) is kept, beside
 * the test catalog and, like it, between runs. The global setup writes it once; every test file
 * then loads it instead of making and migrating a cluster of its own (about 5 s of CPU each: PGlite's
 * initdb runs inside its WebAssembly module).
 */
export function pgliteSnapshotFile(): string {
  let version = '';
  try {
    version = readFileSync(join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8');
  } catch {
    /* hoisted elsewhere: the migrations alone name it */
  }
  return join(TEST_CATALOG_DIR, `pglite-snapshot-${migrationsHash(version)}.tar`);
}

async function buildSnapshot(): Promise<Blob> {
  const db = await openDatabase();
  try {
    await migrateToLatest(db.db);
    return (await db.pglite!.dumpDataDir('none')) as Blob;
  } finally {
    await db.close();
  }
}

/** Writes the snapshot file unless it exists (the global setup, once per run). */
export async function ensurePgliteSnapshotFile(): Promise<string> {
  const file = pgliteSnapshotFile();
  if (existsSync(file)) return file;
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await (await buildSnapshot()).arrayBuffer()));
  renameSync(tmp, file);
  return file;
}

let snapshot: Promise<Blob> | undefined;

/** A migrated PGlite, read once per worker (made here when no global setup wrote it): a new database then loads in under a second. */
async function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const file = pgliteSnapshotFile();
    return existsSync(file) ? new Blob([readFileSync(file)]) : buildSnapshot();
  })();
  return snapshot;
}

export async function freshPglite(): Promise<Database> {
  return openDatabase({ snapshot: await migratedSnapshot() });
}

/**
 * A migrated PGlite data directory at `dir` (a DATA_DIR's `pglite`), loaded from the snapshot in
 * under a second: an API started on it opens it as on any later start, instead of making and
 * migrating a cluster (seconds of CPU) when a test is not about the first start.
 */
export async function seedPgliteDir(dir: string): Promise<void> {
  const db = await openDatabase({ dataDir: dir, snapshot: await migratedSnapshot() });
  await db.close();
}

let template: Promise<string> | undefined;

/**
 * A migrated PostgreSQL database to copy, made once per migration set on the TEST_DATABASE_URL
 * server (named by a hash of the migrations' text, so a branch with other migrations makes its
 * own). Copying a template is one statement; migrating each test's database took eight
 * migrations' worth of round trips. A template left half-made is completed on each copy.
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `test_template_${migrationsHash()}`;
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
