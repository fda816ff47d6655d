import { describe, expect, it } from 'vitest';
import { emptyMovie, universeMoviesOf } from '../src/eval/universe';
import { catalogOf, movie } from './fixture';

describe(universeMoviesOf.name, () => {
  it("gives the catalog's movies in the items' order, and a blank movie for one it lacks", () => {
    const catalog = catalogOf([movie(1, { title: 'One' }), movie(2, { title: 'Two' })]);
    const movies = universeMoviesOf([2, 99, 1], catalog);
    expect(movies.map((m) => m.title)).toEqual(['Two', '', 'One']);
    expect(movies[1]).toEqual(emptyMovie(99));
    expect(movies[1]).toMatchObject({ id: 99, vote_count: 0, keywords: [], genre_ids: [] });
  });
});
