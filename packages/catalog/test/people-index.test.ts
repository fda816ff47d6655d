import { describe, expect, it } from 'vitest';
import { CatalogIndex } from '../src/catalog-index';
import {
  boundedEditDistance,
  buildPeopleIndex,
  normalizePersonName,
  PeopleIndexBuilder,
  peopleIndexOf,
  preparePeopleIndex,
} from '../src/people-index';
import type { CatalogFile, CatalogMovie } from '../src/types';

type Credits = {
  cast?: { id: number; name: string; character: string; order: number }[];
  directors?: { id: number; name: string }[];
  writers?: { id: number; name: string }[];
};

function movie(id: number, title: string, votes: number, credits: Credits = {}): CatalogMovie {
  return {
    id,
    imdb_id: null,
    title,
    original_title: title,
    original_language: 'en',
    overview: '',
    tagline: '',
    release_date: '2010-01-01',
    status: 'Released',
    runtime: 100,
    budget: 0,
    revenue: 0,
    vote_average: 7,
    vote_count: votes,
    popularity: votes / 10,
    poster_path: null,
    backdrop_path: `/backdrop-${id}.svg`,
    tmdb_poster_path: null,
    tmdb_backdrop_path: null,
    genre_ids: [18],
    production_companies: [],
    production_countries: [],
    collection: null,
    keywords: [],
    ...credits,
  } as CatalogMovie;
}

const streep = { id: 5064, name: 'Meryl Streep' };
const hanks = { id: 31, name: 'Tom Hanks' };
const cast = (p: { id: number; name: string }, character: string, order = 0) => ({ ...p, character, order });

const MOVIES = [
  movie(1, 'The Post', 4000, {
    cast: [cast(streep, 'Kay Graham'), cast(hanks, 'Ben Bradlee', 1)],
    directors: [{ id: 488, name: 'Steven Spielberg' }],
    writers: [{ id: 900, name: 'Liz Hannah' }],
  }),
  movie(2, 'The Devil Wears Prada', 9000, { cast: [cast(streep, 'Miranda Priestly')] }),
  movie(3, 'Cast Away', 8000, {
    cast: [cast(hanks, 'Chuck Noland')],
    directors: [{ id: 24, name: 'Robert Zemeckis' }],
  }),
  // A namesake a typo away, less known: the famous one wins an equal match.
  movie(4, 'An Obscure Film', 3, { cast: [cast({ id: 77, name: 'Meryl Strep' }, 'Someone')] }),
  movie(5, 'Psycho', 9500, {
    directors: [{ id: 2636, name: 'Alfred Hitchcock' }],
    cast: [cast({ id: 2637, name: 'Anthony Perkins' }, 'Norman Bates')],
  }),
  movie(6, 'Amélie', 7000, { cast: [cast({ id: 3000, name: 'Audrey Tautou' }, 'Amélie Poulain')] }),
  movie(7, 'A film without credits', 100),
];

const index = () => {
  const b = new PeopleIndexBuilder(MOVIES);
  b.add(0, MOVIES.length);
  return b.finish();
};

describe('PeopleIndex', () => {
  it('looks a person up by id: their films, best known first, with their character or job', () => {
    const people = index();
    expect(people.size).toBe(9);
    const p = people.get(5064)!;
    expect(p.name).toBe('Meryl Streep');
    expect(p.films.map((f) => [f.movie.title, f.job, f.character])).toEqual([
      ['The Devil Wears Prada', 'cast', 'Miranda Priestly'],
      ['The Post', 'cast', 'Kay Graham'],
    ]);
    expect(people.films(488).map((m) => m.title)).toEqual(['The Post']);
    expect(people.get(488)!.films[0]!.job).toBe('director');
    expect(people.films(31, 'cast').map((m) => m.id)).toEqual([3, 1]);
    expect(people.get(123456)).toBeUndefined();
  });

  it('finds a name typed in lower case, without accents, or with one or two typos', () => {
    const people = index();
    expect(people.find('Meryl Streep')).toEqual({ id: 5064, name: 'Meryl Streep', edits: 0 });
    expect(people.find('meryl streep')?.id).toBe(5064);
    expect(people.find('MERYL STREEP')?.id).toBe(5064);
    // The far better known Meryl Streep a typo away, before an obscure namesake typed exactly.
    expect(people.find('meryl strep')).toMatchObject({ id: 5064, edits: 1 });
    expect(people.search('meryl strep').map((m) => m.id)).toEqual([5064, 77]);
    expect(people.find('meryl streeep')?.id).toBe(5064);
    expect(people.find('merly streep')).toMatchObject({ id: 5064, edits: 1 }); // two letters swapped
    expect(people.find('tom hnaks')?.id).toBe(31);
    expect(people.find('alfred hitchcok')?.id).toBe(2636);
    expect(people.find('hitchcock')?.id).toBe(2636);
    expect(people.find('stephen spielberg')).toMatchObject({ id: 488, edits: 2 });
    expect(people.find('steven spilbreg')).toMatchObject({ id: 488, edits: 2 });
    expect(people.find('audrey tautou')?.id).toBe(3000);
    expect(people.find('Audrey Taütou')?.id).toBe(3000);
  });

  it('finds nobody for a name too far from every name, or a short word with a typo', () => {
    const people = index();
    expect(people.find('keanu reeves')).toBeNull();
    expect(people.find('tim hanks')).toBeNull(); // "tim": three letters, no typo allowed
    expect(people.find('')).toBeNull();
    expect(people.search('meryl xyzzy')).toEqual([]);
  });

  it('a catalog without credits (the offline dataset) has an empty index', async () => {
    const file: CatalogFile = {
      version: 6,
      built_at: 'x',
      source: { package: 't', integrity: 't' },
      stats: { rows: 1, kept: 1, malformed: 0, duplicates: 0, adult: 0, untitled: 0, obsolete_genre_refs: 0 },
      movies: [movie(7, 'A film without credits', 100)],
    };
    const catalog = new CatalogIndex(file);
    expect(peopleIndexOf(catalog).size).toBe(0);
    expect(peopleIndexOf(catalog).find('meryl streep')).toBeNull();
  });

  it('is built in slices, and kept with its catalog', async () => {
    let pauses = 0;
    const sliced = await buildPeopleIndex(MOVIES, {
      slice: 2,
      pause: async () => {
        pauses++;
      },
    });
    expect(pauses).toBe(5); // 4 slices of 2 movies, then the search lists
    expect(sliced.find('meryl streep')?.id).toBe(5064);
    const file: CatalogFile = {
      version: 6,
      built_at: 'y',
      source: { package: 't', integrity: 't' },
      stats: { rows: 7, kept: 7, malformed: 0, duplicates: 0, adult: 0, untitled: 0, obsolete_genre_refs: 0 },
      movies: MOVIES,
    };
    const catalog = new CatalogIndex(file);
    const made = await preparePeopleIndex(catalog);
    expect(peopleIndexOf(catalog)).toBe(made);
    expect(made.films(2636).map((m) => m.title)).toEqual(['Psycho']);
  });
});

describe(boundedEditDistance.name, () => {
  it.each([
    ['strep', 'streep', 2, 1],
    ['merly', 'meryl', 2, 1],
    ['spilbreg', 'spielberg', 2, 2],
    ['abc', 'abc', 1, 0],
    ['kitten', 'sitting', 2, 3], // past the bound: bound + 1
    ['a', 'abcd', 1, 2],
  ])('%s → %s (max %i) = %i', (a, b, max, d) => {
    expect(boundedEditDistance(a, b, max)).toBe(d);
  });
  it('normalizes names for matching', () => {
    expect(normalizePersonName("  Renée  O'Connor ")).toBe('renee o connor');
  });
});
