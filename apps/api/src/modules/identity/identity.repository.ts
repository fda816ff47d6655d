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

/** The account reads identity.routes.ts needs, bound to one database. */
export const accountLookup = (database: Database) => ({
  userIdByEmail: (email: string) => userIdByEmail(database, email),
  databaseUnreachable: () => databaseUnreachable(database),
});

/**
 * When the session `sessionId` of account `userId` expires, or null when there is no such session
 * (signed out, revoked by a password reset, or its account deleted: the rows cascade). Better
 * Auth's table is not in our schema types, hence the plain query.
 */
export async function sessionExpiry(
  database: Database,
  sessionId: string,
  userId: string,
): Promise<Date | null> {
  const { rows } = await sql<{ expiresAt: Date | string }>`
    select "expiresAt" from "session" where "id" = ${sessionId} and "userId" = ${userId}`.execute(
    database.db,
  );
  return rows[0] ? new Date(rows[0].expiresAt) : null;
}
