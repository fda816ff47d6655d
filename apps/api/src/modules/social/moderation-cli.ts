import { loadConfig } from '../../config/env';
import { migrateToLatest, openDatabase, type Database } from '../../db/database';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  listReported,
  ModerationError,
  removeReview,
  restoreReview,
  type ReportedReview,
} from './moderation';

/**
 * `npm run moderation -w apps/api -- list [--all] | restore <reviewId> | remove <reviewId>`
 * (decision 0100), on the database the API uses (DATABASE_URL, else the PGlite data dir: stop
 * the API first then, since an embedded database has one process). Exit 0 done, 1 refused, 2 usage.
 */
const USAGE = `Usage: npm run moderation -w apps/api -- <command>
  list [--all]         reviews hidden after reports (--all: every review with an open report)
  restore <reviewId>   show it again: its open reports are dismissed
  remove <reviewId>    delete the review's text (the rating stays), its likes and reports`;

function describe(r: ReportedReview): string {
  const reasons = Object.entries(r.reasons)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const text = r.review.length > 160 ? `${r.review.slice(0, 159)}…` : r.review;
  return [
    `${r.id}  ${r.hidden ? 'HIDDEN' : 'shown'}  ${r.open_reports} report(s) (${reasons}), last ${r.last_report_at}`,
    `  ${r.username ?? '(no username)'} on ${r.title} (${r.tmdb_id}), ${r.rating}★: ${JSON.stringify(text)}`,
    ...r.notes.map((n) => `  note: ${JSON.stringify(n)}`),
  ].join('\n');
}

/**
 * The database the API uses, migrated. An embedded database has one process: while the API holds
 * it (PGlite's postmaster.pid is there) the command refuses rather than open it a second time.
 */
async function openConfigured(): Promise<Pick<Database, 'db' | 'close'>> {
  const config = loadConfig();
  const dataDir = join(config.dataDir, 'pglite');
  if (!config.env.DATABASE_URL && existsSync(join(dataDir, 'postmaster.pid')))
    throw new ModerationError(
      `The embedded database in ${dataDir} is open (is the API running?). Stop the API first, or set DATABASE_URL.`,
    );
  const database = await openDatabase(
    config.env.DATABASE_URL ? { url: config.env.DATABASE_URL } : { dataDir },
  );
  await migrateToLatest(database.db);
  return database;
}

export async function run(
  argv: string[],
  {
    out = console.log,
    open = openConfigured,
  }: { out?: (text: string) => void; open?: typeof openConfigured } = {},
): Promise<number> {
  const [command, arg, ...rest] = argv;
  const valid =
    (command === 'list' && (arg === undefined || arg === '--all') && rest.length === 0) ||
    ((command === 'restore' || command === 'remove') && arg !== undefined && rest.length === 0);
  if (!valid) {
    out(USAGE);
    return 2;
  }
  let database: Awaited<ReturnType<typeof open>> | undefined;
  try {
    database = await open();
    if (command === 'list') {
      const rows = await listReported(database.db, { all: arg === '--all' });
      out(rows.length === 0 ? 'No reported reviews.' : rows.map(describe).join('\n\n'));
    } else {
      const done =
        command === 'restore'
          ? await restoreReview(database.db, arg!)
          : await removeReview(database.db, arg!);
      out(done.message);
    }
    return 0;
  } catch (err) {
    if (err instanceof ModerationError) {
      out(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database?.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
