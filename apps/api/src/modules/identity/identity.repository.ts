import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { isDatabaseUnavailable } from '../../lib/db-errors';

/** The account id of an address (stored lower-case), or null. */
export async function userIdByEmail(database: Database, email: string): Promise<string | null> {
  const row = await database.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

/** True when a trivial query fails because the database cannot be reached. */
export async function databaseUnreachable(database: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(database.db);
    return false;
  } catch (err) {
    return isDatabaseUnavailable(err);
  }
}
