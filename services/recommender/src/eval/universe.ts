import type { CatalogIndex, CatalogMovie } from '@app/catalog';

/** A movie the catalog lacks: no text, no votes, so the content model gives it nothing to match. */
export const emptyMovie = (id: number): CatalogMovie => ({
  id,
  imdb_id: null,
  tmdb_poster_path: null,
  tmdb_backdrop_path: null,
  title: '',
  original_title: '',
  original_language: '',
  overview: '',
  tagline: '',
  release_date: null,
  status: 'Released',
  runtime: null,
  budget: 0,
  revenue: 0,
  vote_average: 0,
  vote_count: 0,
  popularity: 0,
  poster_path: null,
  backdrop_path: '',
  genre_ids: [],
  production_companies: [],
  production_countries: [],
  collection: null,
  keywords: [],
});

/** The catalog's movies for the evaluated items (the ratings' universe), in the items' order. */
export const universeMoviesOf = (itemIds: readonly number[], catalog: CatalogIndex): CatalogMovie[] =>
  itemIds.map((id) => catalog.get(id) ?? emptyMovie(id));
