import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/database';
import { READ_CACHE_TTL_MS, type Generations } from '../../integrations/redis/user-generations';
import { sessionExpiry } from './identity.repository';

/** A session remembered alive: its account, and (shared) the account's generation when it was read. */
interface Alive {
  userId: string;
  generation?: string;
}

/** What a session check found: whether it is alive, and the user's generation it was checked under. */
export interface SessionCheck {
  active: boolean;
  /** With shared generations: the user's generation read by this check (null: Redis unreadable). */
  generation?: string;
}

/**
 * Whether the session an ID token was issued to (its `sid` claim) still exists (decision 0077).
 * Signing out, a password reset and deleting the account remove the session row, so every token
 * of that session stops working at once, on every instance: they all read the same table.
 *
 * With `remember` (the embedded database: one process sees every change) a session found alive is
 * remembered until it expires or Better Auth deletes it (`ended`, from its session hooks), so a
 * user route costs no query. With PostgreSQL and Redis (`generations`, decision 0091) it is
 * remembered under its user's generation, read from Redis on every check: ending a session, or
 * deleting the account, bumps that generation before it is answered, so every instance stops
 * trusting what it remembered at once; a session deleted behind Better Auth's back (SQL by hand)
 * is remembered for at most READ_CACHE_TTL_MS. With PostgreSQL alone every check asks the
 * database (one primary-key lookup).
 */
export class ActiveSessions {
  /** Session id → its account, for sessions known to be alive. */
  private readonly alive: LRUCache<string, Alive> | null;
  /** Bumped by each `ended`: a lookup that raced it does not remember what it read. */
  private generation = 0;
  private readonly generations: Generations | null;

  constructor(
    private readonly database: Database,
    opts: { remember: boolean; generations?: Generations | null },
  ) {
    this.generations = opts.generations ?? null;
    this.alive = opts.remember || this.generations ? new LRUCache({ max: 10_000 }) : null;
    this.generations?.onReset(() => this.alive?.clear());
  }

  /**
   * True when a session found alive also says its account exists: read from the database on
   * every check, or remembered under the user's generation (which deleting the account bumps).
   */
  get asksEveryTime(): boolean {
    return this.alive === null || this.generations !== null;
  }

  /** True when the session is known to be alive without asking the database (nor Redis). */
  known(sessionId: string, userId: string): boolean {
    return !this.generations && this.alive?.get(sessionId)?.userId === userId;
  }

  async active(sessionId: string, userId: string): Promise<boolean> {
    return (await this.check(sessionId, userId)).active;
  }

  async check(sessionId: string, userId: string): Promise<SessionCheck> {
    if (this.known(sessionId, userId)) return { active: true };
    // Shared: the user's generation first (before the database, so a row read before an ending
    // is remembered under the generation that ending replaced).
    const shared = this.generations ? await this.generations.current(userId) : undefined;
    const seen = typeof shared === 'string' ? { generation: shared } : {};
    if (typeof shared === 'string') {
      const hit = this.alive?.get(sessionId);
      if (hit?.userId === userId && hit.generation === shared) return { active: true, ...seen };
    }
    const generation = this.generation;
    const expires = await sessionExpiry(this.database, sessionId, userId);
    const left = expires ? expires.getTime() - Date.now() : 0;
    if (left <= 0) return { active: false };
    if (this.alive && generation === this.generation && shared !== null) {
      const ttl = shared === undefined ? left : Math.min(left, READ_CACHE_TTL_MS);
      this.alive.set(sessionId, { userId, ...(shared !== undefined ? { generation: shared } : {}) }, { ttl });
    }
    return { active: true, ...seen };
  }

  /**
   * A session was deleted (or, without an id, any number of them): forget what was remembered.
   * With the account's id and shared generations, every instance forgets it before this resolves.
   */
  ended(sessionId?: string, userId?: string): Promise<void> {
    this.generation++;
    if (sessionId) this.alive?.delete(sessionId);
    else this.alive?.clear();
    return userId && this.generations ? this.generations.bump(userId) : Promise.resolve();
  }
}
