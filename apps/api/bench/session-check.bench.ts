/**
 * What the session check (decision 0077) costs a user route's guard, as the library's routes are
 * wired, for a token that already verified (its signature check cached, as for an app's repeated
 * requests). Before: the account check alone (a query with PostgreSQL, a cached read on the
 * embedded PGlite). Now: with PostgreSQL the session query (which vouches for the account: the
 * account query is skipped); on PGlite the remembered session, then the cached account read.
 * `no check` is what GET /api/user/for-you did before. Rounds alternate; the median of each is
 * reported in microseconds per request.
 * Usage: npx tsx bench/session-check.bench.ts [requests per round] [rounds]; with BENCH_DATABASE_URL
 * (an empty PostgreSQL database) on PostgreSQL instead of PGlite.
 */
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { ActiveSessions } from '../src/modules/identity/active-sessions';
import { requireVerifiedUser } from '../src/modules/identity/auth-guard';
import { TokenVerifier, type AuthUser } from '../src/modules/identity/token-verifier';
import { LibraryReadCache } from '../src/modules/library/library-read-cache';
import { LibraryRepository } from '../src/modules/library/library.repository';

const perRound = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 7);

const pgUrl = process.env.BENCH_DATABASE_URL;
const db = await openDatabase(pgUrl ? { url: pgUrl } : {});
await migrateToLatest(db.db);
const user: AuthUser = {
  uid: 'u1',
  email: 'u1@example.com',
  displayName: null,
  emailVerified: true,
  sid: 's1',
};
await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
  values ('u1', 'U', 'u1@example.com', true, now(), now())`.execute(db.db);
await sql`insert into "session" (id, "expiresAt", token, "createdAt", "updatedAt", "userId")
  values ('s1', now() + interval '7 days', 't1', now(), now(), 'u1')`.execute(db.db);

/** A verifier whose token is already verified (the cached case), with or without session checks. */
class CachedVerifier extends TokenVerifier {
  override verify(): Promise<AuthUser> {
    return Promise.resolve(user);
  }
}
const url = new URL('http://127.0.0.1:9/api/auth/jwks');
const repo = new LibraryRepository(db.db);
const readCache = new LibraryReadCache();
const accountExists = pgUrl
  ? (uid: string) => repo.userExists(uid)
  : (uid: string) => readCache.read(uid, 'account-exists', () => repo.userExists(uid));
const variants = {
  'no check': requireVerifiedUser(new CachedVerifier(url, 'x', 'x')),
  'before: account check': requireVerifiedUser(new CachedVerifier(url, 'x', 'x'), accountExists),
  'now: session check': requireVerifiedUser(
    new CachedVerifier(url, 'x', 'x', new ActiveSessions(db, { remember: !pgUrl })),
    accountExists,
  ),
};
const request = { headers: { authorization: 'Bearer t' } } as never;

const results: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
for (let round = -1; round < rounds; round++) {
  for (const [name, guard] of Object.entries(variants)) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < perRound; i++) await guard(request);
    const us = Number(process.hrtime.bigint() - start) / 1000 / perRound;
    if (round >= 0) results[name]!.push(us); // round -1 warms up
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, xs] of Object.entries(results))
  console.log(`${name.padEnd(24)} ${median(xs).toFixed(1).padStart(8)} µs/request (median of ${rounds})`);
await db.close();
