import { sql, type Kysely } from 'kysely';

// One tag: no leading or trailing space, no comma, no control character, 1–50 characters. The tags
// are joined with chr(1), a control character no tag may hold, so each piece is exactly one tag.
const TAG = '[^[:space:],[:cntrl:]]([^,[:cntrl:]]{0,48}[^[:space:],[:cntrl:]])?';
const TAGS_PATTERN = `^${TAG}(\\u0001${TAG})*$`;

/**
 * Tags on diary entries (decision 0082), as Letterboxd has them: at most 20 per entry, each 1–50
 * characters, trimmed, without a comma (Letterboxd's CSV joins them with commas) or a line break.
 * The contracts' DiaryTags says the same; a migration keeps its own copy of the bounds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table diary_entries
    add column tags text[] not null default '{}',
    add constraint diary_entries_tags_check check (
      cardinality(tags) <= 20
      and array_position(tags, null) is null
      and (cardinality(tags) = 0 or array_to_string(tags, chr(1)) ~ ${sql.lit(TAGS_PATTERN)}))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table diary_entries drop column tags`.execute(db);
}
