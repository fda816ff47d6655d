import { sql, type Kysely } from 'kysely';

/**
 * The country "Where to watch" is shown for (decision 0095): null until the user picks one (the
 * browser's languages decide, else US). An ISO 3166-1 alpha-2 code in capitals; the contracts'
 * WATCH_COUNTRIES narrows it to the regions TMDB covers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table user_settings
    add column country text,
    add constraint user_settings_country_check check (country ~ '^[A-Z]{2}$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table user_settings drop column country`.execute(db);
}
