import { DEFAULT_SETTINGS, type UserSettings, type UserSettingsPatch } from '@app/contracts';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/** All SQL of the per-account settings and of what they hide. */
export class SettingsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** The user's settings; the defaults when they never changed one (no row). */
  async get(userId: string): Promise<UserSettings> {
    const row = await this.db
      .selectFrom('user_settings')
      .select(['hide_watched', 'hide_liked', 'hide_listed', 'country'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ?? { ...DEFAULT_SETTINGS };
  }

  /** Writes the given settings (creating the row with defaults for the others) and answers all of them. */
  async update(userId: string, patch: UserSettingsPatch): Promise<UserSettings> {
    const set = Object.fromEntries(
      Object.entries(patch).filter(([, v]) => v !== undefined),
    ) as Partial<UserSettings>;
    return this.db
      .insertInto('user_settings')
      .values({ user_id: userId, ...set })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...set, updated_at: sql`now()` }))
      .returning(['hide_watched', 'hide_liked', 'hide_listed', 'country'])
      .executeTakeFirstOrThrow();
  }

  /**
   * The ids of the films these settings hide for the user, in one query: the films they have seen
   * (watched, rated or in the diary: a person who rated a film has seen it, decisions/0081); with
   * `hide_liked` liked ones; with `hide_listed` those on the watchlist or in any of their playlists.
   */
  async hiddenIds(userId: string, s: UserSettings): Promise<number[]> {
    if (!s.hide_watched) return [];
    return this.ids(userId, s.hide_liked, s.hide_listed, true);
  }

  /**
   * The films the user has seen by their own account, whatever the settings: watched, liked,
   * rated or in the diary (what the chat leaves out of its picks for them).
   */
  seenIds(userId: string): Promise<number[]> {
    return this.ids(userId, true, false, true);
  }

  private async ids(userId: string, liked: boolean, listed: boolean, logged: boolean): Promise<number[]> {
    const rows = await sql<{ tmdb_id: number }>`
      select tmdb_id from watch_status where user_id = ${userId} and status = 'watched'
      union select tmdb_id from likes where user_id = ${userId} and ${liked}
      union select tmdb_id from watch_status
        where user_id = ${userId} and status = 'want_to_watch' and ${listed}
      union select pm.tmdb_id from playlist_movies pm join playlists p on p.id = pm.playlist_id
        where p.user_id = ${userId} and ${listed}
      union select tmdb_id from ratings where user_id = ${userId} and ${logged}
      union select tmdb_id from diary_entries where user_id = ${userId} and ${logged}`.execute(this.db);
    return rows.rows.map((r) => Number(r.tmdb_id));
  }
}
