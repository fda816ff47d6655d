import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';

describe('the embedded database', () => {
  it('runs with a 16 MB buffer cache (not PostgreSQL’s 128 MB) and keeps what it wrote', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-settings-'));
    try {
      let db = await openDatabase({ dataDir: dir });
      const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(db.db);
      expect(rows[0]!.shared_buffers).toBe('16MB');
      await sql`create table kept (n integer)`.execute(db.db);
      await sql`insert into kept values (42)`.execute(db.db);
      await db.close();
      db = await openDatabase({ dataDir: dir });
      expect((await sql<{ n: number }>`select n from kept`.execute(db.db)).rows).toEqual([{ n: 42 }]);
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000); // two PGlite starts, one with initdb: slow on a loaded machine
});
