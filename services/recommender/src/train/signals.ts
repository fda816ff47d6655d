import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export type Signal = { user: string; item: number; timestamp: number };

/** The API's export (DATA_DIR/signals/signals.jsonl), written every 10 minutes while it runs. */
export function readSignalsFile(file: string): Signal[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Signal];
      } catch {
        return []; // a torn or foreign line is skipped, not fatal
      }
    })
    .filter((s) => typeof s.user === 'string' && Number.isInteger(s.item) && Number.isFinite(s.timestamp));
}

export const defaultSignalsFile = (dataDir: string) => join(dataDir, 'signals', 'signals.jsonl');

/**
 * The product's own implicit feedback, read from the API's PostgreSQL database: likes, watched and
 * watchlist entries, and playlist entries, each as (user, movie, time). With the embedded PGlite
 * database (one process only), the API's database cannot be opened from here; pass a
 * PostgreSQL URL (`--signals postgres://…`, the API's DATABASE_URL) to include them.
 */
export async function readProductSignals(
  url: string,
): Promise<{ user: string; item: number; timestamp: number }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ user_id: string; tmdb_id: number; at: Date }>(`
      select user_id, tmdb_id, created_at as at from likes
      union all select user_id, tmdb_id, updated_at from watch_status
      union all select p.user_id, pm.tmdb_id, pm.added_at from playlist_movies pm join playlists p on p.id = pm.playlist_id`);
    return rows.map((r) => ({
      user: r.user_id,
      item: r.tmdb_id,
      timestamp: Math.floor(new Date(r.at).getTime() / 1000),
    }));
  } finally {
    await client.end();
  }
}
