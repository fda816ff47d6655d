import { describe, expect, it } from 'vitest';
import { buildCatalogFromCsv } from '../src/build';
import { csv } from './fixture-csv';

const KEYWORDS = [
  'id,keywords',
  `1,"[{'id': 1, 'name': 'Heist'}, {'id': 2, 'name': 'time travel'}]"`,
  `1,"[{'id': 3, 'name': 'heist'}, {'id': 4, 'name': 'Space'}]"`,
  `2,"[{'id': 5, 'name': ""children's book""}]"`,
  `x,"[]"`,
].join('\n');

describe(buildCatalogFromCsv.name, () => {
  const moviesCsv =
    csv([
      { id: 1, title: 'Heat', genres: "[{'id': 80, 'name': 'Crime'}, {'id': 10769, 'name': 'Foreign'}]" },
      { id: 2, title: 'Second', poster_path: '' },
      { id: 1, title: 'Heat duplicate' },
      { id: 3, title: 'Adult title', adult: 'True' },
      { id: 4, title: '', original_title: 'Original Only' },
      { id: 5, title: '', original_title: '' },
      { id: 6, title: 'Bad date', release_date: '2001-13-45', runtime: '0.0' },
      {
        id: 7,
        title: 'Collected',
        collection: "{'id': 9, 'name': 'A Collection', 'poster_path': None, 'backdrop_path': '/b.jpg'}",
        countries:
          "[{'iso_3166_1': 'MX', 'name': 'Mexico'}, {'iso_3166_1': 'ES', 'name': 'Spain'}, {'name': 'nowhere'}]",
      },
    ]) +
    // A malformed row of the real dataset: the columns are shifted, so "id" holds a date.
    '\n- Written by Ørnås,0.065736,/ff9qCepilowshEtG2GYWwzt2bs4.jpg,"[{\'name\': \'Carousel Productions\', \'id\': 11176}]","[]",1997-08-20,0,104.0,"[]",Released,,Midnight Man,False,6.0,1,,,,,,,,,';

  const built = buildCatalogFromCsv(moviesCsv, KEYWORDS);
  const byId = new Map(built.movies.map((m) => [m.id, m]));

  it('counts what it dropped and why', () => {
    expect(built.stats).toMatchObject({
      malformed: 1,
      duplicates: 1,
      adult: 1,
      untitled: 1,
      obsolete_genre_refs: 1,
    });
    expect([...byId.keys()].sort()).toEqual([1, 2, 4, 6, 7]);
  });

  it('keeps the first of duplicate ids and only the 19 spec genres', () => {
    expect(byId.get(1)!.title).toBe('Heat');
    expect(byId.get(1)!.genre_ids).toEqual([80]);
  });

  it('merges keywords of repeated rows, lower-cased and unique', () => {
    expect(byId.get(1)!.keywords).toEqual(['heist', 'time travel', 'space']);
    expect(byId.get(2)!.keywords).toEqual(["children's book"]);
    expect(byId.get(4)!.keywords).toEqual([]);
  });

  it('falls back to the original title, and nulls what is not a valid date or runtime', () => {
    expect(byId.get(4)!.title).toBe('Original Only');
    expect(byId.get(6)!.release_date).toBeNull();
    expect(byId.get(6)!.runtime).toBeNull();
    expect(byId.get(1)!.runtime).toBe(100);
  });

  it('gives generated art paths, and no poster where TMDB had none', () => {
    expect(byId.get(1)!.poster_path).toBe('/poster-1.svg');
    expect(byId.get(1)!.backdrop_path).toBe('/backdrop-1.svg');
    expect(byId.get(2)!.poster_path).toBeNull();
  });

  it("keeps TMDB's image paths for the image CDN: the poster, and the collection's backdrop", () => {
    expect(byId.get(1)!.tmdb_poster_path).toBe('/abc.jpg');
    expect(byId.get(2)!.tmdb_poster_path).toBeNull();
    expect(byId.get(7)!.tmdb_backdrop_path).toBe('/b.jpg');
    expect(byId.get(1)!.tmdb_backdrop_path).toBeNull();
  });

  it('reads companies, countries and collections', () => {
    expect(byId.get(1)!.production_companies).toEqual([{ id: 7, name: 'Studio' }]);
    expect(byId.get(1)!.production_countries).toEqual(['US']);
    expect(byId.get(7)!.production_countries).toEqual(['MX', 'ES']);
    expect(byId.get(7)!.collection).toEqual({ id: 9, name: 'A Collection' });
    expect(byId.get(1)!.collection).toBeNull();
  });
});
