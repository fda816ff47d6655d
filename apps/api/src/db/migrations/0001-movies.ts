import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('movies')
    .addColumn('tmdb_id', 'integer', (c) => c.primaryKey().check(sql`tmdb_id > 0`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('overview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('poster_path', 'text')
    .addColumn('backdrop_path', 'text')
    .addColumn('release_date', 'text')
    .addColumn('vote_average', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('movies').execute();
}
