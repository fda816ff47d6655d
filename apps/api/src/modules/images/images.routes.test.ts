import type { CatalogMovie } from '@app/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { genreLabel, motifOf, MOTIF_COUNT, posterSvg, wrapTitle } from './svg-art';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('offline images', () => {
  it('serves a generated SVG poster with the title and year, sized as asked', async () => {
    const res = await t.app.inject({ url: '/api/images/w500/poster-157336.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toContain('max-age');
    expect(res.body).toContain('>Interstellar<');
    expect(res.body).toContain('>2014<');
    expect(res.body).toContain('width="500" height="750"');
    const small = await t.app.inject({ url: '/api/images/w92/poster-157336.svg' });
    expect(small.body).toContain('width="92" height="138"');
  });

  it('serves a backdrop for every movie, and escapes titles', async () => {
    const res = await t.app.inject({ url: '/api/images/original/backdrop-155.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('width="1280" height="720"');
    const withAmp = [...t.catalog!.byId.values()].find((m) => m.title.includes('&'))!;
    const amp = await t.app.inject({ url: `/api/images/original/backdrop-${withAmp.id}.svg` });
    expect(amp.body).toContain('&amp;');
    expect(amp.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it.each([
    ['/api/images/w500/poster-999999999.svg', 404],
    ['/api/images/w999/poster-155.svg', 400],
    ['/api/images/w500/evil.svg', 400],
    ['/api/images/w500/..%2F..%2Fetc%2Fpasswd', 400],
  ])('%s → %i', async (url, status) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('has no poster where TMDB had none (the UI shows its placeholder)', async () => {
    const noPoster = [...t.catalog!.byId.values()].find((m) => m.poster_path === null)!;
    expect((await t.app.inject({ url: `/api/images/w500/poster-${noPoster.id}.svg` })).statusCode).toBe(404);
  });
});

describe(wrapTitle.name, () => {
  it('wraps words, cuts long words and ends overflow with an ellipsis', () => {
    expect(wrapTitle('The Lord of the Rings', 10, 3)).toEqual(['The Lord', 'of the', 'Rings']);
    expect(wrapTitle('Supercalifragilistic', 8, 2)).toEqual(['Superca…']);
    expect(wrapTitle('a b c d e f', 1, 2)).toEqual(['a', '…']);
  });
});

/** A film of the catalog, as the generator gets it. */
const base: CatalogMovie = {
  id: 1,
  imdb_id: null,
  title: 'A',
  original_title: 'A',
  original_language: 'en',
  overview: '',
  tagline: '',
  release_date: '2001-01-01',
  status: 'Released',
  runtime: 90,
  budget: 0,
  revenue: 0,
  vote_average: 7,
  vote_count: 10,
  popularity: 1,
  poster_path: '/poster-1.svg',
  backdrop_path: '/backdrop-1.svg',
  tmdb_poster_path: null,
  tmdb_backdrop_path: null,
  genre_ids: [878, 18],
  production_companies: [],
  production_countries: [],
  collection: null,
  keywords: [],
};

describe(posterSvg.name, () => {
  it('sets the genre, title and year in the upper part, clear of the card overlay below', () => {
    const long = posterSvg(
      { ...base, title: 'The Lord of the Rings: The Fellowship of the Ring and More' },
      'w500',
    );
    const ys = [...long.matchAll(/<text x="40" y="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ys.length).toBeGreaterThanOrEqual(4); // genre, title lines, year
    // The card's hover overlay covers the lower 40% of a 750-high poster.
    expect(Math.max(...ys)).toBeLessThan(750 * 0.6);
    expect(long).toContain('>SCIENCE FICTION · DRAMA<');
    expect(long).toContain('>2001<');
  });

  it('differs between films: palette from the genres, composition from the id', () => {
    const drama = posterSvg({ ...base, genre_ids: [18] }, 'w500');
    const horror = posterSvg({ ...base, genre_ids: [27] }, 'w500');
    expect(drama).not.toBe(horror);
    const shapes = (svg: string) => svg.replace(/<text[\s\S]*$/, '');
    const variants = new Set([1, 2, 3, 4, 5].map((id) => shapes(posterSvg({ ...base, id }, 'w500'))));
    expect(variants.size).toBe(5);
  });

  it('draws from many motifs, spread over neighbouring ids (a row rarely repeats one)', () => {
    expect(MOTIF_COUNT).toBeGreaterThanOrEqual(12);
    // Every motif is used, none by much more than its share, over a run of consecutive ids
    // and over ids a catalog has (sparse, large).
    for (const ids of [
      Array.from({ length: 3000 }, (_, i) => i + 1),
      Array.from({ length: 3000 }, (_, i) => 100_000 + i * 37),
    ]) {
      const counts = new Array<number>(MOTIF_COUNT).fill(0);
      for (const id of ids) counts[motifOf(id)]!++;
      expect(Math.min(...counts)).toBeGreaterThan((ids.length / MOTIF_COUNT) * 0.6);
      expect(Math.max(...counts)).toBeLessThan((ids.length / MOTIF_COUNT) * 1.4);
    }
    // Twenty neighbours (a row of cards) show at least eight different motifs.
    const row = new Set(Array.from({ length: 20 }, (_, i) => motifOf(550 + i)));
    expect(row.size).toBeGreaterThanOrEqual(8);
  });

  it('labels a film with its genres, not its first genre alone, as many as fit', () => {
    expect(genreLabel([18, 35, 10749])).toBe('DRAMA · COMEDY · ROMANCE');
    expect(genreLabel([878, 53, 28])).toBe('SCIENCE FICTION · THRILLER');
    expect(genreLabel([])).toBe('FILM');
    const comedy = posterSvg({ ...base, genre_ids: [18, 35] }, 'w500');
    expect(comedy).toContain('>DRAMA · COMEDY<');
  });
});
