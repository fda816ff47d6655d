import { CATALOG_VERSION, CatalogIndex } from '@app/catalog';
import { movieFromDetails, type TmdbMovieDetails } from '@app/catalog/sync';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { IDS, syncWorld } from '../../../test/fixtures/tmdb-sync-world';
import { ChatEngine, type ConversationState } from './chat-engine';

/**
 * Names typed as people type them (issue 42: "films with meryl strep"): with a catalog that has
 * credits (a synced one), a lower-case or misspelt name after "with", "starring", "directed by"
 * or before "movies" is read as the person the catalog knows; ordinary words are not.
 */
const fresh = (): ConversationState => ({ suggested: [], lastPicks: [], lastIntent: null, lastSeed: null });
let engine: ChatEngine;

beforeAll(() => {
  const movies = [...syncWorld().details.values()].map((d) =>
    movieFromDetails(d as unknown as TmdbMovieDetails),
  );
  const catalog = new CatalogIndex({
    version: CATALOG_VERSION,
    built_at: '2026-11-26T00:00:00.000Z',
    source: { package: 'test', integrity: 'test' },
    stats: { rows: 0, kept: 0, malformed: 0, duplicates: 0, adult: 0, untitled: 0, obsolete_genre_refs: 0 },
    movies,
  });
  engine = new ChatEngine(catalog, null, undefined, {
    vectorsFile: join(mkdtempSync(join(tmpdir(), 'person-names-')), 'v.bin'),
  });
});

describe('people named in lower case or misspelt', () => {
  it.each([
    ['films with will smit', 'Will Smith'],
    ['any movies with vanessa hudgen?', 'Vanessa Hudgens'],
    ['tom hanks movies please', 'Tom Hanks'],
    ['something starring tom hanks', 'Tom Hanks'],
    ['directed by michael bay', 'Michael Bay'],
  ])('"%s" is a request for %s\'s films', async (message, name) => {
    const a = await engine.answer(message, fresh());
    expect(a.message).toContain(`with ${name}`);
    expect(a.picks.length).toBeGreaterThan(0);
  });

  it("only that person's films are shown (the sequel for its new cast member)", async () => {
    const a = await engine.answer('movies with vanessa hudgens', fresh());
    expect(a.picks.map((p) => p.movie.id)).toEqual([IDS.rideOrDie]);
    expect(a.message).toMatch(/Here is one film with Vanessa Hudgens/);
  });

  it('ordinary words after "with" or "by" are not a name', async () => {
    for (const message of [
      'a comedy to watch with my friends',
      'something by pixar',
      'an action film with a twist',
    ]) {
      const a = await engine.answer(message, fresh());
      expect(a.message, message).not.toMatch(/films? with [A-Z]|couldn't find anyone/);
    }
  });
});
