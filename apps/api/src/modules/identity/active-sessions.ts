import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/database';
import { sessionExpiry } from './identity.repository';

/**
 * Whether the session an ID token was issued to (its `sid` claim) still exists (decision 0077).
 * Signing out, a password reset and deleting the account remove the session row, so every token
 * of that session stops working at once, on every instance: they all read the same table.
 *
 * With `remember` (the embedded database: one process sees every change) a session found alive is
 * remembered until it expires or Better Auth deletes it (`ended`, from its session hooks), so a
 * user route costs no query; with PostgreSQL (several instances may share it) every check asks
 * the database (one primary-key lookup).
 */
export class ActiveSessions {
  /** Session id → its account, for sessions known to be alive. */
  private readonly alive: LRUCache<string, string> | null;
  /** Bumped by each `ended`: a lookup that raced it does not remember what it read. */
  private generation = 0;

  constructor(
    private readonly database: Database,
    opts: { remember: boolean },
  ) {
    this.alive = opts.remember ? new LRUCache({ max: 10_000 }) : null;
  }

  /** True when every check asks the database (so a live session there vouches for its account). */
  get asksEveryTime(): boolean {
    return this.alive === null;
  }

  /** True when the session is known to be alive without asking the database. */
  known(sessionId: string, userId: string): boolean {
    return this.alive?.get(sessionId) === userId;
  }

  async active(sessionId: string, userId: string): Promise<boolean> {
    if (this.known(sessionId, userId)) return true;
    const generation = this.generation;
    const expires = await sessionExpiry(this.database, sessionId, userId);
    const left = expires ? expires.getTime() - Date.now() : 0;
    if (left <= 0) return false;
    if (this.alive && generation === this.generation) this.alive.set(sessionId, userId, { ttl: left });
    return true;
  }

  /** A session was deleted (or, without an id, any number of them): forget what was remembered. */
  ended(sessionId?: string): void {
    this.generation++;
    if (sessionId) this.alive?.delete(sessionId);
    else this.alive?.clear();
  }
}
